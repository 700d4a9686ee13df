import type { LoginLimits } from './loginRule.js'

/**
 * What replicas must agree on besides the records: admin sessions, password guesses and the POST rate
 * limit. The embedded store keeps them in this process's memory (embedded/coordination.ts);
 * PostgreSQL keeps them in tables, so a session opened on one replica works on another and the limits
 * count across all of them.
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

/** Password guesses, counted by the rule of loginRule.ts. */
export interface LoginAttempts {
  /** Counts an attempt by `key` now; the seconds to wait if it must not be tried. */
  attempt(key: string, knownBrowser: boolean, limits: LoginLimits, now: Date): Promise<{ retryAfter: number } | { allowed: true }>
  /** A right password: forgets the key's failures, this attempt's included; the overall count drops this attempt only. */
  forgive(key: string, knownBrowser: boolean, now: Date): Promise<void>
}

export interface RateCounter {
  /** Counts a request by `key` in the current window of `windowMs`; the count so far and when the window ends. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: number }>
}
