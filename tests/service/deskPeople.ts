import { expect } from 'vitest'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { emailRenderer } from '../../forms-service/outbox/render.js'
import type { EmailRecord } from '../../forms-service/store/records.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { adminPassword, testEmailContext, type TestApp } from './helpers.js'

// The steps of the people tests (people.test.ts, security.test.ts): the first owner, an invited person, the
// link of a desk email as the outbox renders it.

// The site the desk is served from: a change a session cookie makes must come from it (middleware/sameOrigin.ts).
export const site = 'https://www.example.com'
export const owner = { name: 'Olivia Owner', email: 'olivia@agency.example.com', password: 'olivia-long-password' }

export const cookieOf = (res: { headers: Record<string, unknown> }) =>
  (res.headers['set-cookie'] as string[]).find((line) => line.startsWith('admin_session='))!.split(';')[0]!

/** Signs in with ADMIN_PASSWORD (the bootstrap owner) and makes the first owner's account: its session cookie. */
export async function firstOwner(app: TestApp): Promise<string> {
  const bootstrap = cookieOf(await app.http.post('/api/admin/session').send({ password: adminPassword }).expect(204))
  return cookieOf(await app.http.post('/api/admin/people/first-owner').set('Cookie', bootstrap).set('Origin', site).send(owner).expect(201))
}

/** The `key` of the link to `path` in the latest email of `kind` about `about`, as the outbox renders it. */
export async function linkKey(app: TestApp, about: EmailRecord['about'], kind: string, path: string): Promise<string> {
  const emails = (await app.store.emailsAbout(about.collection, about.id)).filter((email) => email.kind === kind)
  expect(emails.length, `a ${kind} email was queued`).toBeGreaterThan(0)
  const settings = await loadBookingSettings(fixtureContentDir)
  const message = await emailRenderer(app.store, await testEmailContext(), { settings, closedDays: [], now: app.now })(emails.at(-1)!)
  if (!message || 'superseded' in message) throw new Error(`the ${kind} email did not render: ${JSON.stringify(message)}`)
  const link = new RegExp(`https://www\\.example\\.com${path}\\?key=[^\\s)">]+`).exec(String(message.text))?.[0]
  expect(link, `the email has a link to ${path}`).toBeDefined()
  return new URL(link!).searchParams.get('key')!
}

/** The key of the latest invitation email about `id`. */
export const invitationKey = (app: TestApp, id: string) => linkKey(app, { collection: 'invitations', id }, 'desk-invitation', '/admin/join')

/** Invites `email` as `role` and accepts the invitation with `password`: the new person's session cookie. */
export async function invited(app: TestApp, ownerCookie: string, email: string, role: 'owner' | 'member', password = `${email}-password`) {
  const invitation = (
    await app.http
      .post('/api/admin/invitations')
      .set('Cookie', ownerCookie)
      .set('Origin', site)
      .send({ name: email.split('@')[0], email, role })
      .expect(201)
  ).body
  const key = await invitationKey(app, invitation.id)
  const accepted = await app.http.post('/api/admin/invitation').send({ key, password }).expect(201)
  return { cookie: cookieOf(accepted), person: accepted.body, key }
}
