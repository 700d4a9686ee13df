import type pg from 'pg'
import type { Coordination } from '../coordination.js'

type Query = <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>
type Transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>

// One advisory lock for all password checks: they are rare, and counting must not race across replicas.
const loginLock = 4_210_752

/** Sessions, password guesses and rate limits in tables, so that every replica sees the same. */
export function postgresCoordination(query: Query, transaction: Transaction): Coordination {
  return {
    sessions: {
      async create(tokenHash, expiresAt) {
        await query('DELETE FROM admin_sessions WHERE expires_at < now()')
        await query('INSERT INTO admin_sessions (token_hash, expires_at) VALUES ($1, $2)', [tokenHash, expiresAt])
      },
      async isValid(tokenHash, now) {
        return (await query('SELECT 1 FROM admin_sessions WHERE token_hash = $1 AND expires_at >= $2', [tokenHash, now])).length > 0
      },
      async remove(tokenHash) {
        await query('DELETE FROM admin_sessions WHERE token_hash = $1', [tokenHash])
      },
    },
    loginAttempts: {
      attempt: (key, knownBrowser, limits, now) =>
        transaction(async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1)', [loginLock])
          const since = new Date(now.getTime() - limits.windowMs)
          await client.query('DELETE FROM login_attempts WHERE at <= $1', [since])
          const mine = await client.query<{ n: number; first: Date | null }>('SELECT count(*)::int AS n, min(at) AS first FROM login_attempts WHERE key = $1', [
            key,
          ])
          const all = await client.query<{ n: number; first: Date | null }>(
            'SELECT count(*)::int AS n, min(at) AS first FROM login_attempts WHERE NOT known_browser',
          )
          const limited = mine.rows[0]!.n >= limits.perKey ? mine.rows[0]! : !knownBrowser && all.rows[0]!.n >= limits.overall ? all.rows[0]! : null
          if (limited) return { retryAfter: Math.max(1, Math.ceil((limited.first!.getTime() + limits.windowMs - now.getTime()) / 1000)) }
          await client.query('INSERT INTO login_attempts (key, known_browser, at) VALUES ($1, $2, $3)', [key, knownBrowser, now])
          return { allowed: true as const }
        }),
      async forgive(key) {
        await query('DELETE FROM login_attempts WHERE key = $1', [key])
      },
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
