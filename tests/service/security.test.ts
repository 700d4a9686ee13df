import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import { codeNeeded, resetAsked } from '../../contract/wire/people.js'
import { resetLimits } from '../../forms-service/routes/security.js'
import { cookieOf, firstOwner, invited, linkKey, owner, site } from './deskPeople.js'
import { testApp, type TestApp } from './helpers.js'
import { SoftAuthenticator } from './softAuthenticator.js'

// How a person signs in besides a password (forms-service/routes/security.ts, middleware/adminAuth.ts), on
// either store: a reset link by email, an authenticator app with recovery codes, passkeys, and an owner's
// rule that everyone has a second factor.

// One proxy in front (TRUST_PROXY=1): the test's X-Forwarded-For is the client's address.
const deskApp = () => testApp({ corsOrigins: [site], siteUrl: site, trustProxy: 1 })
const signIn = (app: TestApp, body: Record<string, string>, address = '198.51.100.1') =>
  app.http.post('/api/admin/session').set('X-Forwarded-For', address).send(body)
const as = (app: TestApp, cookie: string) => ({
  get: (path: string) => app.http.get(path).set('Cookie', cookie).set('Origin', site),
  post: (path: string, body: object = {}) => app.http.post(path).set('Cookie', cookie).set('Origin', site).send(body),
  patch: (path: string, body: object) => app.http.patch(path).set('Cookie', cookie).set('Origin', site).send(body),
  delete: (path: string) => app.http.delete(path).set('Cookie', cookie).set('Origin', site),
})

/** Sets up an authenticator app for the person of `cookie`: its secret and the recovery codes shown once. */
async function withApp(app: TestApp, cookie: string) {
  const { secret, uri } = (await as(app, cookie).post('/api/admin/security/totp/start').expect(200)).body
  expect(uri).toBe(`otpauth://totp/www.example.com:${encodeURIComponent(owner.email)}?secret=${secret}&issuer=www.example.com`)
  await as(app, cookie).post('/api/admin/security/totp', { secret, code: '000000' }).expect(400)
  const { recoveryCodes } = (
    await as(app, cookie)
      .post('/api/admin/security/totp', { secret, code: await generate({ secret }) })
      .expect(201)
  ).body
  return { secret, recoveryCodes: recoveryCodes as string[] }
}

