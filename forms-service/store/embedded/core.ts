import { randomUUID } from 'node:crypto'
import type { BookingSettings } from '../../../contract/booking/booking.js'
import { submissionKeyMs, type EmailsOwed } from '../formStore.js'
import type { LeadArrival } from '../inboxStore.js'
import type { ScheduledEmail } from '../meetings.js'
import { arrivingRecord } from '../plans.js'
import type { Change, Collection, EmailRecord, StoredRecord, SubscriberRecord } from '../records.js'
import { CapIndex } from './capIndex.js'
import { MeetingIndex } from './meetingIndex.js'
import type { Tables } from './tables.js'

// What every face of the embedded store shares (inboxFace.ts, outboxFace.ts, meetingFace.ts, …): the
// tables and their log, the clock, the one writer, and the indexes kept beside the tables.

/** How changes reach the store: on disk before the promise resolves, or (benchmarks) only in memory. */
export interface CommitLog {
  append(entry: Change | { changes: Change[] }): Promise<void>
  barrier(): Promise<void>
}

export class EmbeddedCore {
  /** Lower-cased email -> its record, and when that record is (or was) made durable. */
  readonly emails = new Map<string, { record: SubscriberRecord; durable: Promise<void> }>()
  /** Changes that read a record before writing it run one at a time, so none overwrites another. */
  private edits: Promise<unknown> = Promise.resolve()
  private readonly queuedListeners: Array<() => void> = []
  /** Submission key -> when it was first seen, and its record (durable once the promise resolves). */
  private readonly submissions = new Map<string, { at: number; record: Promise<StoredRecord> }>()
  private index: MeetingIndex | null = null
  private capIndex: CapIndex | null = null

  constructor(
    readonly tables: Tables,
    readonly log: CommitLog,
    readonly now: () => Date,
    private readonly booking?: BookingSettings | (() => BookingSettings),
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

  /** The meeting index, made from the stored requests the first time it is needed. */
  meetings(): MeetingIndex {
    if (!this.booking) throw new Error('The store was opened without booking settings (StoreOptions.booking)')
    const settings = typeof this.booking === 'function' ? this.booking() : this.booking
    // New settings (content/booking.json changed) draw a new grid: the stored meetings are counted on it, as a restart would.
    if (this.index?.settings !== settings) this.index = new MeetingIndex(settings, this.tables.data.consultations)
    return this.index
  }

  /** The meeting index if it was made: one not made yet counts a changed meeting from the tables when it is. */
  meetingsIfMade(): MeetingIndex | null {
    return this.index
  }

  /** The booking caps' index, made from the stored requests the first time it is needed. */
  caps(): CapIndex {
    this.capIndex ??= new CapIndex((id) => this.tables.get('consultations', id), this.tables.data.consultations)
    return this.capIndex
  }

  /** Both indexes dropped, to be made again from the tables (after an import). */
  dropIndexes(): void {
    this.index = null
    this.capIndex = null
  }

  onEmailsQueued(listener: () => void): void {
    this.queuedListeners.push(listener)
  }

  emailsQueued(): void {
    for (const listener of this.queuedListeners) listener()
  }

  async emailsAbout(collection: EmailRecord['about']['collection'], id: string): Promise<EmailRecord[]> {
    return this.tables.data.emails.filter((email) => email.about.id === id && email.about.collection === collection)
  }

  /** A record's insert, with its emails queued in the same journal line: both are durable, or neither. */
  withEmails(insert: Change, emails: EmailsOwed): Change | { changes: Change[] } {
    if (emails.kinds.length === 0) return insert
    const record = (insert as { record: StoredRecord }).record
    const createdAt = this.now().toISOString()
    const about = { collection: insert.collection as EmailRecord['about']['collection'], id: record.id }
    return { changes: [insert, ...emails.kinds.map((kind) => queuedEmail(about, kind, createdAt, createdAt, emails))] }
  }

  stamped<F extends object>({ fields, submissionKey, suspicion, owner }: LeadArrival<F>) {
    return arrivingRecord(fields, { id: randomUUID(), at: this.now().toISOString(), submissionKey, suspicion, owner })
  }

  submitOnce<R extends StoredRecord>(key: string | undefined, insert: () => Promise<R>): Promise<R> {
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

  edit<T>(task: () => Promise<T>): Promise<T> {
    const result = this.edits.then(task)
    this.edits = result.catch(() => undefined)
    return result
  }

  async insert<C extends Collection>(collection: C, record: StoredRecord<C>, emails: EmailsOwed): Promise<StoredRecord<C>> {
    await this.log.append(this.withEmails({ collection, record } as Change, emails))
    if (emails.kinds.length > 0) this.emailsQueued()
    return record
  }
}

/** An email queued at `at`, due then or (a reminder, an agenda) at `dueAt`, by the request of `by` (its id, its client) if any. */
export function queuedEmail(about: EmailRecord['about'], kind: string, at: string, dueAt = at, by?: Omit<EmailsOwed, 'kinds'>): Change {
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
export const queued = (about: EmailRecord['about'], emails: readonly ScheduledEmail[], at: string, by: EmailsOwed): Change[] =>
  emails.map((email) => queuedEmail(about, email.kind, at, email.dueAt, by))
