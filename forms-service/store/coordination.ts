import { LoginThrottle, type LoginLimits } from '../middleware/loginThrottle.js'

/**
 * What replicas must agree on besides the records: admin sessions, password guesses and the POST rate
 * limit. The embedded store keeps them in this process's memory; PostgreSQL keeps them in tables, so
 * a session opened on one replica works on another and the limits count across all of them.
 */
export interface Coordination {
  sessions: Sessions
  loginAttempts: LoginAttempts
  rateCounter: RateCounter
}

export interface Sessions {
  /** Tokens are stored as their SHA-256: a copy of the store opens no session. */
  create(tokenHash: string, expiresAt: Date): Promise<void>
  isValid(tokenHash: string, now: Date): Promise<boolean>
  remove(tokenHash: string): Promise<void>
}

export interface LoginAttempts {
  /** Counts an attempt by `key` now (see loginThrottle.ts); the seconds to wait if it must not be tried. */
  attempt(key: string, knownBrowser: boolean, limits: LoginLimits, now: Date): Promise<{ retryAfter: number } | { allowed: true }>
  /** A right password: forgets the key's failures, this attempt's included. */
  forgive(key: string, knownBrowser: boolean, now: Date): Promise<void>
}

export interface RateCounter {
  /** Counts a request by `key` in the current window of `windowMs`; the count so far and when the window ends. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: number }>
}

/** Everything in this process's memory: one process, one view. */
export function memoryCoordination(): Coordination {
  const sessions = new Map<string, number>()
  const throttle = new LoginThrottle()
  const windows = new Map<string, { start: number; count: number }>()
  return {
    sessions: {
      async create(tokenHash, expiresAt) {
        sessions.set(tokenHash, expiresAt.getTime())
      },
      async isValid(tokenHash, now) {
        const expires = sessions.get(tokenHash)
        if (expires !== undefined && expires < now.getTime()) sessions.delete(tokenHash)
        return expires !== undefined && expires >= now.getTime()
      },
      async remove(tokenHash) {
        sessions.delete(tokenHash)
      },
    },
    loginAttempts: {
      attempt: async (key, knownBrowser, limits, now) => throttle.attempt(key, knownBrowser, limits, now.getTime()),
      forgive: async (key, knownBrowser) => throttle.forgive(key, knownBrowser),
    },
    rateCounter: {
      async hit(key, windowMs, now) {
        const start = Math.floor(now.getTime() / windowMs) * windowMs
        const current = windows.get(key)
        const entry = current && current.start === start ? current : { start, count: 0 }
        entry.count++
        windows.set(key, entry)
        if (windows.size > 50_000) for (const [old, value] of windows) if (value.start < start) windows.delete(old)
        return { count: entry.count, resetAt: start + windowMs }
      },
    },
  }
}
