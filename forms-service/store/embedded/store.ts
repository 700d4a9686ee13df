import { randomBytes, randomUUID } from 'node:crypto'
import { constants } from 'node:fs'
import { access, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Low, Memory } from 'lowdb'
import type { EmailHoldReason, InboxChange, InboxStatus } from '../../../contract/wire/inbox.js'
import type { OverviewData, OverviewWindow } from '../overviewQuery.js'
import { embeddedOverviewData } from './overviewQuery.js'
import {
  StoreNotEmptyError,
  type Arrival,
  submissionKeyMs,
  type ConsultationFields,
  type ContactFields,
  type EmailsOwed,
  type EmailUpdate,
  type FormStore,
  type StoreMaintenance,
  type StoreOptions,
} from '../formStore.js'
import { memoryCoordination } from './coordination.js'
import { acquireLock } from './lock.js'
import { DurableFile, lockFileOf } from './durableFile.js'
import {
  byAddress,
  countByStatus,
  countOverdue,
  listRecords,
  receivedBetween,
  newestFirst,
  type InboxCollection,
  type InboxRecord,
  type ListQuery,
  type Page,
} from '../inboxQuery.js'
import { lastUseDue } from '../apiTokens.js'
import { longerBlock, recipientAfter, releasedRecord, strangerWindows, type CaughtPost, type RecipientEvent, type StrangerCounts } from '../addresses.js'
import type { BlockKind, UnblockedPost } from '../../../contract/wire/blockList.js'
import type { ApiTokenScope } from '../../../contract/wire/apiTokens.js'
import { noEmails } from '../inboxStore.js'
import type {
  ApiTokenRecord,
  BlockedPostRecord,
  BlockRecord,
  RecipientRecord,
  Change,
  Collection,
  RecordCollection,
  ConsultationRecord,
  ContactRecord,
  Data,
  EmailRecord,
  StoredRecord,
  SubscriberRecord,
} from '../records.js'
import { collections, emptyData } from '../records.js'
import { Tables } from './tables.js'
import { fsyncDirOf, isMissing } from '../files.js'
import { MeetingIndex } from './meetingIndex.js'
import { CapIndex } from './capIndex.js'
import {
  BookingCapError,
  newLinkKey,
  takesStart,
  WindowFullError,
  type BookedConsultation,
  type BookingCaps,
  type BookingRequest,
  type MeetingChangeRequest,
  type MeetingChangeResult,
  type MeetingHold,
  type ScheduledEmail,
  type SlotRequest,
} from '../meetings.js'
import { arrivingRecord, planBooking, planMeetingChange, refusal, triageSet } from '../plans.js'
import type { BookingSettings } from '../../../contract/booking/booking.js'
import { meetingFollowingLead, withMeetingCancelled } from '../leadMeeting.js'
import type { LeadArrival, LeadFollow, Subscription } from '../inboxStore.js'
import type { PersonKeys } from '../../../contract/booking/person.js'

/** How changes reach the store: on disk before the promise resolves, or (benchmarks) only in memory. */
interface CommitLog {
  append(entry: Change | { changes: Change[] }): Promise<void>
  barrier(): Promise<void>
}

export interface EmbeddedStoreOptions extends StoreOptions {
  /** Fold the journal into the snapshot once it is this large, and at least as large as the snapshot. */
  compactJournalBytes: number
}

