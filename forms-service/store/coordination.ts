import type { LoginLimits } from './loginRule.js'

/**
 * What replicas must agree on besides the records: password guesses and the POST rate limit (the
 * sessions are records: store/people.ts). The embedded store keeps them in this process's memory (embedded/coordination.ts);
 * PostgreSQL keeps them in tables, so the limits count across every replica.
 */
export interface Coordination {
  loginAttempts: LoginAttempts
  rateCounter: RateCounter
}

/** One password attempt: its key (the account's address, or the bootstrap password, with the browser or client address), its scope and whether the browser is known. */
export interface LoginAttempt {
  key: string
  /** What the overall limit counts within: one account's address, or the bootstrap password. */
  scope: string
  knownBrowser: boolean
}

/** Password guesses, counted by the rule of loginRule.ts. */
export interface LoginAttempts {
  /** Counts an attempt now; the seconds to wait if it must not be tried. */
  attempt(attempt: LoginAttempt, limits: LoginLimits, now: Date): Promise<{ retryAfter: number } | { allowed: true }>
  /** A right password: forgets the key's failures, this attempt's included; the scope's count drops this attempt only. */
  forgive(attempt: LoginAttempt, now: Date): Promise<void>
}

export interface RateCounter {
  /** Counts a request by `key` in the current window of `windowMs`; the count so far and when the window ends. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: number }>
}
