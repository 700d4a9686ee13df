import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import createError from 'http-errors'
import type { Context, Middleware } from 'koa'
import { adminApiPrefix, api } from '../../contract/api.js'
import type { Coordination } from '../store/coordination.js'
import { defaultLoginLimits, type LoginLimits } from '../store/loginRule.js'

export const sessionCookie = 'admin_session'
/** Marks a browser the admin has signed in with: its guesses are counted on their own (store/loginRule.ts). */
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
  signOut(ctx: Context): Promise<void>
}

/**
 * Admin access for `password`; with `null` (no password configured) every admin request gets 401.
 * Sessions and guesses are kept where `coordination` keeps them (memory, or the shared database).
 */
export function adminAuth(password: string | null, coordination: Coordination, limits: LoginLimits = defaultLoginLimits): AdminAuth {
  const { sessions, loginAttempts } = coordination
  const tokenHash = (token: string) => digest(token).toString('base64url')
  // Signed with the password: changing the password forgets every known browser.
  const browserMac = (id: string) => createHmac('sha256', `known-browser:${password}`).update(id).digest('base64url')

  const knownBrowser = (ctx: Context): string | null => {
    const [id, mac] = (ctx.cookies.get(knownBrowserCookie) ?? '').split('.')
    if (!id || !mac || password === null) return null
    return timingSafeEqual(digest(mac), digest(browserMac(id))) ? id : null
  }

  const checkPassword = async (ctx: Context, given: string): Promise<boolean> => {
    const browser = knownBrowser(ctx)
    const key = browser ? `browser:${browser}` : `ip:${ctx.ip}`
    const attempt = await loginAttempts.attempt(key, browser !== null, limits, new Date())
    if ('retryAfter' in attempt) {
      throw createError(429, 'Too many wrong passwords, please try again later', { headers: { 'Retry-After': String(attempt.retryAfter) } })
    }
    const right = password !== null && samePassword(given, password)
    if (right) await loginAttempts.forgive(key, browser !== null, new Date())
    return right
  }

  const hasSession = async (ctx: Context): Promise<boolean> => {
    const token = ctx.cookies.get(sessionCookie)
    return token ? sessions.isValid(tokenHash(token), new Date()) : false
  }

  return {
    requireAdmin: async (ctx, next) => {
      const bearer = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1]
      const allowed = bearer !== undefined ? await checkPassword(ctx, bearer) : await hasSession(ctx)
      if (!allowed) ctx.throw(401, 'Unauthorized')
      await next()
    },
    async signIn(ctx, given) {
      if (!(await checkPassword(ctx, given))) return false
      const token = randomBytes(32).toString('base64url')
      await sessions.create(tokenHash(token), new Date(Date.now() + sessionMs))
      ctx.cookies.set(sessionCookie, token, cookieOptions(ctx, adminApiPrefix, sessionMs))
      const browser = knownBrowser(ctx) ?? randomBytes(16).toString('base64url')
      ctx.cookies.set(knownBrowserCookie, `${browser}.${browserMac(browser)}`, cookieOptions(ctx, api.admin.signIn.path, knownBrowserMs))
      return true
    },
    async signOut(ctx) {
      const token = ctx.cookies.get(sessionCookie)
      if (token) await sessions.remove(tokenHash(token))
      ctx.cookies.set(sessionCookie, null, cookieOptions(ctx, adminApiPrefix, 0)) // null: expire it now
    },
  }
}

const cookieOptions = (ctx: Context, path: string, maxAge: number) =>
  ({ httpOnly: true, sameSite: 'strict', secure: ctx.secure, path, maxAge, overwrite: true }) as const
