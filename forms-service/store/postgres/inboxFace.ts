import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { InboxChange, InboxStatus } from '../../../contract/wire/inbox.js'
import type { ChangedBy, Triage } from '../../../contract/wire/records.js'
import type { PersonKeys } from '../../../contract/booking/person.js'
import { submissionKeyMs, type ConsultationFields, type ContactFields } from '../formStore.js'
import { searchTerms, type InboxCollection, type InboxRecord, type ListQuery, type Page } from '../inboxQuery.js'
import { noEmails, type InboxStore, type LeadArrival, type LeadFollow, type Subscription } from '../inboxStore.js'
import { meetingFollowingLead, withMeetingCancelled } from '../leadMeeting.js'
import type { OverviewData, OverviewWindow } from '../overviewQuery.js'
import { arrivingRecord, triageSet } from '../plans.js'
import type { Data, RecordCollection, StoredRecord, SubscriberRecord } from '../records.js'
import { inboxPlaces } from './columns.js'
import type { PostgresCore } from './core.js'
import { inboxValues, insertInboxSql, queueEmails } from './inserts.js'
import { cancelWithLead, lockedMeetingOf } from './leadMeeting.js'
import { meetingOf, type MeetingRow } from './meetings.js'
import { postgresOverviewData, type OverviewReads } from './overviewQuery.js'
import { emailRecord, inboxRecord, subscriberRecord, tableOf, type InboxRow, type Row } from './rows.js'

// The inbox of the PostgreSQL store: requests, messages and subscribers, as they arrive and as the
// admin triages them (InboxStore, ../inboxStore.ts).

// An ISO instant made by the service (never a client's text), as an SQL literal.
const pgLiteral = (instant: string) => `'${new Date(instant).toISOString()}'`

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

