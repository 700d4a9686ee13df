import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import createError from 'http-errors'
import type { Context, Middleware } from 'koa'
import { LoginThrottle } from './loginThrottle.js'

export const sessionCookie = 'admin_session'
/** Marks a browser the admin has signed in with: its guesses are counted on their own (loginThrottle.ts). */
export const knownBrowserCookie = 'admin_browser'
const sessionMs = 8 * 60 * 60 * 1000
const knownBrowserMs = 365 * 24 * 60 * 60 * 1000

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function samePassword(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

export interface AdminAuth {
  /** 401 unless the request carries the admin password as a bearer token or a live session cookie. */
  requireAdmin: Middleware
  /** Checks a password (throttled) and on success sets the session cookie. 429 when throttled. */
  signIn(ctx: Context, password: string): Promise<boolean>
  signOut(ctx: Context): void
}

/** Admin access for `password`; with `null` (no password configured) every admin request gets 401. */
export function adminAuth(password: string | null, throttle = new LoginThrottle()): AdminAuth {
  // Sessions live in memory: a restart signs the admin out, which is acceptable for one screen.
  const sessions = new Map<string, number>()
  // Signed with the password: changing the password forgets every known browser.
  const browserMac = (id: string) => createHmac('sha256', `known-browser:${password}`).update(id).digest('base64url')

  const knownBrowser = (ctx: Context): string | null => {
    const [id, mac] = (ctx.cookies.get(knownBrowserCookie) ?? '').split('.')
    if (!id || !mac || password === null) return null
    return timingSafeEqual(digest(mac), digest(browserMac(id))) ? id : null
  }

  const checkPassword = (ctx: Context, given: string): boolean => {
    const browser = knownBrowser(ctx)
    const attempt = throttle.attempt(browser ? `browser:${browser}` : `ip:${ctx.ip}`, browser !== null)
    if ('retryAfter' in attempt) {
      throw createError(429, 'Too many wrong passwords, please try again later', { headers: { 'Retry-After': String(attempt.retryAfter) } })
    }
    const right = password !== null && samePassword(given, password)
    attempt.settle(right)
    return right
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
      const allowed = bearer !== undefined ? checkPassword(ctx, bearer) : hasSession(ctx)
      if (!allowed) ctx.throw(401, 'Unauthorized')
      await next()
    },
    async signIn(ctx, given) {
      if (!checkPassword(ctx, given)) return false
      const token = randomBytes(32).toString('base64url')
      sessions.set(token, Date.now() + sessionMs)
      ctx.cookies.set(sessionCookie, token, cookieOptions(ctx, '/api/admin', sessionMs))
      const browser = knownBrowser(ctx) ?? randomBytes(16).toString('base64url')
      ctx.cookies.set(knownBrowserCookie, `${browser}.${browserMac(browser)}`, cookieOptions(ctx, '/api/admin/session', knownBrowserMs))
      return true
    },
    signOut(ctx) {
      const token = ctx.cookies.get(sessionCookie)
      if (token) sessions.delete(token)
      ctx.cookies.set(sessionCookie, null, cookieOptions(ctx, '/api/admin', 0)) // null: expire it now
    },
  }
}

const cookieOptions = (ctx: Context, path: string, maxAge: number) =>
  ({ httpOnly: true, sameSite: 'strict', secure: ctx.secure, path, maxAge, overwrite: true }) as const
