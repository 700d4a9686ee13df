import { describe, expect, it } from 'vitest'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { emailRenderer } from '../../forms-service/outbox/render.js'
import { apiPath } from '../../site/forms/api.js'
import { adminApi } from '../../contract/wire/adminApi.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { dallas } from '../usTime.js'
import { firstOwner, invited, owner, site } from './deskPeople.js'
import { adminHeader, testApp, testEmailContext, validConsultation, validContact, type TestApp } from './helpers.js'

// Every lead has an owner (forms-service/people/leadOwner.ts): round robin among the people at the desk on
// arrival, changed by anyone at the desk; the list filters by it, the CSV names it, and the lead's notification
// goes to its owner with the agency's address in copy.

/** From Thursday, October 29, 2026, noon in Dallas, a second later at each reading: people join, and leads arrive, one after another. */
let tick = Date.parse('2026-10-29T17:00:00Z')
const now = () => {
  tick += 1000
  return new Date(tick)
}
const date = '2026-11-02'

async function desk(overrides = {}) {
  const app = await testApp({ corsOrigins: [site], ...overrides }, { now }, { now })
  const ownerCookie = await firstOwner(app)
  const ownerId = (await app.http.get('/api/admin/me').set({ Cookie: ownerCookie, Origin: site }).expect(200)).body.id as string
  const mia = await invited(app, ownerCookie, 'mia@agency.example.com', 'member')
  const as = (cookie: string) => ({ Cookie: cookie, Origin: site })
  const message = async (email: string) => (await app.http.post('/api/contact').send(validContact({ email })).expect(201)).body.id as string
  const ownerOf = async (collection: 'contacts' | 'consultations', id: string) => (await app.store.find(collection, id))?.owner
  return { ...app, ownerCookie, ownerId, mia, as, message, ownerOf }
}

/** The lead's notification as the outbox renders it now. */
async function notification(app: TestApp, collection: 'contacts' | 'consultations', id: string, copy = true) {
  const kind = collection === 'contacts' ? 'contact-notification' : 'consultation-notification'
  const email = (await app.store.emailsAbout(collection, id)).find((candidate) => candidate.kind === kind)!
  const settings = await loadBookingSettings(fixtureContentDir)
  const context = { ...(await testEmailContext()), notifyCopy: copy }
  const message = await emailRenderer(app.store, context, { settings, closedDays: [], now })(email)
  if (!message || 'superseded' in message) throw new Error(`the ${kind} did not render`)
  return message
}

