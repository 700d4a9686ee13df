/** How many failed password attempts are allowed, per key and from everyone together, in a window. */
export interface LoginLimits {
  perKey: number
  overall: number
  windowMs: number
}

export const defaultLoginLimits: LoginLimits = { perKey: 5, overall: 50, windowMs: 15 * 60 * 1000 }

/**
 * Limits password guesses (this process's memory; PostgreSQL has its own, see store/postgres). An
 * attempt counts as a failure the moment it starts, and is forgiven only if the password was right,
 * so guesses sent in parallel are counted like guesses sent one by one.
 *
 * - Per key (a client address, or a browser the admin has signed in with before): `perKey` failures
 *   within `windowMs`, then 429 until the oldest of them is out of the window.
 * - Overall: `overall` failures within `windowMs` from all addresses together, then every attempt
 *   without a known browser gets 429. Guessing from many addresses gets nowhere either.
 *
 * An attacker behind the admin's own address (an office NAT, an untrusted proxy) can lock that
 * address, and a flood can lock everyone out; the admin's known browser is keyed on its own and
 * still signs in.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>()
  private overallFailures: number[] = []

  attempt(key: string, knownBrowser: boolean, limits: LoginLimits, now: number): { retryAfter: number } | { allowed: true } {
    const mine = recent(this.failures.get(key) ?? [], now, limits.windowMs)
    this.overallFailures = recent(this.overallFailures, now, limits.windowMs)
    const limited = mine.length >= limits.perKey ? mine : !knownBrowser && this.overallFailures.length >= limits.overall ? this.overallFailures : null
    if (limited) return { retryAfter: Math.max(1, Math.ceil((limited[0]! + limits.windowMs - now) / 1000)) }
    mine.push(now)
    this.failures.set(key, mine)
    if (!knownBrowser) this.overallFailures.push(now)
    if (this.failures.size > 10_000) {
      for (const [old, times] of this.failures) if (recent(times, now, limits.windowMs).length === 0) this.failures.delete(old)
    }
    return { allowed: true }
  }

  forgive(key: string, knownBrowser: boolean): void {
    this.failures.delete(key)
    // The overall count drops the right attempt just made; failures before it stay counted there.
    if (!knownBrowser) this.overallFailures.pop()
  }
}

function recent(times: number[], now: number, windowMs: number): number[] {
  const from = times.findIndex((time) => time > now - windowMs)
  return from === -1 ? [] : from === 0 ? times : times.slice(from)
}
