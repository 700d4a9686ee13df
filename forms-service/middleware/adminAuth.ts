import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import createError from 'http-errors'
import type { Context, Middleware } from 'koa'
import { adminApiPrefix } from '../../contract/wire/api.js'
import { adminApi } from '../../contract/wire/adminApi.js'
import { apiTokenScopes, type ApiTokenScope, type EndpointScope } from '../../contract/wire/apiTokens.js'
import { requestLogger } from './requestLog.js'
import type { ApiTokenStore } from '../store/apiTokens.js'
import type { Endpoint } from '../../contract/wire/api.js'
import {
  atDesk,
  bootstrapAccountId,
  codeNeeded,
  hasSecondFactor,
  roleAllows,
  type AccountRecord,
  type AuditAction,
  type EndpointRole,
  type SignInRequest,
} from '../../contract/wire/people.js'
import { looksLikeRecoveryCode, recoveryCodeHash, totpStep } from '../people/secondFactor.js'
import { noAccountHash, verifyPassword } from '../people/password.js'
import type { CoordinationStore } from '../store/formStore.js'
import type { PeopleStore } from '../store/people.js'
import { defaultLoginLimits, type LoginLimits } from '../store/loginRule.js'
import type { ApiTokenRecord } from '../store/records.js'

export const sessionCookie = 'admin_session'
/** Marks a browser the admin has signed in with: its guesses are counted on their own (store/loginRule.ts). */
export const knownBrowserCookie = 'admin_browser'
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

/** Who a request to the desk is: a person signed in, ADMIN_PASSWORD before the first owner exists, or an API token. */
export type Actor =
  | { kind: 'person'; person: AccountRecord; sessionId: string }
  | { kind: 'bootstrap'; sessionId?: string }
  | { kind: 'token'; token: ApiTokenRecord }

/** What the audit trail and the records' history keep of an actor: an account's id, `bootstrap`, or `token:<id>`. */
export const actorId = (actor: Actor): string =>
  actor.kind === 'person' ? actor.person.id : actor.kind === 'token' ? `token:${actor.token.id}` : bootstrapAccountId

