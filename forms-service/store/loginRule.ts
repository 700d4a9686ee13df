/** How many failed password attempts are allowed, per key and from everyone together, in a window. */
export interface LoginLimits {
  perKey: number
  overall: number
  windowMs: number
}

export const defaultLoginLimits: LoginLimits = { perKey: 5, overall: 50, windowMs: 15 * 60 * 1000 }

/**
 * The password-guess rule, the same on both stores (each keeps the attempts in its own way:
 * embedded/coordination.ts in this process's memory, postgres/coordination.ts in a table shared by
 * the replicas). An attempt counts as a failure the moment it starts, and is forgiven only if the
 * password was right, so guesses sent in parallel are counted like guesses sent one by one.
 *
 * - Per key (a client address, or a browser the admin has signed in with before): `perKey` failures
 *   within `windowMs`, then 429 until the oldest of them is out of the window.
 * - Overall: `overall` failures within `windowMs` from all addresses together (known browsers not
 *   counted), then every attempt without a known browser gets 429. Guessing from many addresses gets
 *   nowhere either.
 * - A right password forgets the key's failures, this attempt's included. The overall count drops
 *   only this attempt: the key's wrong guesses before it stay counted there, since a right password
 *   from an address does not undo the guessing the overall limit watches.
 *
 * An attacker behind the admin's own address (an office NAT, an untrusted proxy) can lock that
 * address, and a flood can lock everyone out; the admin's known browser is keyed on its own and
 * still signs in.
 */
export function judgeAttempt(
  mine: Failures,
  overall: Failures,
  knownBrowser: boolean,
  limits: LoginLimits,
  now: number,
): { retryAfter: number } | { allowed: true } {
  const limited = mine.count >= limits.perKey ? mine : !knownBrowser && overall.count >= limits.overall ? overall : null
  if (limited) return { retryAfter: Math.max(1, Math.ceil(((limited.oldest ?? now) + limits.windowMs - now) / 1000)) }
  return { allowed: true }
}

/** The failures of one key, or of everyone, that still count at an instant: how many, and when the oldest was (ms). */
export interface Failures {
  count: number
  oldest: number | null
}

/** Failures at or before this instant are out of the window. */
export const windowStart = (now: number, limits: LoginLimits) => now - limits.windowMs
