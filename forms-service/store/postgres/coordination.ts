import type pg from 'pg'
import type { Coordination } from '../coordination.js'
import { judgeAttempt, windowStart, type Failures } from '../loginRule.js'

type Query = <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>
type Transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>

// One advisory lock for all password checks: they are rare, and counting must not race across replicas.
const loginLock = 4_210_752

/** Password guesses and rate limits in tables, so that every replica sees the same. */
export function postgresCoordination(query: Query, transaction: Transaction): Coordination {
  return {
    // The rule is loginRule.ts's; here are its counts. A forgiven failure keeps its row, counted overall only.
    loginAttempts: {
      attempt: ({ key, scope, knownBrowser }, limits, now) =>
        transaction(async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1)', [loginLock])
          await client.query('DELETE FROM login_attempts WHERE at <= $1', [new Date(windowStart(now.getTime(), limits))])
          const failures = async (where: string, params: unknown[]): Promise<Failures> => {
            const { rows } = await client.query<{ n: number; first: Date | null }>(
              `SELECT count(*)::int AS n, min(at) AS first FROM login_attempts WHERE ${where}`,
              params,
            )
            return { count: rows[0]!.n, oldest: rows[0]!.first?.getTime() ?? null }
          }
          const judged = judgeAttempt(
            await failures('key = $1 AND NOT forgiven', [key]),
            await failures('scope = $1 AND NOT known_browser', [scope]),
            knownBrowser,
            limits,
            now.getTime(),
          )
          if ('allowed' in judged)
            await client.query('INSERT INTO login_attempts (key, scope, known_browser, at) VALUES ($1, $2, $3, $4)', [key, scope, knownBrowser, now])
          return judged
        }),
      forgive: ({ key }) =>
        transaction(async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1)', [loginLock])
          await client.query('DELETE FROM login_attempts WHERE id = (SELECT max(id) FROM login_attempts WHERE key = $1 AND NOT forgiven)', [key])
          await client.query('UPDATE login_attempts SET forgiven = true WHERE key = $1 AND NOT forgiven', [key])
        }),
    },
    rateCounter: {
      async hit(key, windowMs, now) {
        const start = Math.floor(now.getTime() / windowMs) * windowMs
        const [row] = await query<{ count: number }>(
          `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
           ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1 RETURNING count`,
          [key, start],
        )
        // Now and then, forget the windows that have ended.
        if (Math.random() < 0.01) await query('DELETE FROM rate_limits WHERE window_start < $1', [start])
        return { count: row!.count, resetAt: start + windowMs }
      },
    },
  }
}
