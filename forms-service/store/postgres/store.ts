import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import type { EmailHoldReason, InboxChange, InboxStatus } from '../../../contract/wire/inbox.js'
import {
  StoreNotEmptyError,
  type Arrival,
  StoreUnavailableError,
  submissionKeyMs,
  type ConsultationFields,
  type ContactFields,
  type EmailsOwed,
  type EmailUpdate,
  type FormStore,
  type StoreMaintenance,
  type StoreOptions,
} from '../formStore.js'
import { haystackOf, searchTerms, type InboxCollection, type InboxRecord, type ListQuery, type Page } from '../inboxQuery.js'
import { lastUseStepMs } from '../apiTokens.js'
import { clickStepMs, releasedRecord, strangerWindows, type CaughtPost, type RecipientEvent, type StrangerCounts } from '../addresses.js'
import type { BlockKind, UnblockedPost } from '../../../contract/wire/blockList.js'
import type { ApiTokenScope } from '../../../contract/wire/apiTokens.js'
import { noEmails } from '../inboxStore.js'
import {
  collections,
  emptyData,
  type ApiTokenRecord,
  type BlockedPostRecord,
  type BlockRecord,
  type ConsultationRecord,
  type RecipientRecord,
  type Data,
  type EmailRecord,
  type RecordCollection,
  type StoredRecord,
  type SubscriberRecord,
} from '../records.js'
import { postgresCoordination } from './coordination.js'
import {
  bookMeeting,
  dropQueuedEmails,
  importCells,
  insertMeeting,
  meetingOf,
  queueRequestEmails,
  releaseCells,
  takeCells,
  updateMeeting,
  type MeetingRow,
} from './meetings.js'
import { personKey, personKeysOf, type PersonKeys } from '../../../contract/booking/person.js'
import { arrivingRecord, planMeetingChange, refusal, triageSet } from '../plans.js'
import {
  takesStart,
  WindowFullError,
  type BookedConsultation,
  type BookingRequest,
  type MeetingChangeRequest,
  type MeetingChangeResult,
  type MeetingHold,
} from '../meetings.js'
import { occupyingStates, type BookingSettings } from '../../../contract/booking/booking.js'
import type { OverviewData, OverviewWindow } from '../overviewQuery.js'
import { postgresOverviewData, type OverviewReads } from './overviewQuery.js'
import { meetingFollowingLead, withMeetingCancelled } from '../leadMeeting.js'
import type { LeadArrival, LeadFollow, Subscription } from '../inboxStore.js'
import { cancelWithLead, lockedMeetingOf } from './leadMeeting.js'
import { dayEmail, migrate, type Migration } from './migrations.js'
import { columnsOf, insertOf, tables } from './columns.js'
import {
  apiTokenRecord,
  blockRecord,
  blockedPostRecord,
  recipientRecord,
  emailRecord,
  formFields,
  inboxRecord,
  subscriberRecord,
  tableOf,
  type InboxRow,
  type Row,
} from './rows.js'

/**
 * Opens the store in the PostgreSQL database at `url` and brings its schema up to date. Everything
 * lives there (records, outbox, sessions, counters), so any number of replicas behave as one.
 */
export async function openPostgresStore(url: string, options: StoreOptions): Promise<FormStore> {
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 5000, idleTimeoutMillis: 10_000, query_timeout: 30_000 })
  // A connection that dies while idle (a database restart) must not crash the process; the pool reconnects.
  // Only its message and code are passed on: pg hangs the whole client (its settings, its buffers) on the error.
  pool.on('error', (error) =>
    options.onBackgroundError?.(Object.assign(new Error(error.message), { code: (error as { code?: string }).code }), 'database connection'),
  )
  let migration: Migration
  try {
    migration = await migrate(pool)
  } catch (error) {
    await pool.end()
    // Say which setting to look at, and where it points, never with its password.
    const { hostname, port } = new URL(url)
    const where = `the database of DATABASE_URL (${hostname}:${port || 5432})`
    throw new Error(unavailable(error) ? `cannot reach ${where}: ${(error as Error).message}` : `${where} refused: ${(error as Error).message}`, {
      cause: error,
    })
  }
  if (migration.applied > 0) options.onMaintenance?.({ kind: 'migration', from: migration.from, to: migration.to, ms: migration.ms })
  const store = new PostgresStore(pool, options.now ?? (() => new Date()), options.booking)
  Object.assign(store.maintenance, { schemaVersion: migration.to, migrationsApplied: migration.applied })
  return store
}

// Errors of the database's own state or of reaching it: 08 connection, 57 operator intervention, 53 resources.
const unavailable = (error: unknown) => {
  const code = String((error as { code?: unknown }).code ?? '')
  return (
    /^(08|57|53)/.test(code) ||
    /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/.test(code) ||
    /timeout|terminat|Connection/i.test((error as Error).message ?? '')
  )
}

// An ISO instant made by the service (never a client's text), as an SQL literal.
const pgLiteral = (instant: string) => `'${new Date(instant).toISOString()}'`

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * A record's insert, with its emails (`$13`, a text array of kinds; `$14` the request queuing them, `$15` its client) queued in the same statement when
 * the record is new: one round trip, one commit, both or neither.
 */
/** A subscriber's insert: every declared field, and the folded address its unique index is on. */
const insertSubscriber = (record: SubscriberRecord) => insertOf(tables.newsletterSubscribers, record, { email_key: (column) => `lower(${column('email')})` })