/** Opens the store of `dataFile` (created if missing), or a memory-only store for `null`. */
export async function openEmbeddedStore(dataFile: string | null, options: EmbeddedStoreOptions): Promise<FormStore> {
  const now = options.now ?? (() => new Date())
  if (dataFile === null) {
    const db = new Low<Data>(new Memory<Data>(), emptyData())
    await db.read()
    const tables = new Tables(db.data)
    let seq = 0
    const log: CommitLog = {
      append: async (entry) => tables.apply([{ ...entry, seq: ++seq }]),
      barrier: async () => undefined,
    }
    return new Store(
      tables,
      log,
      now,
      async () => undefined,
      async () => true,
      options.booking,
      null,
    )
  }

  await mkdir(path.dirname(dataFile), { recursive: true })
  const releaseLock = await acquireLock(lockFileOf(dataFile))
  try {
    await removeTempSnapshots(dataFile)
    const adapter = new DurableFile(dataFile)
    const db = new Low<Data>(adapter, emptyData())
    await db.read()
    let compactions = 0
    const compacted = (journalBytes: number, started: number, atStart: boolean) => {
      compactions++
      options.onMaintenance?.({ kind: 'compaction', journalBytes, ms: Math.round(performance.now() - started), atStart })
    }
    const startBytes = adapter.journalBytes
    const startedAt = performance.now()
    await db.write()
    if (startBytes > 0) compacted(startBytes, startedAt, true)
    await adapter.openJournal()
    const journal = adapter.journal
    let compacting = false
    const log: CommitLog = {
      async append(entry) {
        await journal.append(entry)
        // Not before the journal is as large as the snapshot either: a compaction rewrites every record, and
        // with a fixed threshold a large store would spend ever more of its time rewriting itself for the
        // same writes. So a compaction writes at most about twice what the journal took since the last one
        // (Redis rewrites its append-only file by the same rule, auto-aof-rewrite-percentage 100).
        if (journal.size > Math.max(options.compactJournalBytes, adapter.snapshotBytes) && !compacting) {
          compacting = true
          const bytes = journal.size
          const started = performance.now()
          db.write()
            .then(() => {
              compacted(bytes, started, false)
              store.maintenance.compactions = compactions
            })
            .catch((error: Error) => options.onBackgroundError?.(error, 'compaction'))
            .finally(() => (compacting = false))
        }
      },
      barrier: () => journal.barrier(),
    }
    // Both the file and its folder (compaction writes a new file there and renames it).
    const healthy = async () => {
      if (journal.failure) return false
      try {
        await access(dataFile, constants.R_OK | constants.W_OK)
        await access(path.dirname(dataFile), constants.W_OK)
        return true
      } catch {
        return false
      }
    }
    const close = async () => {
      while (compacting) await new Promise((resolve) => setTimeout(resolve, 10))
      await adapter.close()
      await releaseLock()
    }
    const store = new Store(adapter.tables, log, now, close, healthy, options.booking, path.join(path.dirname(dataFile), 'calendar-feed-secret'))
    store.maintenance.compactions = compactions
    return store
  } catch (error) {
    await releaseLock()
    throw error
  }
}

/** Half-written snapshots of a compaction that a crash interrupted (`db.json.<pid>.tmp`); the lock says none is being written. */
async function removeTempSnapshots(dataFile: string): Promise<void> {
  const prefix = `${path.basename(dataFile)}.`
  for (const name of await readdir(path.dirname(dataFile))) {
    if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length))) await unlink(path.join(path.dirname(dataFile), name))
  }
}

class Store implements FormStore {
  /** Lower-cased email -> its record, and when that record is (or was) made durable. */
  private readonly emails = new Map<string, { record: SubscriberRecord; durable: Promise<void> }>()
  /** Changes that read a record before writing it run one at a time, so none overwrites another. */
  private edits: Promise<unknown> = Promise.resolve()
  private readonly queuedListeners: Array<() => void> = []
  /** Submission key -> when it was first seen, and its record (durable once the promise resolves). */
  private readonly submissions = new Map<string, { at: number; record: Promise<StoredRecord> }>()
  readonly coordination = memoryCoordination()
  readonly maintenance: StoreMaintenance = { schemaVersion: null, migrationsApplied: 0, compactions: 0 }
  private index: MeetingIndex | null = null
  private capIndex: CapIndex | null = null
  private feedSecret: string | null = null

  constructor(
    private readonly tables: Tables,
    private readonly log: CommitLog,
    private readonly now: () => Date,
    readonly close: () => Promise<void>,
    readonly healthy: () => Promise<boolean>,
    private readonly booking?: BookingSettings | (() => BookingSettings),
    /** Where the calendar feed's secret is kept (beside the data file); null keeps it in memory. */
    private readonly feedSecretFile: string | null = null,
  ) {
    for (const record of tables.data.newsletterSubscribers) {
      this.emails.set(record.email.toLowerCase(), { record, durable: Promise.resolve() })
    }
    const since = now().getTime() - submissionKeyMs
    for (const record of [...tables.data.consultations, ...tables.data.contacts]) {
      const at = Date.parse(record.receivedAt)
      if (record.submissionKey && at > since) this.submissions.set(record.submissionKey, { at, record: Promise.resolve(record) })
    }
  }

  async addConsultation({ fields, emails = noEmails, submissionKey, suspicion }: LeadArrival<ConsultationFields>): Promise<ConsultationRecord> {
    return this.submitOnce(submissionKey, () => this.insert('consultations', this.stamped(fields, submissionKey, suspicion), emails))
  }

