/**
 * Limits password guesses. An attempt counts as a failure the moment it starts, and is forgiven only
 * if the password was right, so guesses sent in parallel are counted like guesses sent one by one.
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

  constructor(
    private readonly perKey = 5,
    private readonly overall = 50,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an attempt by `key` now. Returns the seconds to wait when it must not be tried, else a
   * function to call with the outcome.
   */
  attempt(key: string, knownBrowser: boolean): { retryAfter: number } | { settle: (success: boolean) => void } {
    const now = this.now()
    const mine = this.recent(this.failures.get(key) ?? [], now)
    this.overallFailures = this.recent(this.overallFailures, now)
    const limited = mine.length >= this.perKey ? mine : !knownBrowser && this.overallFailures.length >= this.overall ? this.overallFailures : null
    if (limited) return { retryAfter: Math.max(1, Math.ceil((limited[0]! + this.windowMs - now) / 1000)) }
    mine.push(now)
    this.failures.set(key, mine)
    if (!knownBrowser) this.overallFailures.push(now)
    if (this.failures.size > 10_000) this.forgetOld(now)
    return {
      settle: (success) => {
        if (!success) return
        this.failures.delete(key)
        const at = this.overallFailures.lastIndexOf(now)
        if (!knownBrowser && at >= 0) this.overallFailures.splice(at, 1)
      },
    }
  }

  private recent(times: number[], now: number): number[] {
    const from = times.findIndex((time) => time > now - this.windowMs)
    return from === -1 ? [] : from === 0 ? times : times.slice(from)
  }

  private forgetOld(now: number): void {
    for (const [key, times] of this.failures) if (this.recent(times, now).length === 0) this.failures.delete(key)
  }
}