function insertInboxSql(collection: InboxCollection, withEmails: boolean): string {
  const insert = `INSERT INTO ${tableOf[collection]} (id, received_at, fields, status, status_changes, note, note_updated_at, submission_key, search, phone_digits, email_key, phone_key)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (submission_key) DO NOTHING RETURNING *`
  return withEmails ? `WITH inserted AS (${insert}), queued AS (${queueEmails(collection, '$2', '$13', '$14', '$15')}) SELECT * FROM inserted` : insert
}

function inboxValues(record: InboxRecord): unknown[] {
  const { text, digits } = haystackOf(record)
  return [
    record.id,
    record.receivedAt,
    JSON.stringify(formFields(record)),
    record.status ?? 'new',
    JSON.stringify(record.statusChanges ?? []),
    record.note ?? '',
    record.noteUpdatedAt ?? null,
    record.submissionKey ?? null,
    text,
    digits,
    ...Object.values(personKeysOf(record)),
  ]
}

/** Queues one email per kind in `kinds` (a text array parameter) for the row of `inserted`, due at `at`, queued by the request `request` from `from` (jsonb). */
const queueEmails = (collection: EmailRecord['about']['collection'], at: string, kinds: string, request: string, from: string) =>
  `INSERT INTO emails (id, about_collection, about_id, kind, created_at, state, next_attempt_at, queued_by_request, queued_from)
   SELECT gen_random_uuid()::text, '${collection}', inserted.id, kind, ${at}::timestamptz, 'queued', ${at}::timestamptz, ${request}::text, ${from}::jsonb
   FROM inserted, unnest(${kinds}::text[]) AS kind`