/** The actor requireAdmin let in. */
export const actorOf = (ctx: Context): Actor => ctx.state.actor as Actor

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function samePassword(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

/** How long a session lasts from its sign-in: a working day. */
const sessionMs = 8 * 60 * 60 * 1000

export interface AdminAuth {
  /**
   * 401 unless the request carries a live session cookie, or as `Authorization: Bearer …` an API token or
   * (before the first owner account exists) ADMIN_PASSWORD; 403 for a token the endpoint's scope refuses
   * (tokenRefusal), or a person whose role it refuses. Sets `ctx.state.actor` (Actor).
   */
  requireAdmin: Middleware
  /** The API token the request carries as a bearer, if any is live; 401 (or 429, tokenMissLimits) for a wrong one. */
  bearerToken(ctx: Context): Promise<ApiTokenRecord | null>
  /** Checks an email and password (throttled: 429), or ADMIN_PASSWORD alone while bootstrapping; on success signs this browser in. */
  signIn(ctx: Context, request: SignInRequest): Promise<boolean>
  /** Signs this browser in as `accountId` (a new account, an accepted invitation). */
  startSession(ctx: Context, accountId: string): Promise<void>
  signOut(ctx: Context): Promise<void>
  /** No owner account yet: ADMIN_PASSWORD signs in. */
  bootstrapping(): Promise<boolean>
  /** The desk requires a second factor and `person` has none yet: only the endpoints of role `self` open. */
  mustAddSecondFactor(person: AccountRecord): Promise<boolean>
  /** Adds a line to the audit trail for the request's actor (or `actor`), with its client address. */
  audit(ctx: Context, action: AuditAction, subject?: string, actor?: string): Promise<void>
}

export type DeskStore = PeopleStore & ApiTokenStore & CoordinationStore

/**
 * Admin access: people's sessions kept in the store, API tokens, and `password` (ADMIN_PASSWORD) until the
 * first owner account exists; with `null` no password opens anything. Guesses are counted where
 * `coordination` keeps them (memory, or the shared database), per account and address (store/loginRule.ts).
 */
export function adminAuth(password: string | null, store: DeskStore, limits: LoginLimits = defaultLoginLimits, recovery = false): AdminAuth {
  const { loginAttempts, rateCounter } = store.coordination
  // Signed with the password: changing the password forgets every known browser.
  const browserMac = (id: string) => createHmac('sha256', `known-browser:${password}`).update(id).digest('base64url')

  const knownBrowser = (ctx: Context): string | null => {
    const [id, mac] = (ctx.cookies.get(knownBrowserCookie) ?? '').split('.')
    if (!id || !mac || password === null) return null
    return timingSafeEqual(digest(mac), digest(browserMac(id))) ? id : null
  }

  // ADMIN_RECOVERY (config.ts) opens the bootstrap way in again, for as long as the service runs with it.
  const bootstrapping = async () => recovery || !(await store.people()).some((person) => person.role === 'owner' && atDesk(person))

  const audit = async (ctx: Context, action: AuditAction, subject?: string, actor?: string) => {
    const by = actor ?? actorId(actorOf(ctx))
    await store.audit({ id: randomUUID(), at: new Date().toISOString(), actor: by, action, ...(subject ? { subject } : {}), address: ctx.ip })
  }

  const secondFactorRequired = async () => (await store.deskSettings())?.secondFactor === 'required'
  const mustAddSecondFactor = async (person: AccountRecord) =>
    person.totpSecret === undefined && (await secondFactorRequired()) && !hasSecondFactor(person, (await store.passkeysOf(person.id)).length)

  /**
   * Runs `check` as one counted attempt of `scope` (an account's address, or the bootstrap password) from this
   * browser or address. `right` forgives it; `wrong` and `pending` (a right password still waiting for its
   * code) leave it counted, so that asking for the code again and again does not wipe the wrong codes out.
   */
  const counted = async (ctx: Context, scope: string, check: () => Promise<Judgement>): Promise<Judgement> => {
    const browser = knownBrowser(ctx)
    const attempt = { key: `${scope}|${browser ? `browser:${browser}` : `ip:${ctx.ip}`}`, scope, knownBrowser: browser !== null }
    const judged = await loginAttempts.attempt(attempt, limits, new Date())
    if ('retryAfter' in judged) {
      throw createError(429, 'Too many wrong passwords, please try again later', { headers: { 'Retry-After': String(judged.retryAfter) } })
    }
    const judgement = await check()
    if (judgement === 'right') await loginAttempts.forgive(attempt, new Date())
    return judgement
  }

  const bootstrapPassword = async (ctx: Context, given: string) =>
    (await counted(ctx, bootstrapAccountId, async () =>
      password !== null && samePassword(given, password) && (await bootstrapping()) ? 'right' : 'wrong',
    )) === 'right'

  /** Whether `code` is the person's app's code now (taken once), or one of their recovery codes (then used up). */
  const secondFactorRight = async (ctx: Context, person: AccountRecord, code: string): Promise<boolean> => {
    if (looksLikeRecoveryCode(code)) {
      const taken = await store.takeRecoveryCode(person.id, recoveryCodeHash(code))
      if (taken) await audit(ctx, 'recovery-code-used', undefined, person.id)
      return taken
    }
    const step = person.totpSecret === undefined ? null : await totpStep(person.totpSecret, code, new Date(), person.totpTimeStep)
    return step !== null && (await store.takeTotpStep(person.id, step))
  }

  const sessionActor = async (ctx: Context): Promise<Actor | null> => {
    const token = ctx.cookies.get(sessionCookie)
    const session = token ? await store.sessionOf(apiTokenHash(token), new Date()) : undefined
    if (!session) return null
    if (session.accountId === bootstrapAccountId) return (await bootstrapping()) ? { kind: 'bootstrap', sessionId: session.id } : null
    const person = await store.person(session.accountId)
    return person && atDesk(person) ? { kind: 'person', person, sessionId: session.id } : null
  }

  const bearerOf = (ctx: Context) => /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1]

  const bearerToken = async (ctx: Context): Promise<ApiTokenRecord | null> => {
    const bearer = bearerOf(ctx)
    if (bearer === undefined || !looksLikeToken(bearer)) return null
    const now = new Date()
    // One of the wrong shape is no token: a miss, without asking the store.
    const token = apiTokenShape.test(bearer) ? await store.recordApiTokenUse(apiTokenHash(bearer), now) : null
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

  const startSession = async (ctx: Context, accountId: string) => {
    const token = randomBytes(32).toString('base64url')
    const now = new Date()
    await store.startSession({
      id: randomUUID(),
      tokenHash: apiTokenHash(token),
      accountId,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + sessionMs).toISOString(),
      device: ctx.get('User-Agent').slice(0, 200) || 'Unknown browser',
    })
    ctx.cookies.set(sessionCookie, token, cookieOptions(ctx, adminApiPrefix, sessionMs))
    const browser = knownBrowser(ctx) ?? randomBytes(16).toString('base64url')
    ctx.cookies.set(knownBrowserCookie, `${browser}.${browserMac(browser)}`, cookieOptions(ctx, adminApi.signIn.path, knownBrowserMs))
  }

  return {
    requireAdmin: async (ctx, next) => {
      const bearer = bearerOf(ctx)
      let actor: Actor | null
      if (bearer === undefined) actor = await sessionActor(ctx)
      else if (looksLikeToken(bearer)) {
        const token = await bearerToken(ctx)
        const refusal = token && tokenRefusal(token, ctx.state.scope as EndpointScope | undefined)
        if (refusal) throw createError(403, refusal)
        actor = token ? { kind: 'token', token } : null
      } else actor = (await bootstrapPassword(ctx, bearer)) ? { kind: 'bootstrap' } : null
      if (actor === null) throw createError(401, 'Unauthorized')
      const role = ctx.state.role as EndpointRole | undefined
      if (actor.kind === 'person' && role !== undefined && !roleAllows(actor.person.role, role)) {
        throw createError(403, 'Only an owner can do this: ask an owner of the desk')
      }
      if (actor.kind === 'person' && role !== 'self' && (await mustAddSecondFactor(actor.person))) {
        throw createError(403, 'The desk requires a second factor: add a passkey or an authenticator app (Security) to go on')
      }
      ctx.state.actor = actor
      await next()
    },
    bearerToken,
    async signIn(ctx, { email, password: given, code }) {
      const address = email?.trim() ?? ''
      if (address === '') {
        if (!(await bootstrapPassword(ctx, given))) return false
        await startSession(ctx, bootstrapAccountId)
        await audit(ctx, 'signed-in', undefined, bootstrapAccountId)
        return true
      }
      const folded = address.toLowerCase()
      let person: AccountRecord | undefined
      let codeWrong = false
      const judgement = await counted(ctx, `person:${folded}`, async () => {
        person = await store.personByEmail(folded)
        // An address without an account takes as long as one with: the answer says nothing of who has one.
        const matches = await verifyPassword(given, person?.passwordHash ?? (await noAccountHash()))
        if (!matches || person?.passwordHash === undefined) return 'wrong'
        if (person.totpSecret === undefined) return 'right'
        if (!code?.trim()) return 'pending'
        codeWrong = !(await secondFactorRight(ctx, person, code))
        return codeWrong ? 'wrong' : 'right'
      })
      if (judgement === 'pending') throw createError(401, codeNeeded, { fields: { code: codeNeeded } })
      if (judgement === 'wrong' || !person) {
        await audit(ctx, 'sign-in-failed', folded, person?.id ?? 'unknown')
        if (codeWrong)
          throw createError(401, 'This code is not right, or was used already', { fields: { code: 'This code is not right, or was used already' } })
        return false
      }
      // With a second factor required, a password alone opens the desk only to add one: a person with passkeys uses them.
      if (person.totpSecret === undefined && (await secondFactorRequired()) && (await store.passkeysOf(person.id)).length > 0) {
        throw createError(401, 'The desk requires a second factor: sign in with your passkey')
      }
      await startSession(ctx, person.id)
      await audit(ctx, 'signed-in', undefined, person.id)
      return true
    },
    startSession,
    async signOut(ctx) {
      const token = ctx.cookies.get(sessionCookie)
      const session = token ? await store.sessionOf(apiTokenHash(token), new Date()) : undefined
      if (session) {
        await store.endSession(session.id)
        await audit(ctx, 'signed-out', undefined, session.accountId)
      }
      ctx.cookies.set(sessionCookie, null, cookieOptions(ctx, adminApiPrefix, 0)) // null: expire it now
    },
    bootstrapping,
    mustAddSecondFactor,
    audit,
  }
}

/** How a sign-in attempt came out: `pending` is a right password that still needs its code. */
type Judgement = 'right' | 'wrong' | 'pending'

/**
 * What an endpoint asks (contract/wire/adminApi.ts): of a token its scope, of a person their role. route()
 * puts this first in the middleware of every endpoint that declares one.
 */
export function declareScope(endpoint: Pick<Endpoint, 'scope' | 'role'>): Middleware {
  return async (ctx, next) => {
    ctx.state.scope = endpoint.scope
    ctx.state.role = endpoint.role
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