/** The authenticator's next code: the code of the next 30 s, which the service takes within its tolerance. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })

describe('a second factor and a forgotten password', () => {
  it('sends a reset link only to an address with an account, answering any address alike; the link works once', async () => {
    const app = await deskApp()
    const ownerCookie = await firstOwner(app)
    const stranger = await app.http.post('/api/admin/password-reset').send({ email: 'nobody@example.com' }).expect(202)
    const known = await app.http.post('/api/admin/password-reset').send({ email: owner.email.toUpperCase() }).expect(202)
    expect(stranger.body).toEqual({ message: resetAsked })
    expect(known.body).toEqual(stranger.body)
    const person = (await app.store.personByEmail(owner.email))!
    expect((await app.store.emailsAbout('accounts', person.id)).map((email) => email.kind)).toEqual(['password-reset'])

    const key = await linkKey(app, { collection: 'accounts', id: person.id }, 'password-reset', '/admin/reset')
    const reset = await app.http.post('/api/admin/password-reset/confirm').send({ key, password: 'a-brand-new-password' }).expect(200)
    expect(reset.body).toEqual({ signedIn: true })
    await as(app, cookieOf(reset)).get('/api/admin/me').expect(200)
    // The sessions before the reset ended; the old password opens nothing; the link works once.
    await as(app, ownerCookie).get('/api/admin/me').expect(401)
    await signIn(app, { email: owner.email, password: owner.password }).expect(401)
    await signIn(app, { email: owner.email, password: 'a-brand-new-password' }).expect(204)
    const again = await app.http.post('/api/admin/password-reset/confirm').send({ key, password: 'yet-another-password' }).expect(404)
    expect(again.body.error).toMatch(/no longer works/)
    await app.http
      .post('/api/admin/password-reset/confirm')
      .send({ key: `${person.id}.1.x`, password: 'yet-another-password' })
      .expect(404)
    await app.http.post('/api/admin/password-reset/confirm').send({ key, password: 'short' }).expect(400)
  })

  it('sends one account a few reset emails an hour however often it is asked, and slows one address asking many', async () => {
    const app = await deskApp()
    await firstOwner(app)
    const person = (await app.store.personByEmail(owner.email))!
    for (let ask = 0; ask < resetLimits.perAccount + 2; ask++) {
      await app.http.post('/api/admin/password-reset').set('X-Forwarded-For', `203.0.113.${ask}`).send({ email: owner.email }).expect(202)
    }
    expect((await app.store.emailsAbout('accounts', person.id)).length).toBe(resetLimits.perAccount)
    for (let ask = 0; ask < resetLimits.perAddress; ask++) {
      await app.http
        .post('/api/admin/password-reset')
        .set('X-Forwarded-For', '198.51.100.50')
        .send({ email: `x${ask}@example.com` })
        .expect(202)
    }
    await app.http.post('/api/admin/password-reset').set('X-Forwarded-For', '198.51.100.50').send({ email: owner.email }).expect(429)
  })

  it('asks for the app’s code after a right password, takes each code once, and a recovery code once', async () => {
    const app = await deskApp()
    const cookie = await firstOwner(app)
    const { secret, recoveryCodes } = await withApp(app, cookie)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    expect((await as(app, cookie).get('/api/admin/security').expect(200)).body).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [] })

    const needed = await signIn(app, { email: owner.email, password: owner.password }).expect(401)
    expect(needed.body).toEqual({ error: codeNeeded, fields: { code: codeNeeded } })
    // A wrong password with a code is a wrong password: nothing says the code was the matter.
    expect((await signIn(app, { email: owner.email, password: 'not-the-password', code: '123456' }).expect(401)).body.fields).toBeUndefined()
    const code = await nextCode(secret)
    await signIn(app, { email: owner.email, password: owner.password, code }).expect(204)
    const replayed = await signIn(app, { email: owner.email, password: owner.password, code }).expect(401)
    expect(replayed.body.fields.code).toMatch(/used already/)

    await signIn(app, { email: owner.email, password: owner.password, code: recoveryCodes[0]!.toUpperCase() }).expect(204)
    await signIn(app, { email: owner.email, password: owner.password, code: recoveryCodes[0]! }).expect(401)
    expect((await as(app, cookie).get('/api/admin/security').expect(200)).body.recoveryCodesLeft).toBe(9)
    const trail = (await as(app, cookie).get('/api/admin/audit').expect(200)).body.items.map((entry: { action: string }) => entry.action)
    expect(trail).toEqual(expect.arrayContaining(['second-factor-added', 'recovery-code-used']))
  })

  it('counts wrong codes as wrong passwords, however often the code is asked for', async () => {
    const app = await deskApp()
    const cookie = await firstOwner(app)
    const { secret } = await withApp(app, cookie)
    // Five attempts (the limit per account and address): the code asked for three times, two wrong codes.
    for (let guess = 0; guess < 2; guess++) {
      await signIn(app, { email: owner.email, password: owner.password }).expect(401)
      await signIn(app, { email: owner.email, password: owner.password, code: String(100000 + guess) }).expect(401)
    }
    await signIn(app, { email: owner.email, password: owner.password }).expect(401)
    // Asking for the code again and again did not wipe the wrong codes out: this address is locked for this account.
    await signIn(app, { email: owner.email, password: owner.password, code: await nextCode(secret) }).expect(429)
    await signIn(app, { email: owner.email, password: owner.password, code: await nextCode(secret) }, '198.51.100.2').expect(204)
  })

  it('signs in with a passkey, which no number of wrong passwords from anywhere locks, and takes each answer once', async () => {
    const app = await deskApp()
    const cookie = await firstOwner(app)
    const authenticator = new SoftAuthenticator(site)
    const ceremony = (await as(app, cookie).post('/api/admin/security/passkeys/options').expect(200)).body
    expect(ceremony.options).toMatchObject({ rp: { id: 'www.example.com' }, authenticatorSelection: { residentKey: 'required' } })
    const made = authenticator.create(ceremony.options)
    const added = await as(app, cookie).post('/api/admin/security/passkeys', { key: ceremony.key, response: made, name: 'Olivia’s laptop' }).expect(201)
    expect(added.body).toMatchObject({ id: made.id, name: 'Olivia’s laptop' })
    await as(app, cookie).post('/api/admin/security/passkeys', { key: ceremony.key, response: made, name: 'Again' }).expect(400)

    // 60 wrong passwords at the owner from 60 addresses: the overall limit closes the password for new browsers.
    for (let guess = 0; guess < 60; guess++) {
      await signIn(app, { email: owner.email, password: `wrong-${guess}` }, `203.0.113.${guess}`)
    }
    await signIn(app, { email: owner.email, password: owner.password }, '198.51.100.9').expect(429)

    const options = (await app.http.post('/api/admin/session/passkey/options').send({}).expect(200)).body
    const answer = authenticator.get(options.options)
    const passkeyIn = await app.http.post('/api/admin/session/passkey').send({ key: options.key, response: answer }).expect(204)
    expect((await as(app, cookieOf(passkeyIn)).get('/api/admin/me').expect(200)).body).toMatchObject({ name: owner.name })
    await app.http.post('/api/admin/session/passkey').send({ key: options.key, response: answer }).expect(400)
    // An answer to another challenge, or signed by a passkey the desk does not know, opens nothing.
    const other = (await app.http.post('/api/admin/session/passkey/options').send({}).expect(200)).body
    await app.http.post('/api/admin/session/passkey').send({ key: other.key, response: answer }).expect(401)
    const stranger = new SoftAuthenticator(site)
    stranger.create({ ...ceremony.options, challenge: 'x' })
    const third = (await app.http.post('/api/admin/session/passkey/options').send({}).expect(200)).body
    await app.http
      .post('/api/admin/session/passkey')
      .send({ key: third.key, response: stranger.get(third.options) })
      .expect(401)

    const view = (await as(app, cookie).get('/api/admin/security').expect(200)).body
    expect(view.passkeys[0].lastUsedAt).toBeDefined()
    await as(app, cookie).delete(`/api/admin/security/passkeys/${made.id}`).expect(204)
    const later = (await app.http.post('/api/admin/session/passkey/options').send({}).expect(200)).body
    await app.http
      .post('/api/admin/session/passkey')
      .send({ key: later.key, response: authenticator.get(later.options) })
      .expect(401)
  })

  it('lets an owner require a second factor: a person without one reaches only their Security until they add one', async () => {
    const app = await deskApp()
    const ownerCookie = await firstOwner(app)
    const { cookie: ana } = await invited(app, ownerCookie, 'ana@example.com', 'member', 'ana-long-password')
    await as(app, ana).patch('/api/admin/security/desk', { secondFactor: 'required' }).expect(403)
    // The owner has none either: the rule holds them too, once set.
    const set = await as(app, ownerCookie).patch('/api/admin/security/desk', { secondFactor: 'required' }).expect(200)
    expect(set.body).toMatchObject({ secondFactor: 'required', mustAddSecondFactor: true })

    const refused = await as(app, ana).get('/api/admin/consultations').expect(403)
    expect(refused.body.error).toMatch(/requires a second factor/)
    expect((await as(app, ana).get('/api/admin/me').expect(200)).body).toMatchObject({ role: 'member' })
    expect((await as(app, ana).get('/api/admin/security').expect(200)).body).toMatchObject({ mustAddSecondFactor: true })

    const authenticator = new SoftAuthenticator(site)
    const ceremony = (await as(app, ana).post('/api/admin/security/passkeys/options').expect(200)).body
    const made = authenticator.create(ceremony.options)
    await as(app, ana).post('/api/admin/security/passkeys', { key: ceremony.key, response: made, name: 'Ana’s phone' }).expect(201)
    await as(app, ana).get('/api/admin/consultations').expect(200)
    // Her only factor stays while the rule holds; and with a passkey, her password alone no longer signs her in.
    await as(app, ana).delete(`/api/admin/security/passkeys/${made.id}`).expect(409)
    const passwordOnly = await signIn(app, { email: 'ana@example.com', password: 'ana-long-password' }).expect(401)
    expect(passwordOnly.body.error).toMatch(/passkey/)
  })
})
