import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Context, Middleware } from 'koa'

export const sessionCookie = 'admin_session'
const sessionMs = 8 * 60 * 60 * 1000

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function samePassword(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * Wrong passwords per client address. The first few are free; after that each attempt from the
 * address waits its turn, 0.5 s, 1 s, 2 s … up to 30 s apart, so guessing in parallel does not help.
 * A success, or 15 quiet minutes, clears the count.
 */
export class FailureThrottle {
  private readonly entries = new Map<string, { failures: number; nextAt: number; lastAt: number }>()

  constructor(
    private readonly freeFailures = 5,
    private readonly baseDelayMs = 500,
    private readonly maxDelayMs = 30_000,
    private readonly forgetAfterMs = 15 * 60 * 1000,
  ) {}

  async wait(key: string): Promise<void> {
    const entry = this.entries.get(key)
    if (!entry || entry.failures < this.freeFailures) return
    const now = Date.now()
    if (now - entry.lastAt > this.forgetAfterMs) return void this.entries.delete(key)
    const at = Math.max(now, entry.nextAt)
    entry.nextAt = at + this.delay(entry.failures)
    if (at > now) await sleep(at - now)
  }

  fail(key: string): void {
    const now = Date.now()
    const entry = this.entries.get(key) ?? { failures: 0, nextAt: now, lastAt: now }
    entry.failures++
    entry.lastAt = now
    if (entry.failures >= this.freeFailures) entry.nextAt = Math.max(entry.nextAt, now + this.delay(entry.failures))
    this.entries.set(key, entry)
    if (this.entries.size > 10_000) this.forgetOld(now)
  }

  succeed(key: string): void {
    this.entries.delete(key)
  }

  private delay(failures: number): number {
    return Math.min(this.baseDelayMs * 2 ** (failures - this.freeFailures), this.maxDelayMs)
  }

  private forgetOld(now: number): void {
    for (const [key, entry] of this.entries) if (now - entry.lastAt > this.forgetAfterMs) this.entries.delete(key)
  }
}

export interface AdminAuth {
  /** 401 unless the request carries the admin password as a bearer token or a live session cookie. */
  requireAdmin: Middleware
  /** Checks a password (throttled per address) and on success sets the session cookie. */
  signIn(ctx: Context, password: string): Promise<boolean>
  signOut(ctx: Context): void
}

/** Admin access for `password`; with `null` (no password configured) every admin request gets 401. */
export function adminAuth(password: string | null, throttle = new FailureThrottle()): AdminAuth {
  // Sessions live in memory: a restart signs the admin out, which is acceptable for one screen.
  const sessions = new Map<string, number>()

  const checkPassword = async (ctx: Context, given: string): Promise<boolean> => {
    await throttle.wait(ctx.ip)
    if (password !== null && samePassword(given, password)) {
      throttle.succeed(ctx.ip)
      return true
    }
    throttle.fail(ctx.ip)
    return false
  }

  const hasSession = (ctx: Context): boolean => {
    const token = ctx.cookies.get(sessionCookie)
    const expires = token ? sessions.get(token) : undefined
    if (token && expires !== undefined && expires < Date.now()) sessions.delete(token)
    return expires !== undefined && expires >= Date.now()
  }

  return {
    requireAdmin: async (ctx, next) => {
      const bearer = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1]
      const allowed = bearer !== undefined ? await checkPassword(ctx, bearer) : hasSession(ctx)
      if (!allowed) ctx.throw(401, 'Unauthorized')
      await next()
    },
    async signIn(ctx, given) {
      if (!(await checkPassword(ctx, given))) return false
      const token = randomBytes(32).toString('base64url')
      sessions.set(token, Date.now() + sessionMs)
      ctx.cookies.set(sessionCookie, token, cookieOptions(ctx, sessionMs))
      return true
    },
    signOut(ctx) {
      const token = ctx.cookies.get(sessionCookie)
      if (token) sessions.delete(token)
      ctx.cookies.set(sessionCookie, null, cookieOptions(ctx, 0)) // null: expire it now
    },
  }
}

const cookieOptions = (ctx: Context, maxAge: number) =>
  ({ httpOnly: true, sameSite: 'strict', secure: ctx.secure, path: '/api/admin', maxAge, overwrite: true }) as const
