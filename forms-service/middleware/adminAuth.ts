import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import createError from 'http-errors'
import type { Context, Middleware } from 'koa'
import { adminApiPrefix } from '../../contract/wire/api.js'
import { adminApi } from '../../contract/wire/adminApi.js'
import { apiTokenScopes, type ApiTokenScope, type EndpointScope } from '../../contract/wire/apiTokens.js'
import { requestLogger } from './requestLog.js'
import type { ApiTokenStore } from '../store/apiTokens.js'
import type { Coordination } from '../store/coordination.js'
import { defaultLoginLimits, type LoginLimits } from '../store/loginRule.js'
import type { ApiTokenRecord } from '../store/records.js'

export const sessionCookie = 'admin_session'
/** Marks a browser the admin has signed in with: its guesses are counted on their own (store/loginRule.ts). */
export const knownBrowserCookie = 'admin_browser'
const sessionMs = 8 * 60 * 60 * 1000
const knownBrowserMs = 365 * 24 * 60 * 60 * 1000

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * An API token: a prefix that says what it is (to a person, and to secret scanners), then 32 random
 * bytes. A bearer with this prefix is checked as a token only, never as a password, whatever its length:
 * a token that lost a character in a copy is a wrong token, and must not lock the password out of the
 * address it came from. (So a password that itself begins with `api_` opens the sign-in screen only.)
 */
const apiTokenPrefix = 'api_'
const apiTokenShape = /^api_[\w-]{43}$/
const looksLikeToken = (bearer: string) => bearer.startsWith(apiTokenPrefix)
/** What the stores keep of a token: its SHA-256 (unsalted: the token is 256 random bits, not a password). */
export const apiTokenHash = (token: string) => digest(token).toString('base64url')
export const newApiToken = () => `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`

/**
 * Wrong API tokens per client address in `windowMs`, after which a wrong one is 429 rather than 401.
 * Guessing 256 random bits gets nowhere however fast it goes; this only slows a prober (or a script
 * with a revoked token) and makes it show in the log. A right token is always let through, and wrong
 * tokens never count as password attempts, so neither locks the other out.
 */
export const tokenMissLimits = { perAddress: 20, windowMs: 15 * 60 * 1000 }

