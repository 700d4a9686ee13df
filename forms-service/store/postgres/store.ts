import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { InboxChange, InboxStatus } from '../../../contract/inbox.js'
import {
  StoreNotEmptyError,
  StoreUnavailableError,
  submissionKeyMs,
  triageSet,
  type ConsultationFields,
  type ContactFields,
  type EmailKinds,
  type FormStore,
  type StoreOptions,
} from '../formStore.js'
import { haystackOf, searchTerms, type InboxCollection, type InboxRecord, type ListQuery, type Page } from '../inboxQuery.js'
import { collections, emptyData, type Collection, type Data, type EmailRecord, type StoredRecord, type SubscriberRecord } from '../records.js'
import { postgresCoordination } from './coordination.js'
import { migrate } from './migrations.js'
import { emailColumns, emailRecord, formFields, inboxRecord, subscriberRecord, tableOf, type EmailRow, type InboxRow, type SubscriberRow } from './rows.js'

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
  try {
    await migrate(pool)
  } catch (error) {
    await pool.end()
    // Say which setting to look at, and where it points, never with its password.
    const { hostname, port } = new URL(url)
    const where = `the database of DATABASE_URL (${hostname}:${port || 5432})`
    throw new Error(unavailable(error) ? `cannot reach ${where}: ${(error as Error).message}` : `${where} refused: ${(error as Error).message}`, {
      cause: error,
    })
  }
  return new PostgresStore(pool, options.now ?? (() => new Date()))
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

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * A record's insert, with its emails (`$11`, a text array of kinds) queued in the same statement when
 * the record is new: one round trip, one commit, both or neither.
 */
function insertInboxSql(collection: InboxCollection, withEmails: boolean): string {
  const insert = `INSERT INTO ${tableOf[collection]} (id, received_at, fields, status, status_changes, note, note_updated_at, submission_key, search, phone_digits)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (submission_key) DO NOTHING RETURNING *`
  return withEmails ? `WITH inserted AS (${insert}), queued AS (${queueEmails(collection, '$2', '$11')}) SELECT * FROM inserted` : insert
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
  ]
}

/** Queues one email per kind in `kinds` (a text array parameter) for the row of `inserted`, due at `at`. */
const queueEmails = (collection: EmailRecord['about']['collection'], at: string, kinds: string) =>
  `INSERT INTO emails (id, about_collection, about_id, kind, created_at, state, next_attempt_at)
   SELECT gen_random_uuid()::text, '${collection}', inserted.id, kind, ${at}::timestamptz, 'queued', ${at}::timestamptz FROM inserted, unnest(${kinds}::text[]) AS kind`