  async addContact({ fields, emails = noEmails, submissionKey, suspicion }: LeadArrival<ContactFields>): Promise<ContactRecord> {
    return this.submitOnce(submissionKey, () => this.insert('contacts', this.stamped(fields, submissionKey, suspicion), emails))
  }

  async subscribe({ email, emails = noEmails, source }: Subscription): Promise<SubscriberRecord> {
    const key = email.toLowerCase()
    const known = this.emails.get(key)
    if (known) {
      // Wait like a new subscription would, so the reply's timing does not tell that it was known.
      await known.durable
      await this.log.barrier()
      return known.record
    }
    const record: SubscriberRecord = { id: randomUUID(), email, subscribedAt: this.now().toISOString(), ...(source ? { source } : {}) }
    const durable = this.log.append(this.withEmails({ collection: 'newsletterSubscribers', record }, emails))
    void durable.then(
      () => emails.kinds.length > 0 && this.emailsQueued(),
      () => undefined,
    )
    this.emails.set(key, { record, durable })
    try {
      await durable
    } catch (error) {
      this.emails.delete(key)
      throw error
    }
    return record
  }

  async subscribers(): Promise<readonly SubscriberRecord[]> {
    return this.tables.data.newsletterSubscribers
  }

  async list<C extends InboxCollection>(collection: C, query: ListQuery): Promise<Page<StoredRecord<C>>> {
    return listRecords(this.tables.data[collection] as StoredRecord<C>[], query)
  }

  async find<C extends RecordCollection>(collection: C, id: string): Promise<StoredRecord<C> | undefined> {
    return this.tables.get(collection, id)
  }

  async counts(collection: InboxCollection): Promise<Record<InboxStatus, number>> {
    return countByStatus(this.tables.data[collection])
  }

  async countOverdue(collection: InboxCollection, before: string): Promise<number> {
    return countOverdue(this.tables.data[collection], before)
  }

  async overviewData(window: OverviewWindow): Promise<OverviewData> {
    return embeddedOverviewData(this.tables.data, window)
  }

  async receivedBetween<C extends InboxCollection>(collection: C, from: string, to: string, status?: InboxStatus): Promise<StoredRecord<C>[]> {
    return receivedBetween(this.tables.data[collection] as StoredRecord<C>[], from, to, status)
  }

  async byAddress(email: string) {
    const subscriber = this.emails.get(email.trim().toLowerCase())
    return {
      consultations: byAddress(this.tables.data.consultations, email),
      contacts: byAddress(this.tables.data.contacts, email),
      subscriber: subscriber && this.tables.get('newsletterSubscribers', subscriber.record.id) ? subscriber.record : null,
    }
  }

  async subscriberOf(email: string): Promise<SubscriberRecord | null> {
    const subscriber = this.emails.get(email.trim().toLowerCase())
    return subscriber && this.tables.get('newsletterSubscribers', subscriber.record.id) ? subscriber.record : null
  }

  async samePerson(keys: readonly PersonKeys[], limit: number) {
    const ids = new Set(keys.flatMap((one) => [...this.tables.people.find(one)]))
    const of = <C extends InboxCollection>(collection: C) =>
      [...ids]
        .map((id) => this.tables.get(collection, id))
        .filter((record) => record !== undefined)
        .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
        .slice(0, limit)
    return { consultations: of('consultations') as ConsultationRecord[], contacts: of('contacts') as ContactRecord[] }
  }

  eraseReceivedBefore(before: string): Promise<number> {
    return this.edit(async () => {
      const changes: Change[] = []
      const erased = new Set<string>()
      for (const collection of ['consultations', 'contacts', 'blockedPosts'] as const) {
        for (const record of this.tables.data[collection]) {
          if (record.receivedAt >= before) continue
          changes.push({ collection, id: record.id, deleted: true })
          erased.add(record.id)
        }
      }
      for (const email of this.tables.data.emails) {
        if (email.about.collection !== 'newsletterSubscribers' && erased.has(email.about.id))
          changes.push({ collection: 'emails', id: email.id, deleted: true })
      }
      // A line per thousand changes, as an import writes them: each is durable whole.
      for (let start = 0; start < changes.length; start += 1000) await this.log.append({ changes: changes.slice(start, start + 1000) })
      return erased.size
    })
  }