export function inboxFace(core: PostgresCore): InboxStore {
  /** Records with the meeting each has. */
  const withMeetings = async (records: InboxRecord[]): Promise<InboxRecord[]> => {
    if (records.length === 0) return records
    const rows = await core.query<MeetingRow>('SELECT * FROM meetings WHERE request_id = ANY($1::text[])', [records.map((record) => record.id)])
    const byRequest = new Map(rows.map((row) => [row.request_id, meetingOf(row)]))
    return records.map((record) => (byRequest.has(record.id) ? { ...record, meeting: byRequest.get(record.id) } : record))
  }

  const insertInbox = async (collection: InboxCollection, lead: LeadArrival<object>): Promise<InboxRecord> => {
    const { fields, emails = noEmails, submissionKey, suspicion, owner } = lead
    const record = arrivingRecord(fields, { id: randomUUID(), at: core.now().toISOString(), submissionKey, suspicion, owner }) as InboxRecord
    const insert = () =>
      core.query<InboxRow>(insertInboxSql(collection, true), [...inboxValues(record), emails.kinds, emails.requestId ?? null, emails.from ?? null])
    let [stored] = await insert()
    if (!stored) {
      // The same attempt again, also while the first was still being written: the unique index waited for it.
      const [first] = await core.query<InboxRow>(`SELECT * FROM ${tableOf[collection]} WHERE submission_key = $1`, [submissionKey])
      if (first && core.now().getTime() - first.received_at.getTime() < submissionKeyMs) return inboxRecord(first)
      // A key older than 24 hours is free again: the first submission keeps its record, not its key.
      await core.query(`UPDATE ${tableOf[collection]} SET submission_key = NULL WHERE submission_key = $1`, [submissionKey])
      ;[stored] = await insert()
      if (!stored) return insertInbox(collection, lead)
    }
    if (emails.kinds.length > 0) core.emailsQueued()
    return inboxRecord(stored)
  }

  const inbox: InboxStore = {
    async addConsultation(lead: LeadArrival<ConsultationFields>) {
      return insertInbox('consultations', lead) as Promise<StoredRecord<'consultations'>>
    },

    async addContact(lead: LeadArrival<ContactFields>) {
      return insertInbox('contacts', lead) as Promise<StoredRecord<'contacts'>>
    },

    async subscribe({ email, emails = noEmails, source }: Subscription): Promise<SubscriberRecord> {
      const record: SubscriberRecord = { id: randomUUID(), email, subscribedAt: core.now().toISOString(), ...(source ? { source } : {}) }
      // The unique index decides, not a read before the write: two replicas cannot both add an address.
      // One statement (so one round trip and one commit) inserts the subscriber and, only if it is new, its emails.
      const [inserted] = await core.query<Row>(
        `WITH inserted AS (
           INSERT INTO newsletter_subscribers (id, email, email_key, subscribed_at, source) VALUES ($1, $2, lower($2), $3, $6)
           ON CONFLICT (email_key) DO NOTHING RETURNING *
         ), queued AS (${queueEmails('newsletterSubscribers', '$3', '$4', '$5', '$7')})
         SELECT * FROM inserted`,
        [record.id, email, record.subscribedAt, emails.kinds, emails.requestId ?? null, source ?? null, emails.from ?? null],
      )
      if (inserted) {
        if (emails.kinds.length > 0) core.emailsQueued()
        return subscriberRecord(inserted)
      }
      const [known] = await core.query<Row>('SELECT * FROM newsletter_subscribers WHERE email_key = lower($1)', [email])
      return subscriberRecord(known!)
    },

    async subscribers(): Promise<readonly SubscriberRecord[]> {
      return (await core.query<Row>('SELECT * FROM newsletter_subscribers ORDER BY seq')).map(subscriberRecord)
    },

    async list<C extends InboxCollection>(collection: C, query: ListQuery): Promise<Page<StoredRecord<C>>> {
      const terms = searchTerms(query.q)
      // Only the conditions that apply, each with its own parameter: a plan that can use the indexes.
      const params: unknown[] = []
      const param = (value: unknown) => `$${params.push(value)}`
      const conditions = [query.status ? `status = ${param(query.status)}` : `status <> 'spam'`]
      if (query.owner !== undefined) conditions.push(`fields->>'owner' = ${param(query.owner)}`)
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
      const page = await core.page<InboxRow>(tableOf[collection], where, params, query, order)
      const items = page.items.map(inboxRecord)
      return { items: (collection === 'consultations' ? await withMeetings(items) : items) as StoredRecord<C>[], total: page.total }
    },

    async find<C extends RecordCollection>(collection: C, id: string): Promise<StoredRecord<C> | undefined> {
      const [row] = await core.query(`SELECT * FROM ${tableOf[collection]} WHERE id = $1`, [id])
      if (!row) return undefined
      if (collection === 'newsletterSubscribers') return subscriberRecord(row as Row) as StoredRecord<C>
      if (collection === 'emails') return emailRecord(row as Row) as StoredRecord<C>
      const record = inboxRecord(row as InboxRow)
      return (collection === 'consultations' ? (await withMeetings([record]))[0] : record) as StoredRecord<C>
    },

    async counts(collection: InboxCollection): Promise<Record<InboxStatus, number>> {
      const counts = { new: 0, contacted: 0, closed: 0, spam: 0 }
      for (const row of await core.query<{ status: InboxStatus; n: number }>(`SELECT status, count(*)::int AS n FROM ${tableOf[collection]} GROUP BY status`))
        counts[row.status] = row.n
      return counts
    },

    async countOverdue(collection: InboxCollection, before: string): Promise<number> {
      const [row] = await core.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tableOf[collection]} WHERE status = 'new' AND received_at <= $1`, [
        before,
      ])
      return row!.n
    },

    async overviewData(window: OverviewWindow): Promise<OverviewData> {
      const reads: OverviewReads = {
        countOverdue: (collection, before) => inbox.countOverdue(collection, before),
        rows: <T>(sql: string, params: unknown[]) => core.query<T & pg.QueryResultRow>(sql, params),
      }
      return postgresOverviewData(reads, window)
    },

    async receivedBetween<C extends InboxCollection>(collection: C, from: string, to: string, status?: InboxStatus): Promise<StoredRecord<C>[]> {
      const rows = await core.query<InboxRow>(
        `SELECT * FROM ${tableOf[collection]} WHERE received_at >= $1 AND received_at < $2
         AND (CASE WHEN $3::text IS NULL THEN status <> 'spam' ELSE status = $3 END) ORDER BY received_at, seq`,
        [from, to, status ?? null],
      )
      const records = rows.map(inboxRecord)
      return (collection === 'consultations' ? await withMeetings(records) : records) as StoredRecord<C>[]
    },

    async byAddress(email: string) {
      const of = async (table: string) =>
        (await core.query<InboxRow>(`SELECT * FROM ${table} WHERE lower(fields->>'email') = lower($1) ORDER BY seq DESC`, [email.trim()])).map(inboxRecord)
      const [subscriber] = await core.query<Row>('SELECT * FROM newsletter_subscribers WHERE email_key = lower($1)', [email.trim()])
      return {
        consultations: (await of('consultations')) as Data['consultations'],
        contacts: (await of('contacts')) as Data['contacts'],
        subscriber: subscriber ? subscriberRecord(subscriber) : null,
      }
    },

    async subscriberOf(email: string): Promise<SubscriberRecord | null> {
      const [subscriber] = await core.query<Row>('SELECT * FROM newsletter_subscribers WHERE email_key = lower($1)', [email.trim()])
      return subscriber ? subscriberRecord(subscriber) : null
    },

    async samePerson(keys: readonly PersonKeys[], limit: number) {
      // Two indexed conditions joined by OR: a bitmap of both indexes, never a scan of the table. An empty
      // phone key is left out of the array (a condition on it would hide the index from the plan).
      const of = async (table: string) =>
        (
          await core.query<InboxRow>(
            // Found first, then ordered: ORDER BY … LIMIT alone tempts the planner to walk the received_at index through the table.
            `WITH found AS MATERIALIZED (SELECT * FROM ${table} WHERE email_key = ANY($1::text[]) OR phone_key = ANY($2::text[]))
             SELECT * FROM found ORDER BY received_at DESC LIMIT $3`,
            [keys.map((one) => one.email), keys.map((one) => one.phone).filter(Boolean), limit],
          )
        ).map(inboxRecord)
      return {
        consultations: (await withMeetings(await of('consultations'))) as Data['consultations'],
        contacts: (await of('contacts')) as Data['contacts'],
      }
    },

    async eraseReceivedBefore(before: string): Promise<number> {
      return core.transaction(async (client) => {
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
    },

    async latestLeadByOwner() {
      const rows = await core.query<{ owner: string; latest: Date }>(
        `SELECT owner, max(received_at) AS latest FROM (
           SELECT fields->>'owner' AS owner, received_at FROM consultations UNION ALL SELECT fields->>'owner', received_at FROM contacts
         ) AS leads WHERE owner IS NOT NULL GROUP BY owner`,
      )
      return new Map(rows.map((row) => [row.owner, row.latest.toISOString()]))
    },

    async update<C extends InboxCollection>(
      collection: C,
      id: string,
      change: InboxChange & ChangedBy,
      follow?: LeadFollow,
    ): Promise<StoredRecord<C> | undefined> {
      let queued = false
      const row = await core.transaction(async (client) => {
        const { rows } = await client.query<InboxRow>(`SELECT * FROM ${tableOf[collection]} WHERE id = $1 FOR UPDATE`, [id])
        if (!rows[0]) return undefined
        const at = core.now().toISOString()
        // The status and the meeting that follows it: one transaction.
        const meeting = collection === 'consultations' && change.status !== undefined ? await lockedMeetingOf(client, id) : undefined
        const cancel = meetingFollowingLead({ meeting }, change, core.now(), follow)
        if (meeting && cancel) {
          await cancelWithLead(client, id, meeting, cancel, at)
          queued = cancel.emails.kinds.length > 0
        }
        const set = withMeetingCancelled(triageSet(inboxRecord(rows[0]), change, at), cancel !== null)
        if (Object.keys(set).length === 0) return rows[0]
        // What triage keeps in `fields` (inboxPlaces) is merged into it; a null (the suspicion cleared) is kept as null.
        const inFields = Object.fromEntries(Object.entries(set).filter(([field]) => inboxPlaces[field as keyof Triage] === 'fields'))
        const updated = await client.query<InboxRow>(
          `UPDATE ${tableOf[collection]} SET status = coalesce($2, status), status_changes = coalesce($3, status_changes),
             note = coalesce($4, note), note_updated_at = coalesce($5, note_updated_at), fields = fields || $6::jsonb WHERE id = $1 RETURNING *`,
          [
            id,
            set.status ?? null,
            set.statusChanges ? JSON.stringify(set.statusChanges) : null,
            set.note ?? null,
            set.noteUpdatedAt ?? null,
            JSON.stringify(inFields),
          ],
        )
        return updated.rows[0]
      })
      if (!row) return undefined
      if (queued) core.emailsQueued()
      return (collection === 'consultations' ? (await withMeetings([inboxRecord(row)]))[0] : inboxRecord(row)) as StoredRecord<C>
    },

    async remove(collection: Exclude<RecordCollection, 'emails'>, id: string): Promise<boolean> {
      return core.transaction(async (client) => {
        await client.query('DELETE FROM emails WHERE about_collection = $1 AND about_id = $2', [collection, id])
        const { rowCount } = await client.query(`DELETE FROM ${tableOf[collection]} WHERE id = $1`, [id])
        return (rowCount ?? 0) > 0
      })
    },
  }
  return inbox
}
