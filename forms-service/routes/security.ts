import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import createError from 'http-errors'
import type { Context } from 'koa'
import { adminApi } from '../../contract/wire/adminApi.js'
import {
  deskSettingsId,
  hasSecondFactor,
  resetAsked,
  resetMinutes,
  type AccountRecord,
  type PasskeyRecord,
  type PasskeyView,
  type SecurityView,
} from '../../contract/wire/people.js'
import { actorOf, type AdminAuth } from '../middleware/adminAuth.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { owed } from '../middleware/requestLog.js'
import { validateBody } from '../middleware/validateBody.js'
import { emailsFor } from '../outbox/render.js'
import { ceremonyChallenge, registeredPasskey, registrationCeremony, signedWith, signInCeremony, type RelyingParty } from '../people/passkeys.js'
import { hashPassword } from '../people/password.js'
import { opensReset, resetKeyAccount } from '../people/resetKey.js'
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from '../people/secondFactor.js'
import type { FormStore } from '../store/formStore.js'
import { validateDeskSettings, validatePasskeyAdd, validatePasskeySignIn, validateResetAsk, validateResetConfirm, validateTotpConfirm } from '../validators.js'
import { adminRouter } from './adminRouter.js'
import { answer, route } from './route.js'

/** Reset emails one account is sent in an hour, and reset asks one address may make: a forgotten password, not a mail cannon. */
export const resetLimits = { perAccount: 3, perAddress: 10, windowMs: 60 * 60 * 1000 }
/** How long a passkey ceremony's challenge is remembered as taken (its key works five minutes). */
const ceremonyMs = 5 * 60 * 1000

const passkeyView = ({ id, name, createdAt, lastUsedAt }: PasskeyRecord): PasskeyView => ({ id, name, createdAt, ...(lastUsedAt ? { lastUsedAt } : {}) })

/**
 * The ways a person signs in besides their password: an authenticator app and its recovery codes, passkeys,
 * the reset of a forgotten password by email, and the owners' rule that everyone has a second factor.
 * `siteUrl` is where the desk's pages are (SITE_URL): the passkeys' relying party. Without it (one address
 * for the site and the service, as `npm start` serves them) it is the address the request came to.
 */