  update<C extends InboxCollection>(collection: C, id: string, change: InboxChange, follow?: LeadFollow): Promise<StoredRecord<C> | undefined> {
    return this.edit(async () => {
      const record = this.tables.get(collection, id) as InboxRecord | undefined
      if (!record) return undefined
      const at = this.now().toISOString()
      // The status and the meeting that follows it: one journal line.
      const cancel = collection === 'consultations' ? meetingFollowingLead(record as ConsultationRecord, change, this.now(), follow) : null
      const set = withMeetingCancelled(triageSet(record, change, at), cancel !== null)
      if (!cancel) {
        if (Object.keys(set).length > 0) await this.log.append({ collection, id, set } as Change)
        return this.tables.get(collection, id)
      }
      const plan = planMeetingChange((record as BookedConsultation).meeting, cancel, at)
      const { meeting } = plan
      const dropped = (await this.emailsAbout('consultations', id)).filter((email) => email.state === 'queued' && plan.drop.includes(email.kind))
      await this.log.append({
        changes: [
          { collection: 'consultations', id, set: { ...set, meeting } },
          ...queued({ collection: 'consultations', id }, plan.emails, at, cancel.emails),
          ...dropped.map((email): Change => ({ collection: 'emails', id: email.id, deleted: true })),
        ],
      })
      this.index?.track(id, meeting)
      if (plan.emails.length > 0) this.emailsQueued()
      return this.tables.get(collection, id)
    })
  }

  remove(collection: Exclude<RecordCollection, 'emails'>, id: string): Promise<boolean> {
    return this.edit(async () => {
      const record = this.tables.get(collection, id)
      if (!record) return false
      const emails = (await this.emailsAbout(collection, id)).map((email): Change => ({ collection: 'emails', id: email.id, deleted: true }))
      await this.log.append({ changes: [{ collection, id, deleted: true }, ...emails] })
      const meeting = (record as ConsultationRecord).meeting
      if (collection === 'consultations' && meeting) this.index?.forget(meeting.id)
      if (collection === 'newsletterSubscribers') this.emails.delete((record as SubscriberRecord).email.toLowerCase())
      return true
    })
  }

  async emailsAbout(collection: EmailRecord['about']['collection'], id: string): Promise<EmailRecord[]> {
    return this.tables.data.emails.filter((email) => email.about.id === id && email.about.collection === collection)
  }

  async listEmails(query: { state?: EmailRecord['state']; offset: number; limit: number }): Promise<Page<EmailRecord>> {
    return newestFirst(this.tables.data.emails, (email) => !query.state || email.state === query.state, query)
  }

  async oldestQueuedAt(): Promise<string | null> {
    let oldest: string | null = null
    for (const email of this.tables.queuedEmails.values()) {
      const since = email.queuedAt ?? email.createdAt
      if (oldest === null || since < oldest) oldest = since
    }
    return oldest
  }

  // One process sends this store's emails: the sender itself keeps what it is sending, no lease needed.
  async claimDueEmails(now: Date, limit: number): Promise<EmailRecord[]> {
    const due: EmailRecord[] = []
    const at = now.toISOString()
    for (const email of this.tables.queuedEmails.values()) {
      if (email.nextAttemptAt <= at) due.push(email)
      if (due.length >= limit) break
    }
    return due
  }

  async emailMessage(): Promise<string | null> {
    return null
  }

  async queuedEmailCounts(now: Date): Promise<{ due: number; later: number }> {
    const at = now.toISOString()
    let due = 0
    for (const email of this.tables.queuedEmails.values()) if (email.nextAttemptAt <= at) due++
    return { due, later: this.tables.queuedEmails.size - due }
  }

  async nextEmailDue(): Promise<Date | null> {
    let next: string | null = null
    for (const email of this.tables.queuedEmails.values()) if (next === null || email.nextAttemptAt < next) next = email.nextAttemptAt
    return next === null ? null : new Date(next)
  }

  // The text a folder delivery wrote stays in the folder only: one process owns this data file and
  // its folder, and a journal line per email would carry every message twice.
  updateEmail(id: string, { message: _message, ...set }: EmailUpdate): Promise<EmailRecord | undefined> {
    return this.edit(async () => {
      if (!this.tables.get('emails', id)) return undefined
      await this.log.append({ collection: 'emails', id, set })
      if (set.state === 'queued') this.emailsQueued()
      return this.tables.get('emails', id)
    })
  }

  async exportData(): Promise<Data> {
    return this.tables.copy()
  }