class PostgresStore implements FormStore {
  private readonly listeners: Array<() => void> = []
  readonly coordination
  readonly maintenance: StoreMaintenance = { schemaVersion: null, migrationsApplied: 0, compactions: 0 }

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date,
    private readonly booking?: BookingSettings | (() => BookingSettings),
  ) {
    this.coordination = postgresCoordination(this.query.bind(this), this.transaction.bind(this))
  }

  async addConsultation({ fields, emails = noEmails, submissionKey, suspicion }: LeadArrival<ConsultationFields>) {
    return this.insertInbox('consultations', fields, emails, submissionKey, suspicion) as Promise<StoredRecord<'consultations'>>
  }

  async addContact({ fields, emails = noEmails, submissionKey, suspicion }: LeadArrival<ContactFields>) {
    return this.insertInbox('contacts', fields, emails, submissionKey, suspicion) as Promise<StoredRecord<'contacts'>>
  }

  async subscribe({ email, emails = noEmails, source }: Subscription): Promise<SubscriberRecord> {
    const record: SubscriberRecord = { id: randomUUID(), email, subscribedAt: this.now().toISOString(), ...(source ? { source } : {}) }
    // The unique index decides, not a read before the write: two replicas cannot both add an address.
    // One statement (so one round trip and one commit) inserts the subscriber and, only if it is new, its emails.
    const [inserted] = await this.query<Row>(
      `WITH inserted AS (
         INSERT INTO newsletter_subscribers (id, email, email_key, subscribed_at, source) VALUES ($1, $2, lower($2), $3, $6)
         ON CONFLICT (email_key) DO NOTHING RETURNING *
       ), queued AS (${queueEmails('newsletterSubscribers', '$3', '$4', '$5', '$7')})
       SELECT * FROM inserted`,
      [record.id, email, record.subscribedAt, emails.kinds, emails.requestId ?? null, source ?? null, emails.from ?? null],
    )
    if (inserted) {
      if (emails.kinds.length > 0) this.emailsQueued()
      return subscriberRecord(inserted)
    }
    const [known] = await this.query<Row>('SELECT * FROM newsletter_subscribers WHERE email_key = lower($1)', [email])
    return subscriberRecord(known!)
  }

  async subscribers(): Promise<readonly SubscriberRecord[]> {
    return (await this.query<Row>('SELECT * FROM newsletter_subscribers ORDER BY seq')).map(subscriberRecord)
  }

  async list<C extends InboxCollection>(collection: C, query: ListQuery): Promise<Page<StoredRecord<C>>> {
    const terms = searchTerms(query.q)
    // Only the conditions that apply, each with its own parameter: a plan that can use the indexes.
    const params: unknown[] = []
    const param = (value: unknown) => `$${params.push(value)}`
    const conditions = [query.status ? `status = ${param(query.status)}` : `status <> 'spam'`]
    if (terms) {
      const text = `search LIKE ${param(likePattern(terms.text))}`
      conditions.push(terms.digits ? `(${text} OR phone_digits LIKE ${param(likePattern(terms.digits))})` : text)
    }
    const where = conditions.join(' AND ')
    const sort = query.sort ?? 'received'
    // Ties (and messages, which have no requested date) stay newest first.
    const order =
      sort === 'requested'
        ? `coalesce(fields->>'date', '') ASC, seq DESC`
        : sort === 'overdue'
          ? // A literal, not a parameter: the count shares the parameters of the conditions only.
            `(status = 'new' AND received_at <= ${pgLiteral(query.overdueBefore ?? new Date(0).toISOString())}::timestamptz) DESC, seq DESC`
          : 'seq DESC'
    const page = await this.page<InboxRow>(tableOf[collection], where, params, query, order)
    const items = page.items.map(inboxRecord)
    return { items: (collection === 'consultations' ? await this.withMeetings(items) : items) as StoredRecord<C>[], total: page.total }
  }

  async find<C extends RecordCollection>(collection: C, id: string): Promise<StoredRecord<C> | undefined> {
    const [row] = await this.query(`SELECT * FROM ${tableOf[collection]} WHERE id = $1`, [id])
    if (!row) return undefined
    if (collection === 'newsletterSubscribers') return subscriberRecord(row as Row) as StoredRecord<C>
    if (collection === 'emails') return emailRecord(row as Row) as StoredRecord<C>
    const record = inboxRecord(row as InboxRow)
    return (collection === 'consultations' ? (await this.withMeetings([record]))[0] : record) as StoredRecord<C>
  }

  async counts(collection: InboxCollection): Promise<Record<InboxStatus, number>> {
    const counts = { new: 0, contacted: 0, closed: 0, spam: 0 }
    for (const row of await this.query<{ status: InboxStatus; n: number }>(`SELECT status, count(*)::int AS n FROM ${tableOf[collection]} GROUP BY status`))
      counts[row.status] = row.n
    return counts
  }

  async countOverdue(collection: InboxCollection, before: string): Promise<number> {
    const [row] = await this.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tableOf[collection]} WHERE status = 'new' AND received_at <= $1`, [before])
    return row!.n
  }

  async overviewData(window: OverviewWindow): Promise<OverviewData> {
    const reads: OverviewReads = {
      countOverdue: (collection, before) => this.countOverdue(collection, before),
      rows: <T>(sql: string, params: unknown[]) => this.query<T & pg.QueryResultRow>(sql, params),
    }
    return postgresOverviewData(reads, window)
  }

  async receivedBetween<C extends InboxCollection>(collection: C, from: string, to: string, status?: InboxStatus): Promise<StoredRecord<C>[]> {
    const rows = await this.query<InboxRow>(
      `SELECT * FROM ${tableOf[collection]} WHERE received_at >= $1 AND received_at < $2
       AND (CASE WHEN $3::text IS NULL THEN status <> 'spam' ELSE status = $3 END) ORDER BY received_at, seq`,
      [from, to, status ?? null],
    )
    const records = rows.map(inboxRecord)
    return (collection === 'consultations' ? await this.withMeetings(records) : records) as StoredRecord<C>[]
  }

  async byAddress(email: string) {
    const of = async (table: string) =>
      (await this.query<InboxRow>(`SELECT * FROM ${table} WHERE lower(fields->>'email') = lower($1) ORDER BY seq DESC`, [email.trim()])).map(inboxRecord)
    const [subscriber] = await this.query<Row>('SELECT * FROM newsletter_subscribers WHERE email_key = lower($1)', [email.trim()])
    return {
      consultations: (await of('consultations')) as Data['consultations'],
      contacts: (await of('contacts')) as Data['contacts'],
      subscriber: subscriber ? subscriberRecord(subscriber) : null,
    }
  }

  async subscriberOf(email: string): Promise<SubscriberRecord | null> {
    const [subscriber] = await this.query<Row>('SELECT * FROM newsletter_subscribers WHERE email_key = lower($1)', [email.trim()])
    return subscriber ? subscriberRecord(subscriber) : null
  }

  async samePerson(keys: readonly PersonKeys[], limit: number) {
    // Two indexed conditions joined by OR: a bitmap of both indexes, never a scan of the table. An empty
    // phone key is left out of the array (a condition on it would hide the index from the plan).
    const of = async (table: string) =>
      (
        await this.query<InboxRow>(
          // Found first, then ordered: ORDER BY … LIMIT alone tempts the planner to walk the received_at index through the table.
          `WITH found AS MATERIALIZED (SELECT * FROM ${table} WHERE email_key = ANY($1::text[]) OR phone_key = ANY($2::text[]))
           SELECT * FROM found ORDER BY received_at DESC LIMIT $3`,
          [keys.map((one) => one.email), keys.map((one) => one.phone).filter(Boolean), limit],
        )
      ).map(inboxRecord)
    return {
      consultations: (await this.withMeetings(await of('consultations'))) as Data['consultations'],
      contacts: (await of('contacts')) as Data['contacts'],
    }
  }

  async eraseReceivedBefore(before: string): Promise<number> {
    return this.transaction(async (client) => {
      let erased = 0
      for (const collection of ['consultations', 'contacts'] as const) {
        const table = tableOf[collection]
        await client.query(`DELETE FROM emails WHERE about_collection = $1 AND about_id IN (SELECT id FROM ${table} WHERE received_at < $2)`, [
          collection,
          before,
        ])
        erased += (await client.query(`DELETE FROM ${table} WHERE received_at < $1`, [before])).rowCount ?? 0
      }
      erased += (await client.query('DELETE FROM blocked_posts WHERE received_at < $1', [before])).rowCount ?? 0
      return erased
    })
  }

  async update<C extends InboxCollection>(collection: C, id: string, change: InboxChange, follow?: LeadFollow): Promise<StoredRecord<C> | undefined> {
    let queued = false
    const row = await this.transaction(async (client) => {
      const { rows } = await client.query<InboxRow>(`SELECT * FROM ${tableOf[collection]} WHERE id = $1 FOR UPDATE`, [id])
      if (!rows[0]) return undefined
      const at = this.now().toISOString()
      // The status and the meeting that follows it: one transaction.
      const meeting = collection === 'consultations' && change.status !== undefined ? await lockedMeetingOf(client, id) : undefined
      const cancel = meetingFollowingLead({ meeting }, change, this.now(), follow)
      if (meeting && cancel) {
        await cancelWithLead(client, id, meeting, cancel, at)
        queued = cancel.emails.kinds.length > 0
      }
      const set = withMeetingCancelled(triageSet(inboxRecord(rows[0]), change, at), cancel !== null)
      if (Object.keys(set).length === 0) return rows[0]
      const updated = await client.query<InboxRow>(
        `UPDATE ${tableOf[collection]} SET status = coalesce($2, status), status_changes = coalesce($3, status_changes),
           note = coalesce($4, note), note_updated_at = coalesce($5, note_updated_at),
           fields = CASE WHEN $6 THEN jsonb_set(fields, '{suspicion}', 'null') ELSE fields END WHERE id = $1 RETURNING *`,
        [
          id,
          set.status ?? null,
          set.statusChanges ? JSON.stringify(set.statusChanges) : null,
          set.note ?? null,
          set.noteUpdatedAt ?? null,
          set.suspicion === null,
        ],
      )
      return updated.rows[0]
    })
    if (!row) return undefined
    if (queued) this.emailsQueued()
    return (collection === 'consultations' ? (await this.withMeetings([inboxRecord(row)]))[0] : inboxRecord(row)) as StoredRecord<C>
  }

  async remove(collection: Exclude<RecordCollection, 'emails'>, id: string): Promise<boolean> {
    return this.transaction(async (client) => {
      await client.query('DELETE FROM emails WHERE about_collection = $1 AND about_id = $2', [collection, id])
      const { rowCount } = await client.query(`DELETE FROM ${tableOf[collection]} WHERE id = $1`, [id])
      return (rowCount ?? 0) > 0
    })
  }

  async emailsAbout(collection: EmailRecord['about']['collection'], id: string): Promise<EmailRecord[]> {
    return (await this.query<Row>('SELECT * FROM emails WHERE about_collection = $1 AND about_id = $2 ORDER BY seq', [collection, id])).map(emailRecord)
  }

  async listEmails(query: { state?: EmailRecord['state']; offset: number; limit: number }): Promise<Page<EmailRecord>> {
    const page = await this.page<Row & { id: string }>('emails', '($1::text IS NULL OR state = $1)', [query.state ?? null], query)
    return { items: page.items.map(emailRecord), total: page.total }
  }

  async oldestQueuedAt(): Promise<string | null> {
    const [row] = await this.query<{ at: Date | null }>(`SELECT min(coalesce(queued_at, created_at)) AS at FROM emails WHERE state = 'queued'`)
    return row?.at ? row.at.toISOString() : null
  }

  async claimDueEmails(now: Date, limit: number, leaseMs: number): Promise<EmailRecord[]> {
    // SKIP LOCKED: replicas claiming at the same moment take different emails; a lease that ran out
    // (its sender died mid-send) makes an email claimable again.
    const rows = await this.query<Row>(
      `UPDATE emails SET claimed_until = $2 WHERE id IN (
         SELECT id FROM emails WHERE state = 'queued' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
         ORDER BY seq LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [now, new Date(now.getTime() + leaseMs), limit],
    )
    return rows.map(emailRecord)
  }

  async nextEmailDue(): Promise<Date | null> {
    const [row] = await this.query<{ due: Date | null }>(
      `SELECT min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) AS due FROM emails WHERE state = 'queued'`,
    )
    return row?.due ?? null
  }

  async emailMessage(id: string): Promise<string | null> {
    const [row] = await this.query<{ message: string | null }>('SELECT message FROM emails WHERE id = $1', [id])
    return row?.message ?? null
  }

  async queuedEmailCounts(now: Date): Promise<{ due: number; later: number }> {
    const [row] = await this.query<{ due: number; later: number }>(
      `SELECT count(*) FILTER (WHERE next_attempt_at <= $1)::int AS due, count(*) FILTER (WHERE next_attempt_at > $1)::int AS later
       FROM emails WHERE state = 'queued'`,
      [now],
    )
    return { due: row?.due ?? 0, later: row?.later ?? 0 }
  }

  async updateEmail(id: string, set: EmailUpdate): Promise<EmailRecord | undefined> {
    // Every declared field has its column (postgres/columns.ts), and the folder copy's text its own: nothing is filtered out.
    const { message, ...fields } = set
    const entries = [...columnsOf(tables.emails, fields), ...(message === undefined ? [] : [['message', message] as [string, unknown]])]
    const assignments = entries.map(([column], index) => `${column} = $${index + 2}`)
    const [row] = await this.query<Row>(`UPDATE emails SET ${[...assignments, 'claimed_until = NULL'].join(', ')} WHERE id = $1 RETURNING *`, [
      id,
      ...entries.map(([, value]) => value),
    ])
    if (row && set.state === 'queued') this.emailsQueued()
    return row ? emailRecord(row) : undefined
  }

  async bookConsultation(booking: BookingRequest): Promise<BookedConsultation> {
    const { fields, emails, submissionKey, slot, reminder, suspicion, caps } = booking
    const request = arrivingRecord(fields, {
      id: randomUUID(),
      at: this.now().toISOString(),
      submissionKey,
      suspicion,
      clientKey: caps?.clientKey,
      networkKey: caps?.networkKey,
    })
    // The request, its caps, its meeting, the meeting's cells, its emails and its reminder: one transaction.
    const booked = await this.transaction(async (client): Promise<BookedConsultation | null> => {
      const { rows } = await client.query<InboxRow>(insertInboxSql('consultations', false), inboxValues(request))
      if (!rows[0]) return null
      const { meeting } = await bookMeeting(client, request, { slot, emails, reminder, caps }, this.now(), request.receivedAt)
      return { ...(inboxRecord(rows[0]) as BookedConsultation), meeting }
    })
    if (booked) {
      this.emailsQueued()
      return booked
    }
    // The same attempt again: its first record, as addConsultation answers.
    const first = await this.find(
      'consultations',
      (await this.query<{ id: string }>('SELECT id FROM consultations WHERE submission_key = $1', [submissionKey]))[0]?.id ?? '',
    )
    if (first?.meeting && this.now().getTime() - Date.parse(first.receivedAt) < submissionKeyMs) return first as BookedConsultation
    await this.query('UPDATE consultations SET submission_key = NULL WHERE submission_key = $1', [submissionKey])
    return this.bookConsultation(booking)
  }

  async holdMeeting({ requestId, slot, emails, reminder, caps }: MeetingHold): Promise<BookedConsultation | undefined> {
    let held = false
    const record = await this.transaction(async (client): Promise<BookedConsultation | undefined> => {
      // The request locked: a second press of its link waits for the first, then finds its meeting.
      const { rows } = await client.query<InboxRow>('SELECT * FROM consultations WHERE id = $1 FOR UPDATE', [requestId])
      if (!rows[0]) return undefined
      const request = inboxRecord(rows[0]) as ConsultationRecord
      const existing = await lockedMeetingOf(client, requestId)
      if (existing) return { ...request, meeting: existing }
      const now = this.now()
      const booked = await bookMeeting(client, request, { slot, emails, reminder, caps }, now, now.toISOString())
      held = true
      return booked
    })
    if (held) this.emailsQueued()
    return record
  }

  async meeting(id: string): Promise<BookedConsultation | undefined> {
    const [row] = await this.query<{ request_id: string }>('SELECT request_id FROM meetings WHERE id = $1', [id])
    return row ? ((await this.find('consultations', row.request_id)) as BookedConsultation | undefined) : undefined
  }

  async meetingsBetween(from: string, to: string): Promise<BookedConsultation[]> {
    const rows = await this.query<InboxRow & { meeting: MeetingRow }>(
      `SELECT c.*, to_jsonb(m) AS meeting FROM meetings m JOIN consultations c ON c.id = m.request_id
       WHERE m.start_at >= $1 AND m.start_at < $2 ORDER BY m.start_at, m.id`,
      [from, to],
    )
    return rows.map((row) => ({ ...(inboxRecord(row) as BookedConsultation), meeting: meetingOf(row.meeting) }))
  }

  async takenCells(from: string, to: string): Promise<Map<string, number>> {
    const rows = await this.query<{ cell: Date; n: number }>(
      'SELECT cell, count(*)::int AS n FROM meeting_cells WHERE cell >= $1 AND cell < $2 GROUP BY cell',
      [from, to],
    )
    return new Map(rows.map((row) => [row.cell.toISOString(), row.n]))
  }

  async changeMeeting(change: MeetingChangeRequest): Promise<MeetingChangeResult> {
    try {
      const requestId = await this.transaction(async (client) => {
        const { rows } = await client.query<MeetingRow>('SELECT * FROM meetings WHERE id = $1 FOR UPDATE', [change.meetingId])
        if (!rows[0]) return { reason: 'not-found' } as const
        const current = meetingOf(rows[0])
        const refused = refusal(current, change, this.now())
        if (refused) return { reason: refused }
        const at = this.now().toISOString()
        let start: string | undefined
        if (takesStart(change.action)) {
          // The old cells go first, so the new start may overlap them; a failed move rolls back.
          await releaseCells(client, current.id)
          start = change.slot ? await takeCells(client, current.id, change.slot) : undefined
          if (start === undefined) throw new WindowFullError()
        }
        const plan = planMeetingChange(current, change, at, start)
        await updateMeeting(client, plan.meeting)
        // The cells follow the meeting, as the embedded store's index does: held while its state takes its place.
        if (!occupyingStates.includes(plan.meeting.state)) await releaseCells(client, current.id)
        await dropQueuedEmails(client, rows[0].request_id, plan.drop)
        await queueRequestEmails(client, rows[0].request_id, plan.emails, at, change.emails)
        return rows[0].request_id
      })
      if (typeof requestId !== 'string') return { ok: false, reason: requestId.reason }
      this.emailsQueued()
      return { ok: true, record: (await this.find('consultations', requestId)) as BookedConsultation }
    } catch (error) {
      if (error instanceof WindowFullError) return { ok: false, reason: 'full' }
      throw error
    }
  }

  async queueDayEmail(kind: string, date: string, dueAt: string): Promise<void> {
    // The unique index of a kind and a day decides (migration 5): two replicas queue it once. One queued
    // and not yet due moves to `dueAt` (the settings' hour changed); one due, tried or sent stays.
    const rows = await this.query(
      `INSERT INTO emails (id, about_collection, about_id, kind, created_at, queued_at, state, next_attempt_at)
       VALUES (gen_random_uuid()::text, 'consultations', $1, $4, $2, $3, 'queued', $3)
       ON CONFLICT (kind, about_id) WHERE ${dayEmail} DO UPDATE SET next_attempt_at = EXCLUDED.next_attempt_at, queued_at = EXCLUDED.queued_at
       WHERE emails.state = 'queued' AND emails.attempts = 0 AND emails.next_attempt_at > $2 AND emails.next_attempt_at <> EXCLUDED.next_attempt_at
       RETURNING id`,
      [date, this.now().toISOString(), dueAt, kind],
    )
    if (rows.length > 0) this.emailsQueued()
  }

  async calendarFeedSecret(rotate: boolean): Promise<string> {
    const secret = randomBytes(32).toString('base64url')
    const [row] = await this.query<{ value: string }>(
      rotate
        ? `INSERT INTO service_settings (key, value) VALUES ('calendar-feed', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value RETURNING value`
        : `WITH made AS (INSERT INTO service_settings (key, value) VALUES ('calendar-feed', $1) ON CONFLICT (key) DO NOTHING RETURNING value)
           SELECT value FROM made UNION ALL SELECT value FROM service_settings WHERE key = 'calendar-feed' LIMIT 1`,
      [secret],
    )
    return row!.value
  }

  async restoreCalendarFeedSecret(secret: string): Promise<void> {
    await this.query(`INSERT INTO service_settings (key, value) VALUES ('calendar-feed', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [secret])
  }

  async addApiToken(name: string, tokenHash: string, scopes: readonly ApiTokenScope[]): Promise<ApiTokenRecord> {
    const [row] = await this.query<Row>('INSERT INTO api_tokens (id, name, token_hash, scopes, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *', [
      randomUUID(),
      name,
      tokenHash,
      scopes,
      this.now(),
    ])
    return apiTokenRecord(row!)
  }

  async apiTokens(): Promise<ApiTokenRecord[]> {
    return (await this.query<Row>('SELECT * FROM api_tokens ORDER BY seq')).map(apiTokenRecord)
  }

  async recordApiTokenUse(tokenHash: string, now: Date): Promise<ApiTokenRecord | undefined> {
    // One statement: the token, its last use moved to now if the last one written is a step old.
    const [row] = await this.query<Row>(
      `WITH used AS (
         UPDATE api_tokens SET last_used_at = $2 WHERE token_hash = $1 AND (last_used_at IS NULL OR last_used_at <= $3) RETURNING *
       )
       SELECT * FROM used UNION ALL SELECT * FROM api_tokens WHERE token_hash = $1 AND NOT EXISTS (SELECT 1 FROM used)`,
      [tokenHash, now, new Date(now.getTime() - lastUseStepMs)],
    )
    return row ? apiTokenRecord(row) : undefined
  }

  async revokeApiToken(id: string): Promise<boolean> {
    return (await this.query('DELETE FROM api_tokens WHERE id = $1 RETURNING id', [id])).length > 0
  }

  async addBlocks(kind: BlockKind, values: readonly string[], reason: string, by: BlockRecord['by'], expiresAt?: string): Promise<BlockRecord[]> {
    // The unique (kind, value) decides: an address already blocked keeps its first record, with the
    // longer of the two blocks (addresses.ts longerBlock: a NULL end is until removed).
    const unique = [...new Set(values)]
    await this.query(
      `INSERT INTO blocked_addresses (id, kind, value, reason, blocked_by, created_at, expires_at)
       SELECT gen_random_uuid()::text, $1, value, $3, $4, $5, $6 FROM unnest($2::text[]) AS value
       ON CONFLICT (kind, value) DO UPDATE SET expires_at =
         CASE WHEN blocked_addresses.expires_at IS NULL OR EXCLUDED.expires_at IS NULL THEN NULL
              ELSE greatest(blocked_addresses.expires_at, EXCLUDED.expires_at) END`,
      [kind, unique, reason, by, this.now(), expiresAt ?? null],
    )
    const rows = await this.query<Row>('SELECT * FROM blocked_addresses WHERE kind = $1 AND value = ANY($2::text[])', [kind, unique])
    const byValue = new Map(rows.map((row) => [row.value, blockRecord(row)]))
    return unique.flatMap((value) => byValue.get(value) ?? [])
  }

  async addBlockedPost(post: CaughtPost): Promise<BlockedPostRecord> {
    const record = { id: randomUUID(), receivedAt: this.now().toISOString(), ...post } as BlockedPostRecord
    const insert = insertOf(tables.blockedPosts, record)
    await this.query(insert.text, insert.values)
    return record
  }

  async blockedPosts(page: { offset: number; limit: number }): Promise<Page<BlockedPostRecord>> {
    const found = await this.page<Row & { id: string }>('blocked_posts', 'true', [], page, 'seq DESC')
    return { items: found.items.map(blockedPostRecord), total: found.total }
  }

  async countBlockedPosts(from: string, to: string): Promise<number> {
    const [row] = await this.query<{ count: string }>('SELECT count(*) FROM blocked_posts WHERE received_at >= $1 AND received_at < $2', [from, to])
    return Number(row!.count)
  }

  releaseBlockedPost(id: string): Promise<UnblockedPost | undefined> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<Row>('DELETE FROM blocked_posts WHERE id = $1 RETURNING *', [id])
      if (!rows[0]) return undefined
      const post = blockedPostRecord(rows[0])
      const subscribed =
        post.form === 'newsletter'
          ? (await client.query<Row>('SELECT * FROM newsletter_subscribers WHERE email_key = lower($1)', [post.fields.email.trim()])).rows[0]
          : undefined
      const released = releasedRecord(post, () => (subscribed ? subscriberRecord(subscribed) : undefined))
      if (released.collection === 'newsletterSubscribers') {
        if (released.record) await client.query(insertSubscriber(released.record))
      } else await client.query(insertInboxSql(released.collection, false), inboxValues(released.record))
      return { collection: released.collection, id: released.id }
    })
  }

  async blocks(): Promise<BlockRecord[]> {
    return (await this.query<Row>('SELECT * FROM blocked_addresses ORDER BY seq')).map(blockRecord)
  }

  async removeBlock(id: string): Promise<boolean> {
    return (await this.query('DELETE FROM blocked_addresses WHERE id = $1 RETURNING id', [id])).length > 0
  }

  async recipient(key: string): Promise<RecipientRecord | undefined> {
    const [row] = await this.query<Row>('SELECT * FROM mail_recipients WHERE key = $1', [key])
    return row ? recipientRecord(row) : undefined
  }

  async noteRecipient(key: string, event: RecipientEvent, at: Date): Promise<void> {
    // One statement either way (replicas may note the same address at once): a click at most once a step (as recipientAfter), the first suppression.
    await this.query(
      event === 'clicked'
        ? `INSERT INTO mail_recipients (key, clicked_at) VALUES ($1, $2)
           ON CONFLICT (key) DO UPDATE SET clicked_at = EXCLUDED.clicked_at
           WHERE mail_recipients.clicked_at IS NULL OR mail_recipients.clicked_at <= EXCLUDED.clicked_at - make_interval(secs => ${clickStepMs / 1000})`
        : `INSERT INTO mail_recipients (key, suppressed, suppressed_at) VALUES ($1, $3, $2)
           ON CONFLICT (key) DO UPDATE SET suppressed = coalesce(mail_recipients.suppressed, EXCLUDED.suppressed),
             suppressed_at = coalesce(mail_recipients.suppressed_at, EXCLUDED.suppressed_at)`,
      event === 'clicked' ? [key, at] : [key, at, event],
    )
  }

  async countStranger(email: EmailRecord, key: string, at: Date, decide: (counts: StrangerCounts) => EmailHoldReason | null): Promise<EmailHoldReason | null> {
    // One lock for the transaction: the hourly budget is the whole service's, so replicas sending to
    // strangers at the same moment count one after the other (a few dozen a day at an agency's volume).
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', ['stranger-mail'])
      const from = email.queuedFrom ?? null
      const { rows } = await client.query<StrangerCounts>(
        `SELECT count(*) FILTER (WHERE recipient_key = $1)::int AS recipient,
                count(*) FILTER (WHERE queued_from->>'client' = $2)::int AS client,
                count(*) FILTER (WHERE queued_from->>'network' = $3)::int AS network,
                count(*) FILTER (WHERE recipient_at >= $5)::int AS hour
         FROM emails WHERE recipient_at >= $4 AND state <> 'failed'`,
        [key, from?.client ?? null, from?.network ?? null, new Date(at.getTime() - strangerWindows.dayMs), new Date(at.getTime() - strangerWindows.hourMs)],
      )
      const held = decide(rows[0]!)
      if (!held) await client.query('UPDATE emails SET recipient_key = $2, recipient_at = $3 WHERE id = $1', [email.id, key, at])
      return held
    })
  }

  /** Records with the meeting each has. */
  private async withMeetings(records: InboxRecord[]): Promise<InboxRecord[]> {
    if (records.length === 0) return records
    const rows = await this.query<MeetingRow>('SELECT * FROM meetings WHERE request_id = ANY($1::text[])', [records.map((record) => record.id)])
    const byRequest = new Map(rows.map((row) => [row.request_id, meetingOf(row)]))
    return records.map((record) => (byRequest.has(record.id) ? { ...record, meeting: byRequest.get(record.id) } : record))
  }

  onEmailsQueued(listener: () => void): void {
    this.listeners.push(listener)
  }

  async exportData(): Promise<Data> {
    // One read-only snapshot of the database (REPEATABLE READ): a backup taken while leads keep
    // arriving holds each record whole with its meeting and emails, or not yet.
    return this.transaction(async (client) => {
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY')
      const rows = async <R extends pg.QueryResultRow>(sql: string) => (await client.query<R>(sql)).rows
      const meetings = new Map((await rows<MeetingRow>('SELECT * FROM meetings')).map((row) => [row.request_id, meetingOf(row)]))
      const data = emptyData()
      data.consultations = (await rows<InboxRow>('SELECT * FROM consultations ORDER BY seq')).map((row) => {
        const record = inboxRecord(row)
        const meeting = meetings.get(record.id)
        return meeting ? { ...record, meeting } : record
      }) as Data['consultations']
      data.contacts = (await rows<InboxRow>('SELECT * FROM contacts ORDER BY seq')).map(inboxRecord) as Data['contacts']
      data.newsletterSubscribers = (await rows<Row>('SELECT * FROM newsletter_subscribers ORDER BY seq')).map(subscriberRecord)
      data.emails = (await rows<Row>('SELECT * FROM emails ORDER BY seq')).map(emailRecord)
      data.apiTokens = (await rows<Row>('SELECT * FROM api_tokens ORDER BY seq')).map(apiTokenRecord)
      data.blocked = (await rows<Row>('SELECT * FROM blocked_addresses ORDER BY seq')).map(blockRecord)
      data.blockedPosts = (await rows<Row>('SELECT * FROM blocked_posts ORDER BY seq')).map(blockedPostRecord)
      data.recipients = (await rows<Row>('SELECT * FROM mail_recipients ORDER BY key')).map(recipientRecord)
      return data
    })
  }

  async importData(data: Data): Promise<void> {
    await this.transaction(async (client) => {
      for (const name of collections) {
        const { rows } = await client.query(`SELECT 1 FROM ${tableOf[name]} LIMIT 1`)
        if (rows.length > 0) throw new StoreNotEmptyError('the database already holds records; import into an empty one')
      }
      for (const collection of ['consultations', 'contacts'] as const) {
        for (const record of data[collection]) await client.query(insertInboxSql(collection, false), inboxValues(record))
      }
      for (const record of data.consultations) {
        if (!record.meeting) continue
        if (!this.booking) throw new Error('Importing meetings needs the booking settings (content/booking.json)')
        await insertMeeting(client, record.id, record.meeting, personKey(record.email))
        await importCells(client, record.meeting, typeof this.booking === 'function' ? this.booking() : this.booking)
      }
      for (const record of data.newsletterSubscribers) await client.query(insertSubscriber(record))
      for (const post of data.blockedPosts) await client.query(insertOf(tables.blockedPosts, post))
      // Every declared field of each (postgres/columns.ts): an export imported is the data exported.
      for (const email of data.emails) await client.query(insertOf(tables.emails, email))
      for (const token of data.apiTokens) await client.query(insertOf(tables.apiTokens, token))
      for (const block of data.blocked) await client.query(insertOf(tables.blocked, block))
      for (const recipient of data.recipients) await client.query(insertOf(tables.recipients, recipient))
    })
  }

  async healthy(): Promise<boolean> {
    return this.query('SELECT 1').then(
      () => true,
      () => false,
    )
  }

  close(): Promise<void> {
    return this.pool.end()
  }

  private async insertInbox(
    collection: InboxCollection,
    fields: object,
    emails: EmailsOwed,
    submissionKey: string | undefined,
    suspicion: Arrival,
  ): Promise<InboxRecord> {
    const record = arrivingRecord(fields, { id: randomUUID(), at: this.now().toISOString(), submissionKey, suspicion }) as InboxRecord
    const insert = () =>
      this.query<InboxRow>(insertInboxSql(collection, true), [...inboxValues(record), emails.kinds, emails.requestId ?? null, emails.from ?? null])
    let [stored] = await insert()
    if (!stored) {
      // The same attempt again, also while the first was still being written: the unique index waited for it.
      const [first] = await this.query<InboxRow>(`SELECT * FROM ${tableOf[collection]} WHERE submission_key = $1`, [submissionKey])
      if (first && this.now().getTime() - first.received_at.getTime() < submissionKeyMs) return inboxRecord(first)
      // A key older than 24 hours is free again: the first submission keeps its record, not its key.
      await this.query(`UPDATE ${tableOf[collection]} SET submission_key = NULL WHERE submission_key = $1`, [submissionKey])
      ;[stored] = await insert()
      if (!stored) return this.insertInbox(collection, fields, emails, submissionKey, suspicion)
    }
    if (emails.kinds.length > 0) this.emailsQueued()
    return inboxRecord(stored)
  }

  /**
   * The rows of `table` matching `where` (on `params`), newest first, and how many match: counted in
   * the same query, or by a second one when the page lies past the end.
   */
  /**
   * One page of `table`: the ids of the page in `order`, then their rows. Ordering only ids (not whole
   * rows with their fields) and counting apart keeps a page of 100,000 records a narrow scan.
   */
  private async page<R extends pg.QueryResultRow & { id: string }>(
    table: string,
    where: string,
    params: unknown[],
    page: { offset: number; limit: number },
    order = 'seq DESC',
  ): Promise<Page<R>> {
    const at = params.length
    const [ids, [count]] = await Promise.all([
      this.query<{ id: string }>(`SELECT id FROM ${table} WHERE ${where} ORDER BY ${order} OFFSET $${at + 1} LIMIT $${at + 2}`, [
        ...params,
        page.offset,
        page.limit,
      ]),
      this.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params),
    ])
    const rows = ids.length === 0 ? [] : await this.query<R>(`SELECT * FROM ${table} WHERE id = ANY($1)`, [ids.map((row) => row.id)])
    const byId = new Map(rows.map((row) => [row.id, row]))
    // A record erased between the two queries is left out.
    const items = ids.flatMap(({ id }) => byId.get(id) ?? [])
    return { items, total: count!.n }
  }

  private emailsQueued(): void {
    for (const listener of this.listeners) listener()
  }

  private async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    try {
      return (await this.pool.query<R>(sql, params)).rows
    } catch (error) {
      throw unavailable(error) ? new StoreUnavailableError(error) : error
    }
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient
    try {
      client = await this.pool.connect()
    } catch (error) {
      throw new StoreUnavailableError(error)
    }
    let broken: Error | undefined
    // A connection that dies between two statements says so here, not as an uncaught error; the next statement fails.
    const onError = (error: Error) => (broken = error)
    client.on('error', onError)
    try {
      await client.query('BEGIN')
      const result = await work(client)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      if (!unavailable(error)) throw error
      // A connection the database dropped is not given back to the pool.
      broken = error as Error
      throw new StoreUnavailableError(error)
    } finally {
      client.off('error', onError)
      client.release(broken)
    }
  }
}
