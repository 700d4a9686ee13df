import type pg from 'pg'
import type { BookingSettings } from '../../../contract/booking/booking.js'
import { StoreUnavailableError } from '../formStore.js'
import type { Page } from '../inboxQuery.js'

// What every face of the PostgreSQL store shares: the pool and its queries and transactions, the clock,
// the booking settings, one page of a table, and the listeners told after a commit that queued emails.

/** The shared state and primitives the faces (inboxFace.ts, outboxFace.ts, …) are built on. */
export interface PostgresCore {
  readonly pool: pg.Pool
  /** The clock of `receivedAt` and status changes. */
  readonly now: () => Date
  /** The cells a meeting takes (content/booking.json); an import of meetings needs them. */
  readonly booking: BookingSettings | (() => BookingSettings) | undefined
  /** The rows of one statement; a database out of reach is a StoreUnavailableError. */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>
  /** `work` on one connection between BEGIN and COMMIT, rolled back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>
  /**
   * One page of `table`: the ids of the page in `order`, then their rows. Ordering only ids (not whole
   * rows with their fields) and counting apart keeps a page of 100,000 records a narrow scan.
   */
  page<R extends pg.QueryResultRow & { id: string }>(
    table: string,
    where: string,
    params: unknown[],
    page: { offset: number; limit: number },
    order?: string,
  ): Promise<Page<R>>
  /** Tells the listeners of onEmailsQueued: a commit queued emails. */
  emailsQueued(): void
  onEmailsQueued(listener: () => void): void
}

// Errors of the database's own state or of reaching it: 08 connection, 57 operator intervention, 53 resources.
export const unavailable = (error: unknown) => {
  const code = String((error as { code?: unknown }).code ?? '')
  return (
    /^(08|57|53)/.test(code) ||
    /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/.test(code) ||
    /timeout|terminat|Connection/i.test((error as Error).message ?? '')
  )
}

export function postgresCore(pool: pg.Pool, now: () => Date, booking?: BookingSettings | (() => BookingSettings)): PostgresCore {
  const listeners: Array<() => void> = []

  const query = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> => {
    try {
      return (await pool.query<R>(sql, params)).rows
    } catch (error) {
      throw unavailable(error) ? new StoreUnavailableError(error) : error
    }
  }

  const transaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    let client: pg.PoolClient
    try {
      client = await pool.connect()
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

  const page = async <R extends pg.QueryResultRow & { id: string }>(
    table: string,
    where: string,
    params: unknown[],
    page: { offset: number; limit: number },
    order = 'seq DESC',
  ): Promise<Page<R>> => {
    const at = params.length
    const [ids, [count]] = await Promise.all([
      query<{ id: string }>(`SELECT id FROM ${table} WHERE ${where} ORDER BY ${order} OFFSET $${at + 1} LIMIT $${at + 2}`, [
        ...params,
        page.offset,
        page.limit,
      ]),
      query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params),
    ])
    const rows = ids.length === 0 ? [] : await query<R>(`SELECT * FROM ${table} WHERE id = ANY($1)`, [ids.map((row) => row.id)])
    const byId = new Map(rows.map((row) => [row.id, row]))
    // A record erased between the two queries is left out.
    const items = ids.flatMap(({ id }) => byId.get(id) ?? [])
    return { items, total: count!.n }
  }

  return {
    pool,
    now,
    booking,
    query,
    transaction,
    page,
    emailsQueued() {
      for (const listener of listeners) listener()
    },
    onEmailsQueued(listener) {
      listeners.push(listener)
    },
  }
}