  importData(data: Data): Promise<void> {
    return this.edit(async () => {
      if (collections.some((name) => this.tables.data[name].length > 0))
        throw new StoreNotEmptyError('the data file already holds records; import into an empty one')
      for (const name of collections) {
        // A line per thousand records: each is durable whole, and no line grows without bound.
        for (let start = 0; start < data[name].length; start += 1000) {
          const changes = data[name].slice(start, start + 1000).map((record): Change => ({ collection: name, record }) as Change)
          if (changes.length > 0) await this.log.append({ changes })
        }
      }
      for (const record of this.tables.data.newsletterSubscribers) this.emails.set(record.email.toLowerCase(), { record, durable: Promise.resolve() })
      this.index = null
      this.capIndex = null
    })
  }

  bookConsultation({ fields, emails, submissionKey, slot, reminder, suspicion, caps }: BookingRequest): Promise<BookedConsultation> {
    return this.submitOnce(submissionKey, () =>
      this.bookAt(slot, caps, (start) => {
        const request = arrivingRecord(fields, {
          id: randomUUID(),
          at: this.now().toISOString(),
          submissionKey,
          suspicion,
          clientKey: caps?.clientKey,
          networkKey: caps?.networkKey,
        })
        const { record, emails: due } = planBooking({
          request,
          meetingId: randomUUID(),
          linkKey: newLinkKey(),
          start,
          settings: slot.settings,
          emails,
          reminder,
        })
        return {
          record,
          changes: [{ collection: 'consultations', record }, ...queued({ collection: 'consultations', id: record.id }, due, request.receivedAt, emails)],
        }
      }),
    )
  }

  holdMeeting({ requestId, slot, emails, reminder, caps }: MeetingHold): Promise<BookedConsultation | undefined> {
    return this.edit(async () => {
      const current = this.tables.get('consultations', requestId)
      if (!current) return undefined
      if (current.meeting) return current as BookedConsultation
      return this.bookAt(slot, caps, (start) => {
        const at = this.now().toISOString()
        const { record, emails: due } = planBooking({
          request: current,
          at,
          meetingId: randomUUID(),
          linkKey: newLinkKey(),
          start,
          settings: slot.settings,
          emails,
          reminder,
        })
        return {
          record,
          changes: [
            { collection: 'consultations', id: requestId, set: { meeting: record.meeting } },
            ...queued({ collection: 'consultations', id: requestId }, due, at, emails),
          ],
        }
      })
    })
  }

  /**
   * A meeting at the first start of `slot` with room, past `caps`: checked, found and held in one
   * synchronous step (one writer, one thread: no other request runs in between), then written as
   * `write` makes it of that start (the record booked and the journal's changes), and tracked.
   * BookingCapError or WindowFullError, with nothing held, when it cannot be.
   */
  private async bookAt(slot: SlotRequest, caps: BookingCaps | undefined, write: (start: string) => { record: BookedConsultation; changes: Change[] }) {
    const index = this.meetings()
    const capIndex = this.caps()
    const refused = caps ? capIndex.refusal(caps, this.now()) : null
    if (refused) throw new BookingCapError(refused)
    const start = index.firstFree(slot.starts)
    if (start === undefined) throw new WindowFullError()
    const cells = index.hold(start)
    const release = caps ? capIndex.hold(caps) : () => undefined
    let record: BookedConsultation
    try {
      const written = write(start)
      record = written.record
      await this.log.append({ changes: written.changes })
    } finally {
      index.unhold(cells)
      release()
    }
    index.track(record.id, record.meeting)
    capIndex.track(record)
    this.emailsQueued()
    return record
  }

  async meeting(id: string): Promise<BookedConsultation | undefined> {
    const requestId = this.meetings().requests.get(id)
    const record = requestId === undefined ? undefined : this.tables.get('consultations', requestId)
    return record?.meeting ? (record as BookedConsultation) : undefined
  }

  async meetingsBetween(from: string, to: string): Promise<BookedConsultation[]> {
    const found: BookedConsultation[] = []
    for (const requestId of this.meetings().requests.values()) {
      const record = this.tables.get('consultations', requestId)
      if (record?.meeting && record.meeting.start >= from && record.meeting.start < to) found.push(record as BookedConsultation)
    }
    return found.sort((a, b) => a.meeting.start.localeCompare(b.meeting.start))
  }

  async takenCells(from: string, to: string): Promise<Map<string, number>> {
    return this.meetings().taken(Date.parse(from), Date.parse(to))
  }