class PostgresStore implements FormStore {
  private readonly listeners: Array<() => void> = []
  readonly coordination

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date,
  ) {
    this.coordination = postgresCoordination(this.query.bind(this), this.transaction.bind(this))
  }

  async addConsultation(fields: ConsultationFields, emails: EmailKinds = [], submissionKey?: string) {
    return this.insertInbox('consultations', fields, emails, submissionKey) as Promise<StoredRecord<'consultations'>>
  }

  async addContact(fields: ContactFields, emails: EmailKinds = [], submissionKey?: string) {
    return this.insertInbox('contacts', fields, emails, submissionKey) as Promise<StoredRecord<'contacts'>>
  }

  async subscribe(email: string, emails: EmailKinds = []): Promise<SubscriberRecord> {
    const record: SubscriberRecord = { id: randomUUID(), email, subscribedAt: this.now().toISOString() }
    // The unique index decides, not a read before the write: two replicas cannot both add an address.
    // One statement (so one round trip and one commit) inserts the subscriber and, only if it is new, its emails.
    const [inserted] = await this.query<SubscriberRow>(
      `WITH inserted AS (
         INSERT INTO newsletter_subscribers (id, email, email_key, subscribed_at) VALUES ($1, $2, lower($2), $3)
         ON CONFLICT (email_key) DO NOTHING RETURNING *
       ), queued AS (${queueEmails('newsletterSubscribers', '$3', '$4')})
       SELECT * FROM inserted`,
      [record.id, email, record.subscribedAt, emails],
    )
    if (inserted) {
      if (emails.length > 0) this.emailsQueued()
      return subscriberRecord(inserted)
    }
    const [known] = await this.query<SubscriberRow>('SELECT * FROM newsletter_subscribers WHERE email_key = lower($1)', [email])
    return subscriberRecord(known!)
  }

  async subscribers(): Promise<readonly SubscriberRecord[]> {
    return (await this.query<SubscriberRow>('SELECT id, email, subscribed_at FROM newsletter_subscribers ORDER BY seq')).map(subscriberRecord)
  }

  async list<C extends InboxCollection>(collection: C, query: ListQuery): Promise<Page<StoredRecord<C>>> {
    const terms = searchTerms(query.q)
    const where = `($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR search LIKE $2 OR ($3::text IS NOT NULL AND phone_digits LIKE $3))`
    const params = [query.status ?? null, terms ? likePattern(terms.text) : null, terms?.digits ? likePattern(terms.digits) : null]
    const page = await this.page<InboxRow>(tableOf[collection], where, params, query)
    return { items: page.items.map(inboxRecord) as StoredRecord<C>[], total: page.total }
  }

  async find<C extends Collection>(collection: C, id: string): Promise<StoredRecord<C> | undefined> {
    const [row] = await this.query(`SELECT * FROM ${tableOf[collection]} WHERE id = $1`, [id])
    if (!row) return undefined
    if (collection === 'newsletterSubscribers') return subscriberRecord(row as SubscriberRow) as StoredRecord<C>
    if (collection === 'emails') return emailRecord(row as EmailRow) as StoredRecord<C>
    return inboxRecord(row as InboxRow) as StoredRecord<C>
  }

  async counts(collection: InboxCollection): Promise<Record<InboxStatus, number>> {
    const counts = { new: 0, contacted: 0, closed: 0 }
    for (const row of await this.query<{ status: InboxStatus; n: number }>(`SELECT status, count(*)::int AS n FROM ${tableOf[collection]} GROUP BY status`))
      counts[row.status] = row.n
    return counts
  }

  async update<C extends InboxCollection>(collection: C, id: string, change: InboxChange): Promise<StoredRecord<C> | undefined> {
    const row = await this.transaction(async (client) => {
      const { rows } = await client.query<InboxRow>(`SELECT * FROM ${tableOf[collection]} WHERE id = $1 FOR UPDATE`, [id])
      if (!rows[0]) return undefined
      const set = triageSet(inboxRecord(rows[0]), change, this.now().toISOString())
      if (Object.keys(set).length === 0) return rows[0]
      const updated = await client.query<InboxRow>(
        `UPDATE ${tableOf[collection]} SET status = coalesce($2, status), status_changes = coalesce($3, status_changes),
           note = coalesce($4, note), note_updated_at = coalesce($5, note_updated_at) WHERE id = $1 RETURNING *`,
        [id, set.status ?? null, set.statusChanges ? JSON.stringify(set.statusChanges) : null, set.note ?? null, set.noteUpdatedAt ?? null],
      )
      return updated.rows[0]
    })
    return row ? (inboxRecord(row) as StoredRecord<C>) : undefined
  }

  async remove(collection: Exclude<Collection, 'emails'>, id: string): Promise<boolean> {
    return this.transaction(async (client) => {
      await client.query('DELETE FROM emails WHERE about_collection = $1 AND about_id = $2', [collection, id])
      const { rowCount } = await client.query(`DELETE FROM ${tableOf[collection]} WHERE id = $1`, [id])
      return (rowCount ?? 0) > 0
    })
  }

  async emailsAbout(collection: EmailRecord['about']['collection'], id: string): Promise<EmailRecord[]> {
    return (await this.query<EmailRow>('SELECT * FROM emails WHERE about_collection = $1 AND about_id = $2 ORDER BY seq', [collection, id])).map(emailRecord)
  }

  async listEmails(query: { state?: EmailRecord['state']; offset: number; limit: number }): Promise<Page<EmailRecord>> {
    const page = await this.page<EmailRow>('emails', '($1::text IS NULL OR state = $1)', [query.state ?? null], query)
    return { items: page.items.map(emailRecord), total: page.total }
  }

  async claimDueEmails(now: Date, limit: number, leaseMs: number): Promise<EmailRecord[]> {
    // SKIP LOCKED: replicas claiming at the same moment take different emails; a lease that ran out
    // (its sender died mid-send) makes an email claimable again.
    const rows = await this.query<EmailRow>(
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

  async updateEmail(id: string, set: Partial<Omit<EmailRecord, 'id' | 'about' | 'kind' | 'createdAt'>>): Promise<EmailRecord | undefined> {
    const entries = Object.entries(set).filter(([field]) => emailColumns[field])
    const assignments = entries.map(([field], index) => `${emailColumns[field]} = $${index + 2}`)
    const [row] = await this.query<EmailRow>(`UPDATE emails SET ${[...assignments, 'claimed_until = NULL'].join(', ')} WHERE id = $1 RETURNING *`, [
      id,
      ...entries.map(([, value]) => value),
    ])
    if (row && set.state === 'queued') this.emailsQueued()
    return row ? emailRecord(row) : undefined
  }

  onEmailsQueued(listener: () => void): void {
    this.listeners.push(listener)
  }

  async exportData(): Promise<Data> {
    const data = emptyData()
    data.consultations = (await this.query<InboxRow>('SELECT * FROM consultations ORDER BY seq')).map(inboxRecord) as Data['consultations']
    data.contacts = (await this.query<InboxRow>('SELECT * FROM contacts ORDER BY seq')).map(inboxRecord) as Data['contacts']
    data.newsletterSubscribers = [...(await this.subscribers())]
    data.emails = (await this.query<EmailRow>('SELECT * FROM emails ORDER BY seq')).map(emailRecord)
    return data
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
      for (const record of data.newsletterSubscribers) {
        await client.query('INSERT INTO newsletter_subscribers (id, email, email_key, subscribed_at) VALUES ($1, $2, lower($2), $3)', [
          record.id,
          record.email,
          record.subscribedAt,
        ])
      }
      for (const email of data.emails) {
        await client.query(
          `INSERT INTO emails (id, about_collection, about_id, kind, created_at, queued_at, state, attempts, next_attempt_at, last_error, sent_at, to_address, subject, file)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            email.id,
            email.about.collection,
            email.about.id,
            email.kind,
            email.createdAt,
            email.queuedAt ?? null,
            email.state,
            email.attempts,
            email.nextAttemptAt,
            email.lastError ?? null,
            email.sentAt ?? null,
            email.to ?? null,
            email.subject ?? null,
            email.file ?? null,
          ],
        )
      }
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

  private async insertInbox(collection: InboxCollection, fields: object, emails: EmailKinds, submissionKey: string | undefined): Promise<InboxRecord> {
    const record = { id: randomUUID(), receivedAt: this.now().toISOString(), ...fields, ...(submissionKey ? { submissionKey } : {}) } as InboxRecord
    const insert = () => this.query<InboxRow>(insertInboxSql(collection, true), [...inboxValues(record), emails])
    let [stored] = await insert()
    if (!stored) {
      // The same attempt again, also while the first was still being written: the unique index waited for it.
      const [first] = await this.query<InboxRow>(`SELECT * FROM ${tableOf[collection]} WHERE submission_key = $1`, [submissionKey])
      if (first && this.now().getTime() - first.received_at.getTime() < submissionKeyMs) return inboxRecord(first)
      // A key older than 24 hours is free again: the first submission keeps its record, not its key.
      await this.query(`UPDATE ${tableOf[collection]} SET submission_key = NULL WHERE submission_key = $1`, [submissionKey])
      ;[stored] = await insert()
      if (!stored) return this.insertInbox(collection, fields, emails, submissionKey)
    }
    if (emails.length > 0) this.emailsQueued()
    return inboxRecord(stored)
  }

  /**
   * The rows of `table` matching `where` (on `params`), newest first, and how many match: counted in
   * the same query, or by a second one when the page lies past the end.
   */
  private async page<R extends pg.QueryResultRow>(table: string, where: string, params: unknown[], page: { offset: number; limit: number }): Promise<Page<R>> {
    const at = params.length
    const rows = await this.query<R & { total: string }>(
      `SELECT *, count(*) OVER () AS total FROM ${table} WHERE ${where} ORDER BY seq DESC OFFSET $${at + 1} LIMIT $${at + 2}`,
      [...params, page.offset, page.limit],
    )
    const total = rows[0] ? Number(rows[0].total) : Number((await this.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, params))[0]!.n)
    return { items: rows, total }
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