export function securityRoutes(auth: AdminAuth, store: FormStore, secret: string, corsOrigins: readonly string[], siteUrl: string | null, now: () => Date) {
  const { router, admin } = adminRouter(auth, corsOrigins)
  const { rateCounter } = store.coordination

  const relyingParty = (ctx: Context): RelyingParty => {
    // Not ctx.origin: Koa 3 reads it from the Origin header, which a request may lack.
    const site = new URL(siteUrl ?? `${ctx.protocol}://${ctx.host}`)
    return { name: site.hostname, id: site.hostname, origins: [site.origin, ...corsOrigins] }
  }

  /** The person signed in; the bootstrap password and tokens have no sign-in ways of their own. */
  const signedInPerson = (ctx: Context): AccountRecord => {
    const actor = actorOf(ctx)
    if (actor.kind !== 'person') throw createError(409, 'Sign in with your own account first: ADMIN_PASSWORD has no passkeys or codes')
    return actor.person
  }

  const securityView = async (person: AccountRecord): Promise<SecurityView> => {
    const passkeys = await store.passkeysOf(person.id)
    const secondFactor = (await store.deskSettings())?.secondFactor ?? 'optional'
    return {
      totp: person.totpSecret !== undefined,
      recoveryCodesLeft: person.recoveryCodes?.length ?? 0,
      passkeys: passkeys.map(passkeyView),
      secondFactor,
      // auth.mustAddSecondFactor's rule, from what was just read rather than reading it again.
      mustAddSecondFactor: secondFactor === 'required' && !hasSecondFactor(person, passkeys.length),
    }
  }

  /** 409 when the desk requires a second factor and taking `removing` away would leave the person none. */
  const keepsASecondFactor = async (person: AccountRecord, removing: 'totp' | 'passkey') => {
    if ((await store.deskSettings())?.secondFactor !== 'required') return
    const passkeys = (await store.passkeysOf(person.id)).length - (removing === 'passkey' ? 1 : 0)
    if (!hasSecondFactor(removing === 'totp' ? { totpSecret: undefined } : person, passkeys)) {
      throw createError(409, 'The desk requires a second factor: add another before you remove this one')
    }
  }

  /** The challenge a ceremony's key carries, taken once on every replica; 400 for a key that no longer works. */
  const takenChallenge = async (purpose: string, key: string): Promise<string> => {
    const at = now()
    const challenge = ceremonyChallenge(secret, purpose, key, at)
    if (challenge === null || (await rateCounter.hit(`passkey-challenge:${challenge}`, ceremonyMs, at)).count > 1) {
      throw createError(400, 'This passkey request is over: start again')
    }
    return challenge
  }

  route(
    router,
    adminApi.passwordReset.ask,
    ...jsonBody,
    validateBody(validateResetAsk, {}, async (ctx, { form }) => {
      const at = now()
      if ((await rateCounter.hit(`password-reset-ask:${ctx.ip}`, resetLimits.windowMs, at)).count > resetLimits.perAddress) {
        throw createError(429, 'Too many password resets were asked from this connection: please try again in an hour')
      }
      const person = await store.personByEmail(form.email)
      // The same answer, and one durable line of the trail, whether or not the address has an account.
      await auth.audit(ctx, 'password-reset-asked', form.email, person?.id ?? 'unknown')
      if (person && (await rateCounter.hit(`password-reset:${person.id}`, resetLimits.windowMs, at)).count <= resetLimits.perAccount) {
        await store.changePerson(person.id, {}, { emails: owed(ctx, emailsFor.accounts) })
      }
      answer(ctx, adminApi.passwordReset.ask, { message: resetAsked }, 202)
    }),
  )

  route(
    router,
    adminApi.passwordReset.confirm,
    ...jsonBody,
    validateBody(validateResetConfirm, {}, async (ctx, { body }) => {
      const id = resetKeyAccount(body.key)
      const person = id === null ? undefined : await store.person(id)
      if (!person || person.removedAt || !opensReset(secret, body.key, person, now())) {
        throw createError(404, `This reset link no longer works: links work once, for ${resetMinutes} minutes. Ask for a new one.`)
      }
      // A new password ends every session of the person (store/people.ts), wherever it was.
      await store.changePerson(person.id, { passwordHash: await hashPassword(body.password) })
      await auth.audit(ctx, 'password-reset', undefined, person.id)
      // A link from an email is one factor: a person with a second one signs in with it.
      const signedIn = !hasSecondFactor(person, (await store.passkeysOf(person.id)).length)
      if (signedIn) await auth.startSession(ctx, person.id)
      answer(ctx, adminApi.passwordReset.confirm, { signedIn })
    }),
  )

  route(router, adminApi.passkeySignIn.options, ...jsonBody, async (ctx) => {
    answer(ctx, adminApi.passkeySignIn.options, await signInCeremony(relyingParty(ctx), secret, now()))
  })

  route(
    router,
    adminApi.passkeySignIn.verify,
    ...jsonBody,
    validateBody(validatePasskeySignIn, {}, async (ctx, { body }) => {
      const challenge = await takenChallenge('sign-in', body.key)
      const response = body.response as unknown as AuthenticationResponseJSON
      const passkey = typeof response.id === 'string' ? await store.passkey(response.id) : undefined
      const person = passkey && (await store.person(passkey.accountId))
      const counter = passkey && person && !person.removedAt ? await signedWith(relyingParty(ctx), challenge, response, passkey) : null
      if (!passkey || !person || counter === null)
        throw createError(401, 'This passkey does not open the desk: sign in with your password, or use another passkey')
      await store.usePasskey(passkey.id, counter, now().toISOString())
      await auth.startSession(ctx, person.id)
      await auth.audit(ctx, 'signed-in', `passkey “${passkey.name}”`, person.id)
      ctx.status = 204
    }),
  )

  route(router, adminApi.security.view, ...admin, async (ctx) => {
    answer(ctx, adminApi.security.view, await securityView(signedInPerson(ctx)))
  })

  route(router, adminApi.security.totpStart, ...admin, ...jsonBody, async (ctx) => {
    const person = signedInPerson(ctx)
    const totpSecret = newTotpSecret()
    answer(ctx, adminApi.security.totpStart, { secret: totpSecret, uri: totpUri(totpSecret, relyingParty(ctx).name, person.email) })
  })

  route(
    router,
    adminApi.security.totpConfirm,
    ...admin,
    ...jsonBody,
    validateBody(validateTotpConfirm, {}, async (ctx, { body }) => {
      const person = signedInPerson(ctx)
      const step = await totpStep(body.secret, body.code, now())
      if (step === null) throw createError(400, 'This code is not right', { fields: { code: 'This code is not right: enter the 6 digits your app shows now' } })
      const codes = newRecoveryCodes()
      await store.changePerson(person.id, { totpSecret: body.secret, totpTimeStep: step, recoveryCodes: codes.map(recoveryCodeHash) })
      await auth.audit(ctx, 'second-factor-added', 'authenticator app')
      answer(ctx, adminApi.security.totpConfirm, { recoveryCodes: codes }, 201)
    }),
  )

  route(router, adminApi.security.totpRemove, ...admin, async (ctx) => {
    const person = signedInPerson(ctx)
    if (person.totpSecret === undefined) throw createError(404, 'No authenticator app is set up')
    await keepsASecondFactor(person, 'totp')
    await store.changePerson(person.id, {}, { clear: ['totpSecret', 'totpTimeStep', 'recoveryCodes'] })
    await auth.audit(ctx, 'second-factor-removed', 'authenticator app')
    ctx.status = 204
  })

  route(router, adminApi.security.recoveryCodes, ...admin, ...jsonBody, async (ctx) => {
    const person = signedInPerson(ctx)
    if (person.totpSecret === undefined) throw createError(409, 'Set up an authenticator app first: recovery codes stand in for it')
    const codes = newRecoveryCodes()
    await store.changePerson(person.id, { recoveryCodes: codes.map(recoveryCodeHash) })
    await auth.audit(ctx, 'second-factor-added', 'new recovery codes')
    answer(ctx, adminApi.security.recoveryCodes, { recoveryCodes: codes }, 201)
  })

  route(router, adminApi.security.passkeyOptions, ...admin, ...jsonBody, async (ctx) => {
    const person = signedInPerson(ctx)
    answer(ctx, adminApi.security.passkeyOptions, await registrationCeremony(relyingParty(ctx), secret, person, await store.passkeysOf(person.id), now()))
  })

  route(
    router,
    adminApi.security.passkeyAdd,
    ...admin,
    ...jsonBody,
    validateBody(validatePasskeyAdd, {}, async (ctx, { form, body }) => {
      const person = signedInPerson(ctx)
      const challenge = await takenChallenge(`add:${person.id}`, body.key)
      const made = await registeredPasskey(relyingParty(ctx), challenge, body.response as unknown as RegistrationResponseJSON)
      if (!made) throw createError(400, 'The browser’s passkey could not be checked: try again')
      const added = await store.addPasskey({ ...made, accountId: person.id, name: form.name, createdAt: now().toISOString() })
      if (!added) throw createError(409, 'This passkey is at the desk already')
      await auth.audit(ctx, 'second-factor-added', `passkey “${form.name}”`)
      answer(ctx, adminApi.security.passkeyAdd, passkeyView(added), 201)
    }),
  )

  route(router, adminApi.security.passkeyRemove, ...admin, async (ctx) => {
    const person = signedInPerson(ctx)
    const passkey = await store.passkey(ctx.params.id!)
    if (!passkey || passkey.accountId !== person.id) throw createError(404, 'No such passkey')
    await keepsASecondFactor(person, 'passkey')
    await store.removePasskey(passkey.id)
    await auth.audit(ctx, 'second-factor-removed', `passkey “${passkey.name}”`)
    ctx.status = 204
  })

  route(
    router,
    adminApi.security.desk,
    ...admin,
    ...jsonBody,
    validateBody(validateDeskSettings, {}, async (ctx, { form }) => {
      const person = signedInPerson(ctx)
      await store.setDeskSettings({ id: deskSettingsId, secondFactor: form.secondFactor, changedBy: person.id, changedAt: now().toISOString() })
      await auth.audit(ctx, 'settings-changed', `second factor ${form.secondFactor}`)
      answer(ctx, adminApi.security.desk, await securityView(person))
    }),
  )

  return router
}