  changeMeeting(change: MeetingChangeRequest): Promise<MeetingChangeResult> {
    return this.edit(async (): Promise<MeetingChangeResult> => {
      const index = this.meetings()
      const current = await this.meeting(change.meetingId)
      if (!current) return { ok: false, reason: 'not-found' }
      const refused = refusal(current.meeting, change, this.now())
      if (refused) return { ok: false, reason: refused }
      let start: string | undefined
      let cells: number[] = []
      if (takesStart(change.action)) {
        start = index.firstFree(change.slot?.starts ?? [], current.meeting.id)
        if (start === undefined) return { ok: false, reason: 'full' }
        cells = index.hold(start)
      }
      const at = this.now().toISOString()
      const plan = planMeetingChange(current.meeting, change, at, start)
      const { meeting } = plan
      const dropped = (await this.emailsAbout('consultations', current.id)).filter((email) => email.state === 'queued' && plan.drop.includes(email.kind))
      const changes: Change[] = [
        { collection: 'consultations', id: current.id, set: { meeting } },
        ...queued({ collection: 'consultations', id: current.id }, plan.emails, at, change.emails),
        ...dropped.map((email): Change => ({ collection: 'emails', id: email.id, deleted: true })),
      ]
      try {
        await this.log.append({ changes })
      } finally {
        index.unhold(cells)
      }
      index.track(current.id, meeting)
      this.emailsQueued()
      return { ok: true, record: (await this.meeting(meeting.id))! }
    })
  }

  queueDayEmail(kind: string, date: string, dueAt: string): Promise<void> {
    // Within the store's one writer, so a second call (another scheduler) finds the first one's email.
    return this.edit(async () => {
      const queued = this.tables.data.emails.find((email) => email.kind === kind && email.about.id === date)
      if (queued) {
        // One queued and not yet due moves to `dueAt` (the settings' hour changed); one due, tried or sent stays.
        const waiting = queued.state === 'queued' && queued.attempts === 0 && Date.parse(queued.nextAttemptAt) > this.now().getTime()
        if (!waiting || queued.nextAttemptAt === dueAt) return
        await this.log.append({ collection: 'emails', id: queued.id, set: { nextAttemptAt: dueAt, queuedAt: dueAt } })
        this.emailsQueued()
        return
      }
      await this.log.append(queuedEmail({ collection: 'consultations', id: date }, kind, this.now().toISOString(), dueAt))
      this.emailsQueued()
    })
  }

  calendarFeedSecret(rotate: boolean): Promise<string> {
    return this.edit(async () => {
      if (!rotate && this.feedSecret === null && this.feedSecretFile) {
        this.feedSecret = await readFile(this.feedSecretFile, 'utf8').then(
          (text) => text.trim() || null,
          (error) => (isMissing(error) ? null : Promise.reject(error)),
        )
      }
      if (!rotate && this.feedSecret) return this.feedSecret
      return this.keepFeedSecret(randomBytes(32).toString('base64url'))
    })
  }

  restoreCalendarFeedSecret(secret: string): Promise<void> {
    return this.edit(async () => {
      await this.keepFeedSecret(secret)
    })
  }

  private async keepFeedSecret(secret: string): Promise<string> {
    if (this.feedSecretFile) {
      // Written whole and durable before it is shown: a crash leaves the old secret or the new one.
      const temp = `${this.feedSecretFile}.tmp`
      await writeFile(temp, `${secret}\n`, { mode: 0o600, flush: true })
      await rename(temp, this.feedSecretFile)
      await fsyncDirOf(this.feedSecretFile)
    }
    this.feedSecret = secret
    return secret
  }

  async addApiToken(name: string, tokenHash: string, scopes: readonly ApiTokenScope[]): Promise<ApiTokenRecord> {
    const record: ApiTokenRecord = { id: randomUUID(), name, tokenHash, scopes: [...scopes], createdAt: this.now().toISOString() }
    await this.log.append({ collection: 'apiTokens', record })
    return record
  }

  async apiTokens(): Promise<ApiTokenRecord[]> {
    return this.tables.data.apiTokens.slice()
  }

  async recordApiTokenUse(tokenHash: string, now: Date): Promise<ApiTokenRecord | undefined> {
    // A handful of tokens: a look through them costs less than keeping an index by hash in step.
    const token = this.tables.data.apiTokens.find((record) => record.tokenHash === tokenHash)
    if (!token || !lastUseDue(token, now)) return token
    return this.edit(async () => {
      const current = this.tables.get('apiTokens', token.id)
      if (current && lastUseDue(current, now)) await this.log.append({ collection: 'apiTokens', id: token.id, set: { lastUsedAt: now.toISOString() } })
      return this.tables.get('apiTokens', token.id)
    })
  }

