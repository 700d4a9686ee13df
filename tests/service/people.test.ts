import { describe, expect, it } from 'vitest'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { emailRenderer } from '../../forms-service/outbox/render.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { cookieOf, firstOwner, invitationKey, invited, owner, site } from './deskPeople.js'
import { adminHeader, adminPassword, testApp, testEmailContext, validContact } from './helpers.js'

// The people at the desk (contract/wire/people.ts, forms-service/routes/people.ts), on either store: the
// bootstrap password until the first owner, invitations, roles, sessions kept in the store, guesses counted
// per account and address, and the audit trail.

describe('the people at the desk', () => {
  it('lets ADMIN_PASSWORD in only until the first owner has an account, then as nobody', async () => {
    const app = await testApp({ corsOrigins: [site] })
    expect((await app.http.get('/api/admin/session/options').expect(200)).body).toEqual({ bootstrap: true })
    const bootstrap = cookieOf(await app.http.post('/api/admin/session').send({ password: adminPassword }).expect(204))
    expect((await app.http.get('/api/admin/me').set('Cookie', bootstrap).set('Origin', site).expect(200)).body).toMatchObject({
      bootstrap: true,
      role: 'owner',
    })
    const made = await app.http.post('/api/admin/people/first-owner').set('Cookie', bootstrap).set('Origin', site).send(owner).expect(201)
    expect(made.body).toMatchObject({ name: owner.name, email: owner.email, role: 'owner', hasPassword: true })
    expect(JSON.stringify(made.body)).not.toContain('scrypt')
    const ownerCookie = cookieOf(made)
    expect((await app.http.get('/api/admin/me').set('Cookie', ownerCookie).set('Origin', site).expect(200)).body).toMatchObject({
      name: owner.name,
      bootstrap: false,
    })

    // The bootstrap password's session, its bearer use and its sign-in are over.
    await app.http.get('/api/admin/me').set('Cookie', bootstrap).set('Origin', site).expect(401)
    await app.http.get('/api/admin/consultations').set(adminHeader).expect(401)
    await app.http.post('/api/admin/session').send({ password: adminPassword }).expect(401)
    expect((await app.http.get('/api/admin/session/options').expect(200)).body).toEqual({ bootstrap: false })
    await app.http
      .post('/api/admin/people/first-owner')
      .set('Cookie', ownerCookie)
      .set('Origin', site)
      .send({ ...owner, email: 'second@example.com' })
      .expect(409)

    // The owner signs in by email (in any letter case) and password; a wrong one says nothing of which was wrong.
    await app.http.post('/api/admin/session').send({ email: owner.email.toUpperCase(), password: owner.password }).expect(204)
    const wrong = await app.http.post('/api/admin/session').send({ email: owner.email, password: 'not-it-at-all' }).expect(401)
    const nobody = await app.http.post('/api/admin/session').send({ email: 'nobody@example.com', password: 'not-it-at-all' }).expect(401)
    expect(wrong.body).toEqual(nobody.body)
  })

  it('lets ADMIN_PASSWORD in again as an owner with ADMIN_RECOVERY, to invite an owner when every owner is locked out', async () => {
    const app = await testApp({ corsOrigins: [site] })
    await firstOwner(app)
    const recovering = await app.restart({ adminRecovery: true })
    expect((await recovering.http.get('/api/admin/session/options').expect(200)).body).toEqual({ bootstrap: true })
    const bootstrap = cookieOf(await recovering.http.post('/api/admin/session').send({ password: adminPassword }).expect(204))
    const invitation = await recovering.http
      .post('/api/admin/invitations')
      .set('Cookie', bootstrap)
      .set('Origin', site)
      .send({ name: 'New Owner', email: 'new-owner@example.com', role: 'owner' })
      .expect(201)
    expect(invitation.body.invitedBy).toBe('ADMIN_PASSWORD')
    const back = await recovering.restart({ adminRecovery: false })
    await back.http.get('/api/admin/me').set('Cookie', bootstrap).expect(401)
    await back.http.post('/api/admin/session').send({ password: adminPassword }).expect(401)
  })

  it('keeps the API tokens made before accounts working, as the first owner’s', async () => {
    const app = await testApp({ corsOrigins: [site] })
    const { token } = (
      await app.http
        .post('/api/admin/api-tokens')
        .set(adminHeader)
        .send({ name: 'Nightly export', scopes: ['read'] })
        .expect(201)
    ).body
    const ownerCookie = await firstOwner(app)
    await app.http.get('/api/admin/consultations').set('Authorization', `Bearer ${token}`).expect(200)
    const [stored] = await app.store.apiTokens()
    expect(stored!.accountId).toBe((await app.http.get('/api/admin/me').set('Cookie', ownerCookie).set('Origin', site)).body.id)
  })

  it('invites a person by email with a link that works once, and a member reaches the leads but not the owner’s screens', async () => {
    const app = await testApp({ corsOrigins: [site] })
    const ownerCookie = await firstOwner(app)
    const invitation = (
      await app.http
        .post('/api/admin/invitations')
        .set('Cookie', ownerCookie)
        .set('Origin', site)
        .send({ name: 'Ana Ruiz', email: 'ana@agency.example.com', role: 'member' })
        .expect(201)
    ).body
    expect(invitation).toMatchObject({ name: 'Ana Ruiz', email: 'ana@agency.example.com', role: 'member', invitedBy: owner.name })
    const key = await invitationKey(app, invitation.id)
    expect((await app.http.get('/api/admin/invitation').query({ key }).expect(200)).body).toEqual({ name: 'Ana Ruiz', email: 'ana@agency.example.com' })
    await app.http
      .get('/api/admin/invitation')
      .query({ key: `${key}x` })
      .expect(404)
    await app.http.post('/api/admin/invitation').send({ key, password: 'short' }).expect(400)
    const accepted = await app.http.post('/api/admin/invitation').send({ key, password: 'ana-long-password' }).expect(201)
    const ana = cookieOf(accepted)
    expect((await app.http.post('/api/admin/invitation').send({ key, password: 'ana-long-password' }).expect(404)).body.error).toMatch(/no longer works/)

    await app.http.get('/api/admin/consultations').set('Cookie', ana).set('Origin', site).expect(200)
    await app.http.post('/api/contact').send(validContact()).expect(201)
    await app.http.get('/api/admin/messages').set('Cookie', ana).set('Origin', site).expect(200)
    for (const path of [
      '/api/admin/people',
      '/api/admin/api-tokens',
      '/api/admin/blocked',
      '/api/admin/backup',
      '/api/admin/audit',
      '/api/admin/calendar-feed',
    ]) {
      expect([path, (await app.http.get(path).set('Cookie', ana).set('Origin', site)).status]).toEqual([path, 403])
    }
    const people = (await app.http.get('/api/admin/people').set('Cookie', ownerCookie).set('Origin', site).expect(200)).body
    expect(people.people.map((person: { name: string; role: string }) => [person.name, person.role])).toEqual([
      [owner.name, 'owner'],
      ['Ana Ruiz', 'member'],
    ])
    expect(people.invitations).toEqual([])
  })

  it('does not send or open a revoked invitation, and sends one again with a new expiry', async () => {
    const app = await testApp({ corsOrigins: [site] })
    const ownerCookie = await firstOwner(app)
    const invitation = (
      await app.http
        .post('/api/admin/invitations')
        .set('Cookie', ownerCookie)
        .set('Origin', site)
        .send({ name: 'Ben', email: 'ben@example.com', role: 'member' })
        .expect(201)
    ).body
    const key = await invitationKey(app, invitation.id)
    const again = (await app.http.post(`/api/admin/invitations/${invitation.id}/resend`).set('Cookie', ownerCookie).set('Origin', site).send({}).expect(200))
      .body
    expect(Date.parse(again.expiresAt)).toBeGreaterThanOrEqual(Date.parse(invitation.expiresAt))
    expect((await app.store.emailsAbout('invitations', invitation.id)).length).toBe(2)
    await app.http.delete(`/api/admin/invitations/${invitation.id}`).set('Cookie', ownerCookie).set('Origin', site).expect(204)
    // A revoked invitation is no longer listed as open.
    const listed = (await app.http.get('/api/admin/people').set('Cookie', ownerCookie).set('Origin', site).expect(200)).body
    expect(listed.invitations.map((open: { id: string }) => open.id)).not.toContain(invitation.id)
    await app.http.get('/api/admin/invitation').query({ key }).expect(404)
    await app.http.post('/api/admin/invitation').send({ key, password: 'ben-long-password' }).expect(404)
    const [queued] = await app.store.emailsAbout('invitations', invitation.id)
    const settings = await loadBookingSettings(fixtureContentDir)
    expect(await emailRenderer(app.store, await testEmailContext(), { settings, closedDays: [], now: () => new Date() })(queued!)).toEqual({
      superseded: 'The invitation was revoked',
    })
  })

  it('keeps sessions in the store: they outlive a restart, each person sees theirs and ends any', async () => {
    const app = await testApp({ corsOrigins: [site] })
    const ownerCookie = await firstOwner(app)
    const other = cookieOf(
      await app.http.post('/api/admin/session').set('User-Agent', 'Phone Browser/1.0').send({ email: owner.email, password: owner.password }).expect(204),
    )
    const restarted = await app.restart()
    await restarted.http.get('/api/admin/me').set('Cookie', ownerCookie).set('Origin', site).expect(200)
    const sessions = (await restarted.http.get('/api/admin/sessions').set('Cookie', ownerCookie).set('Origin', site).expect(200)).body
    expect(sessions).toHaveLength(2)
    expect(sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1)
    const phone = sessions.find((session: { device: string }) => session.device === 'Phone Browser/1.0')
    await restarted.http.delete(`/api/admin/sessions/${phone.id}`).set('Cookie', ownerCookie).set('Origin', site).expect(204)
    await restarted.http.get('/api/admin/me').set('Cookie', other).set('Origin', site).expect(401)
    await restarted.http.get('/api/admin/me').set('Cookie', ownerCookie).set('Origin', site).expect(200)
  })

  it('ends a person’s sessions when their role changes, ends their tokens too when removed, and keeps an owner', async () => {
    const app = await testApp({ corsOrigins: [site] })
    const ownerCookie = await firstOwner(app)
    const { cookie: ana, person } = await invited(app, ownerCookie, 'ana@example.com', 'owner')
    const { token } = (
      await app.http
        .post('/api/admin/api-tokens')
        .set('Cookie', ana)
        .set('Origin', site)
        .send({ name: 'Ana’s script', scopes: ['read'] })
        .expect(201)
    ).body
    await app.http.patch(`/api/admin/people/${person.id}`).set('Cookie', ownerCookie).set('Origin', site).send({ role: 'member' }).expect(200)
    await app.http.get('/api/admin/me').set('Cookie', ana).set('Origin', site).expect(401)
    await app.http.get('/api/admin/consultations').set('Authorization', `Bearer ${token}`).expect(200)
    await app.http.delete(`/api/admin/people/${person.id}`).set('Cookie', ownerCookie).set('Origin', site).expect(204)
    await app.http.get('/api/admin/consultations').set('Authorization', `Bearer ${token}`).expect(401)
    await app.http.post('/api/admin/session').send({ email: 'ana@example.com', password: 'ana@example.com-password' }).expect(401)

    const me = (await app.http.get('/api/admin/me').set('Cookie', ownerCookie).set('Origin', site)).body
    expect((await app.http.delete(`/api/admin/people/${me.id}`).set('Cookie', ownerCookie).set('Origin', site).expect(409)).body.error).toMatch(
      /needs an owner/,
    )
    await app.http.patch(`/api/admin/people/${me.id}`).set('Cookie', ownerCookie).set('Origin', site).send({ role: 'member' }).expect(409)
  })

  it('locks wrong passwords for one account from one address only: not the person elsewhere, not another person', async () => {
    const app = await testApp({ trustProxy: 1, corsOrigins: [site] })
    const ownerCookie = await firstOwner(app)
    await invited(app, ownerCookie, 'ana@example.com', 'member', 'ana-long-password')
    const signIn = (ip: string, email: string, password: string) => app.http.post('/api/admin/session').set('X-Forwarded-For', ip).send({ email, password })
    for (let i = 0; i < 5; i++) await signIn('203.0.113.9', 'ana@example.com', `guess-${i}-wrong`).expect(401)
    const locked = await signIn('203.0.113.9', 'ana@example.com', 'ana-long-password').expect(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    await signIn('198.51.100.4', 'ana@example.com', 'ana-long-password').expect(204)
    await signIn('203.0.113.9', owner.email, owner.password).expect(204)
  })

  it('lets 50 guesses at one person from many addresses stop neither another person nor that person’s known browser', async () => {
    const app = await testApp({ trustProxy: 1, corsOrigins: [site] })
    const ownerCookie = await firstOwner(app)
    await invited(app, ownerCookie, 'ana@example.com', 'member', 'ana-long-password')
    const known = await app.http
      .post('/api/admin/session')
      .set('X-Forwarded-For', '192.0.2.10')
      .send({ email: 'ana@example.com', password: 'ana-long-password' })
      .expect(204)
    const browser = (known.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('admin_browser='))!.split(';')[0]!
    // Ten at a time, as a botnet sends them: each is a password check (scrypt) all the same.
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          app.http
            .post('/api/admin/session')
            .set('X-Forwarded-For', `203.0.113.${batch * 10 + i + 1}`)
            .send({ email: 'ana@example.com', password: `guess-${batch}-${i}-wrong` })
            .expect(401),
        ),
      )
    }
    // Ana's account is guarded now from unknown browsers, everywhere; her own browser and Olivia are not stopped.
    await app.http
      .post('/api/admin/session')
      .set('X-Forwarded-For', '198.51.100.77')
      .send({ email: 'ana@example.com', password: 'ana-long-password' })
      .expect(429)
    await app.http
      .post('/api/admin/session')
      .set('X-Forwarded-For', '192.0.2.10')
      .set('Cookie', browser)
      .set('Origin', site)
      .send({ email: 'ana@example.com', password: 'ana-long-password' })
      .expect(204)
    await app.http.post('/api/admin/session').set('X-Forwarded-For', '198.51.100.77').send({ email: owner.email, password: owner.password }).expect(204)
  }, 120_000)

  it('records who signed in, who failed, and what the owners changed, with their names', async () => {
    const app = await testApp({ corsOrigins: [site] })
    const ownerCookie = await firstOwner(app)
    await app.http.post('/api/admin/session').send({ email: owner.email, password: 'wrong-password!' }).expect(401)
    const { person } = await invited(app, ownerCookie, 'ana@example.com', 'member')
    await app.http.patch(`/api/admin/people/${person.id}`).set('Cookie', ownerCookie).set('Origin', site).send({ role: 'owner' }).expect(200)
    await app.http
      .post('/api/admin/blocked')
      .set('Cookie', ownerCookie)
      .set('Origin', site)
      .send({ kind: 'email', values: ['spam@example.com'] })
      .expect(201)
    const trail = (await app.http.get('/api/admin/audit').set('Cookie', ownerCookie).set('Origin', site).expect(200)).body
    const lines = trail.items.map((entry: { actorName: string; action: string }) => `${entry.actorName}: ${entry.action}`).reverse()
    expect(lines).toEqual([
      'ADMIN_PASSWORD: signed-in',
      // The bootstrap password made the first owner's account.
      'ADMIN_PASSWORD: person-invited',
      `${owner.name}: sign-in-failed`,
      `${owner.name}: person-invited`,
      'ana: invitation-accepted',
      `${owner.name}: role-changed`,
      `${owner.name}: blocked`,
    ])
    const failures = (await app.http.get('/api/admin/audit').query({ action: 'sign-in-failed' }).set('Cookie', ownerCookie).set('Origin', site).expect(200))
      .body
    expect(failures.items.map((entry: { subject: string }) => entry.subject)).toEqual([owner.email])
    await app.http.get('/api/admin/audit').query({ action: 'made-up' }).set('Cookie', ownerCookie).set('Origin', site).expect(400)

    // The same lines as a spreadsheet, filtered alike; the export is a line of its own.
    const csv = await app.http.get('/api/admin/audit.csv').query({ action: 'role-changed' }).set('Cookie', ownerCookie).set('Origin', site).expect(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const rows = csv.text.trim().split(/\r?\n/)
    expect(rows[0]).toBe('At (UTC),Who,What,About,From address')
    expect(rows.slice(1).map((row) => row.split(',').slice(1, 3).join(','))).toEqual([`${owner.name},role-changed`])
    const exported = (await app.http.get('/api/admin/audit').query({ action: 'exported' }).set('Cookie', ownerCookie).set('Origin', site).expect(200)).body
    expect(exported.items.map((entry: { subject: string }) => entry.subject)).toEqual(['the activity trail (CSV)'])
  })
})