describe('the owner of a lead (both stores)', () => {
  it('goes round robin among the people at the desk, the one whose latest lead is oldest first, and never to a person who left', async () => {
    const app = await desk()
    const first = await app.message('one@example.com')
    const second = await app.message('two@example.com')
    const booked = await app.http
      .post('/api/consultation')
      .send(validConsultation({ date, timeSlot: 'morning', start: dallas(date, '09:00') }))
      .expect(201)
    // The owner joined first: the first lead is theirs, the next Mia's, then the owner's again.
    expect([await app.ownerOf('contacts', first), await app.ownerOf('contacts', second), await app.ownerOf('consultations', booked.body.id)]).toEqual([
      app.ownerId,
      app.mia.person.id,
      app.ownerId,
    ])
    const view = (
      await app.http
        .get(apiPath(adminApi.messages.record, { id: second }))
        .set(app.as(app.ownerCookie))
        .expect(200)
    ).body
    expect(view).toMatchObject({ owner: app.mia.person.id, names: { [app.mia.person.id]: 'mia' } })

    await app.http
      .delete(apiPath(adminApi.people.remove, { id: app.mia.person.id }))
      .set(app.as(app.ownerCookie))
      .expect(204)
    expect(await app.ownerOf('contacts', await app.message('three@example.com'))).toBe(app.ownerId)
    expect(await app.ownerOf('contacts', await app.message('four@example.com'))).toBe(app.ownerId)
  })

  it('is changed by anyone at the desk to a person at the desk, never to an id nobody has; "Mine" lists a person’s leads, the CSV names them', async () => {
    const app = await desk()
    const first = await app.message('one@example.com')
    const second = await app.message('two@example.com')
    const record = apiPath(adminApi.messages.record, { id: first })
    const changed = await app.http.patch(record).set(app.as(app.mia.cookie)).send({ owner: app.mia.person.id }).expect(200)
    expect(changed.body).toMatchObject({ owner: app.mia.person.id, names: { [app.mia.person.id]: 'mia' } })

    const refused = await app.http.patch(record).set(app.as(app.mia.cookie)).send({ owner: 'nobody-at-all' }).expect(400)
    expect(refused.body.fields.owner).toMatch(/not at the desk/)
    await app.http.patch(record).set(app.as(app.mia.cookie)).send({ owner: '' }).expect(400)
    expect(await app.ownerOf('contacts', first)).toBe(app.mia.person.id)

    const mine = (await app.http.get(adminApi.messages.list.path).query({ owner: app.mia.person.id }).set(app.as(app.mia.cookie)).expect(200)).body
    expect(mine.items.map((item: { id: string }) => item.id).sort()).toEqual([first, second].sort())
    const others = (await app.http.get(adminApi.messages.list.path).query({ owner: app.ownerId }).set(app.as(app.mia.cookie)).expect(200)).body
    expect(others).toMatchObject({ items: [], total: 0 })

    const csv = (await app.http.get(adminApi.messages.csv.path).set(app.as(app.ownerCookie)).expect(200)).text
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    const ownerColumn = header!.split(',').indexOf('Owner')
    expect(ownerColumn).toBeGreaterThanOrEqual(0)
    expect(rows.map((row) => row.split(',')[ownerColumn])).toEqual(['mia', 'mia'])
  })

  it('of a caught post released at the desk is the person who released it, not the round robin’s next', async () => {
    const app = await desk()
    await app.http
      .post('/api/admin/blocked')
      .set(app.as(app.ownerCookie))
      .send({ kind: 'email', values: ['pest@example.com'] })
      .expect(201)
    await app.http
      .post('/api/contact')
      .send(validContact({ email: 'pest@example.com' }))
      .expect(201)
    // The round robin's next is Mia: the owner had the last lead.
    expect(await app.ownerOf('contacts', await app.message('first@example.com'))).toBe(app.ownerId)
    const [caught] = (await app.http.get('/api/admin/blocked-posts').set(app.as(app.ownerCookie)).expect(200)).body.items as { id: string }[]
    await app.http.post(`/api/admin/blocked-posts/${caught!.id}/unblock`).set(app.as(app.ownerCookie)).send({}).expect(200)
    expect(await app.ownerOf('contacts', caught!.id)).toBe(app.ownerId)
  })

  it('hears of a new lead by email, with the agency in copy unless NOTIFY_COPY is off; without accounts the agency alone, as before', async () => {
    const app = await desk()
    const id = await app.message('one@example.com')
    const message = await notification(app, 'contacts', id)
    expect(message.to).toEqual({ name: owner.name, address: owner.email })
    expect(message.cc).toEqual({ name: expect.any(String), address: 'leads@example.com' })
    expect((await notification(app, 'contacts', id, false)).cc).toBeUndefined()

    const alone = await testApp({}, { now }, { now })
    const unowned = (await alone.http.post('/api/contact').send(validContact()).expect(201)).body.id as string
    expect((await alone.store.find('contacts', unowned))?.owner).toBeUndefined()
    expect((await notification(alone, 'contacts', unowned)).to).toMatchObject({ address: 'leads@example.com' })
    expect(
      (
        await alone.http
          .get(apiPath(adminApi.messages.record, { id: unowned }))
          .set(adminHeader)
          .expect(200)
      ).body.names,
    ).toEqual({})
  })
})