  revokeApiToken(id: string): Promise<boolean> {
    return this.edit(async () => {
      if (!this.tables.get('apiTokens', id)) return false
      await this.log.append({ collection: 'apiTokens', id, deleted: true })
      return true
    })
  }

  addBlocks(kind: BlockKind, values: readonly string[], reason: string, by: BlockRecord['by'], expiresAt?: string): Promise<BlockRecord[]> {
    return this.edit(async () => {
      const known = new Map(this.tables.data.blocked.filter((block) => block.kind === kind).map((block) => [block.value, block]))
      const createdAt = this.now().toISOString()
      const changes: Change[] = []
      const ids = [...new Set(values)].map((value) => {
        const block = known.get(value)
        if (!block) {
          const record: BlockRecord = { id: randomUUID(), kind, value, reason, by, createdAt, ...(expiresAt ? { expiresAt } : {}) }
          changes.push({ collection: 'blocked', record })
          return record.id
        }
        const until = longerBlock(block.expiresAt, expiresAt)
        if (until === block.expiresAt) return block.id
        if (until) changes.push({ collection: 'blocked', id: block.id, set: { expiresAt: until } })
        else {
          // Until removed now: the record again without its end (an update only sets fields).
          const { expiresAt: _ended, ...lasting } = block
          changes.push({ collection: 'blocked', id: block.id, deleted: true }, { collection: 'blocked', record: lasting })
        }
        return block.id
      })
      if (changes.length > 0) await this.log.append({ changes })
      return ids.map((id) => this.tables.get('blocked', id)!)
    })
  }

  async blocks(): Promise<BlockRecord[]> {
    return this.tables.data.blocked.slice()
  }

  removeBlock(id: string): Promise<boolean> {
    return this.edit(async () => {
      if (!this.tables.get('blocked', id)) return false
      await this.log.append({ collection: 'blocked', id, deleted: true })
      return true
    })
  }

  async addBlockedPost(post: CaughtPost): Promise<BlockedPostRecord> {
    const record = { id: randomUUID(), receivedAt: this.now().toISOString(), ...post } as BlockedPostRecord
    await this.log.append({ collection: 'blockedPosts', record })
    return record
  }

  async blockedPosts(page: { offset: number; limit: number }): Promise<Page<BlockedPostRecord>> {
    return newestFirst(this.tables.data.blockedPosts, () => true, page)
  }

  async countBlockedPosts(from: string, to: string): Promise<number> {
    return this.tables.data.blockedPosts.reduce((n, post) => n + (post.receivedAt >= from && post.receivedAt < to ? 1 : 0), 0)
  }

  releaseBlockedPost(id: string): Promise<UnblockedPost | undefined> {
    return this.edit(async () => {
      const post = this.tables.get('blockedPosts', id)
      if (!post) return undefined
      const released = releasedRecord(post, (email) => this.emails.get(email.toLowerCase())?.record)
      const gone: Change = { collection: 'blockedPosts', id, deleted: true }
      await this.log.append({ changes: released.record ? [gone, { collection: released.collection, record: released.record } as Change] : [gone] })
      if (released.collection === 'newsletterSubscribers' && released.record)
        this.emails.set(released.record.email.toLowerCase(), { record: released.record, durable: Promise.resolve() })
      return { collection: released.collection, id: released.id }
    })
  }

  async recipient(key: string): Promise<RecipientRecord | undefined> {
    return this.tables.get('recipients', key)
  }

  noteRecipient(key: string, event: RecipientEvent, at: Date): Promise<void> {
    return this.edit(async () => {
      const current = this.tables.get('recipients', key)
      const next = recipientAfter(key, current, event, at.toISOString())
      if (!next) return
      const { id: _id, ...set } = next
      await this.log.append(current ? { collection: 'recipients', id: key, set } : { collection: 'recipients', record: next })
    })
  }

  // Within the store's one writer: no other send counts in between. A pass over the emails: a day's
  // emails to strangers are a few dozen at an agency's volume, and the outbox keeps its records.
  countStranger(email: EmailRecord, key: string, at: Date, decide: (counts: StrangerCounts) => EmailHoldReason | null): Promise<EmailHoldReason | null> {
    return this.edit(async () => {
      const day = new Date(at.getTime() - strangerWindows.dayMs).toISOString()
      const hour = new Date(at.getTime() - strangerWindows.hourMs).toISOString()
      const from = email.queuedFrom
      const counts: StrangerCounts = { recipient: 0, client: 0, network: 0, hour: 0 }
      for (const other of this.tables.data.emails) {
        if (other.recipientAt === undefined || other.recipientAt < day || other.state === 'failed') continue
        if (other.recipientKey === key) counts.recipient++
        if (from && other.queuedFrom?.client === from.client) counts.client++
        if (from && other.queuedFrom?.network === from.network) counts.network++
        if (other.recipientAt >= hour) counts.hour++
      }
      const held = decide(counts)
      if (!held) await this.log.append({ collection: 'emails', id: email.id, set: { recipientKey: key, recipientAt: at.toISOString() } })
      return held
    })
  }