/** How the admin request was let in: `ctx.state.adminBy`. */
export type AdminBy = 'session' | 'password' | 'token'

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function samePassword(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

export interface AdminAuth {
  /**
   * 401 unless the request carries a live session cookie, or as `Authorization: Bearer …` an API token
   * or the admin password; 403 for a token the endpoint's scope refuses (tokenRefusal, the scope
   * declareScope set). Sets `ctx.state.adminBy` (AdminBy).
   */
  requireAdmin: Middleware
  /** The API token the request carries as a bearer, if any is live; 401 (or 429, tokenMissLimits) for a wrong one. */
  bearerToken(ctx: Context): Promise<ApiTokenRecord | null>
  /** Checks a password (throttled) and on success sets the session cookie. 429 when throttled. */
  signIn(ctx: Context, password: string): Promise<boolean>
  signOut(ctx: Context): Promise<void>
}

/**
 * Admin access for `password`; with `null` (no password configured) every admin request gets 401.
 * Sessions and guesses are kept where `coordination` keeps them (memory, or the shared database).
 */
export function adminAuth(password: string | null, coordination: Coordination, tokens: ApiTokenStore, limits: LoginLimits = defaultLoginLimits): AdminAuth {
  const { sessions, loginAttempts, rateCounter } = coordination
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

  const bearerOf = (ctx: Context) => /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1]

  const bearerToken = async (ctx: Context): Promise<ApiTokenRecord | null> => {
    const bearer = bearerOf(ctx)
    if (bearer === undefined || !looksLikeToken(bearer)) return null
    const now = new Date()
    // One of the wrong shape is no token: a miss, without asking the store.
    const token = apiTokenShape.test(bearer) ? await tokens.recordApiTokenUse(apiTokenHash(bearer), now) : null
    if (token) {
      ctx.state.apiToken = token.id
      return token
    }
    const { count, resetAt } = await rateCounter.hit(`api-token-miss:${ctx.ip}`, tokenMissLimits.windowMs, now)
    requestLogger(ctx)?.warn({ ip: ctx.ip, misses: count }, 'wrong or revoked API token')
    ctx.set('WWW-Authenticate', 'Bearer')
    if (count > tokenMissLimits.perAddress) {
      throw createError(429, 'Too many wrong API tokens, please try again later', {
        headers: { 'Retry-After': String(Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000))) },
      })
    }
    throw createError(401, 'Unauthorized')
  }

  return {
    requireAdmin: async (ctx, next) => {
      const bearer = bearerOf(ctx)
      let by: AdminBy | null
      if (bearer === undefined) by = (await hasSession(ctx)) ? 'session' : null
      else if (looksLikeToken(bearer)) {
        const token = await bearerToken(ctx)
        const refusal = token && tokenRefusal(token, ctx.state.scope as EndpointScope | undefined)
        if (refusal) throw createError(403, refusal)
        by = token ? 'token' : null
      } else by = (await checkPassword(ctx, bearer)) ? 'password' : null
      if (by === null) ctx.throw(401, 'Unauthorized')
      ctx.state.adminBy = by
      await next()
    },
    bearerToken,
    async signIn(ctx, given) {
      if (!(await checkPassword(ctx, given))) return false
      const token = randomBytes(32).toString('base64url')
      await sessions.create(tokenHash(token), new Date(Date.now() + sessionMs))
      ctx.cookies.set(sessionCookie, token, cookieOptions(ctx, adminApiPrefix, sessionMs))
      const browser = knownBrowser(ctx) ?? randomBytes(16).toString('base64url')
      ctx.cookies.set(knownBrowserCookie, `${browser}.${browserMac(browser)}`, cookieOptions(ctx, adminApi.signIn.path, knownBrowserMs))
      return true
    },
    async signOut(ctx) {
      const token = ctx.cookies.get(sessionCookie)
      if (token) await sessions.remove(tokenHash(token))
      ctx.cookies.set(sessionCookie, null, cookieOptions(ctx, adminApiPrefix, 0)) // null: expire it now
    },
  }
}

/**
 * The scope an endpoint asks of a token (contract/wire/adminApi.ts), for requireAdmin to check: route()
 * puts this first in the middleware of every endpoint that declares one.
 */
export function declareScope(scope: EndpointScope): Middleware {
  return async (ctx, next) => {
    ctx.state.scope = scope
    await next()
  }
}

const isTokenScope = (scope: EndpointScope): scope is ApiTokenScope => (apiTokenScopes as readonly EndpointScope[]).includes(scope)

/**
 * Why `token` may not call an endpoint that asks `scope`, or null when it may. What needs the admin
 * (`admin`: making tokens, the calendar feed) or declares no scope (a route outside the contract) is
 * refused to every token, so a token that leaked can neither outlive its revocation nor lock the agency
 * out of its own tools; `anyToken` is let through (the route itself narrows it).
 *
 *     tokenRefusal({ scopes: ['read'], … }, 'block') // 'This API token does not have the block scope: …'
 */
export function tokenRefusal(token: ApiTokenRecord, scope: EndpointScope | undefined): string | null {
  if (scope === 'anyToken') return null
  if (scope === undefined || !isTokenScope(scope)) return 'An API token cannot do this: sign in as the admin'
  if (token.scopes.includes(scope)) return null
  return `This API token does not have the ${scope} scope: make a token with it (Admin › API tokens), or sign in as the admin`
}

const cookieOptions = (ctx: Context, path: string, maxAge: number) =>
  ({ httpOnly: true, sameSite: 'strict', secure: ctx.secure, path, maxAge, overwrite: true }) as const