  /** The meeting index, made from the stored requests the first time it is needed. */
  private meetings(): MeetingIndex {
    if (!this.booking) throw new Error('The store was opened without booking settings (StoreOptions.booking)')
    const settings = typeof this.booking === 'function' ? this.booking() : this.booking
    // New settings (content/booking.json changed) draw a new grid: the stored meetings are counted on it, as a restart would.
    if (this.index?.settings !== settings) this.index = new MeetingIndex(settings, this.tables.data.consultations)
    return this.index
  }

  /** The booking caps' index, made from the stored requests the first time it is needed. */
  private caps(): CapIndex {
    this.capIndex ??= new CapIndex((id) => this.tables.get('consultations', id), this.tables.data.consultations)
    return this.capIndex
  }

  onEmailsQueued(listener: () => void): void {
    this.queuedListeners.push(listener)
  }

  private emailsQueued(): void {
    for (const listener of this.queuedListeners) listener()
  }

  /** A record's insert, with its emails queued in the same journal line: both are durable, or neither. */
  private withEmails(insert: Change, emails: EmailsOwed): Change | { changes: Change[] } {
    if (emails.kinds.length === 0) return insert
    const record = (insert as { record: StoredRecord }).record
    const createdAt = this.now().toISOString()
    const about = { collection: insert.collection as EmailRecord['about']['collection'], id: record.id }
    return { changes: [insert, ...emails.kinds.map((kind) => queuedEmail(about, kind, createdAt, createdAt, emails))] }
  }

  private stamped<F extends object>(fields: F, submissionKey: string | undefined, suspicion: Arrival) {
    return arrivingRecord(fields, { id: randomUUID(), at: this.now().toISOString(), submissionKey, suspicion })
  }

  private submitOnce<R extends StoredRecord>(key: string | undefined, insert: () => Promise<R>): Promise<R> {
    if (key === undefined) return insert()
    const now = this.now().getTime()
    const known = this.submissions.get(key)
    if (known && now - known.at < submissionKeyMs) return known.record as Promise<R>
    const record = insert()
    this.submissions.set(key, { at: now, record })
    // A submission that failed to store may be tried again with the same key.
    record.catch(() => this.submissions.delete(key))
    if (this.submissions.size > 10_000) {
      for (const [old, entry] of this.submissions) if (now - entry.at >= submissionKeyMs) this.submissions.delete(old)
    }
    return record
  }

  private edit<T>(task: () => Promise<T>): Promise<T> {
    const result = this.edits.then(task)
    this.edits = result.catch(() => undefined)
    return result
  }

  private async insert<C extends Collection>(collection: C, record: StoredRecord<C>, emails: EmailsOwed): Promise<StoredRecord<C>> {
    await this.log.append(this.withEmails({ collection, record } as Change, emails))
    if (emails.kinds.length > 0) this.emailsQueued()
    return record
  }
}

/** An email queued at `at`, due then or (a reminder, an agenda) at `dueAt`, by the request of `by` (its id, its client) if any. */
function queuedEmail(about: EmailRecord['about'], kind: string, at: string, dueAt = at, by?: Omit<EmailsOwed, 'kinds'>): Change {
  return {
    collection: 'emails',
    record: {
      id: randomUUID(),
      about,
      kind,
      createdAt: at,
      ...(dueAt === at ? {} : { queuedAt: dueAt }),
      state: 'queued',
      attempts: 0,
      nextAttemptAt: dueAt,
      ...(by?.requestId ? { queuedByRequest: by.requestId } : {}),
      ...(by?.from ? { queuedFrom: by.from } : {}),
    },
  }
}

/** A plan's emails, queued at `at` by the request of `by` (its reminder too: the request caused it). */
const queued = (about: EmailRecord['about'], emails: readonly ScheduledEmail[], at: string, by: EmailsOwed): Change[] =>
  emails.map((email) => queuedEmail(about, email.kind, at, email.dueAt, by))
