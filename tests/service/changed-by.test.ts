import { describe, expect, it } from 'vitest'
import { apiPath } from '../../site/forms/api.js'
import { adminApi } from '../../contract/wire/adminApi.js'
import { dallas } from '../usTime.js'
import { firstOwner, invited, owner, site } from './deskPeople.js'
import { testApp, validConsultation, validContact } from './helpers.js'

// Who changed a lead or its meeting at the desk (contract/wire/records.ts ChangedBy): each change keeps the
// person's account, and the views carry their names, so the desk says "Contacted by Mia", also once Mia has
// left. What erases records (a lead, a subscriber) or sends an email again is a line of the audit trail.

/** Thursday, October 29, 2026, noon in Dallas: the meeting is on the Monday after the change to standard time. */
const now = () => new Date('2026-10-29T17:00:00Z')
const date = '2026-11-02'

async function desk() {
  const app = await testApp({ corsOrigins: [site] }, { now }, { now })
  const ownerCookie = await firstOwner(app)
  const mia = await invited(app, ownerCookie, 'mia@agency.example.com', 'member')
  const as = (cookie: string) => ({ Cookie: cookie, Origin: site })
  return { ...app, ownerCookie, mia, as }
}

describe('who changed it (both stores)', () => {
  it('a status, a note and a meeting change keep who made them; the record and the timeline name them, also after they left', async () => {
    const app = await desk()
    const booked = await app.http
      .post('/api/consultation')
      .send(validConsultation({ date, timeSlot: 'morning', start: dallas(date, '09:00') }))
      .expect(201)
    const id = booked.body.id as string
    const record = apiPath(adminApi.consultations.record, { id })

    await app.http.patch(record).set(app.as(app.mia.cookie)).send({ status: 'contacted' }).expect(200)
    await app.http.patch(record).set(app.as(app.ownerCookie)).send({ note: 'Called back, wants a quote' }).expect(200)
    const meetingId = (await app.http.get(record).set(app.as(app.ownerCookie)).expect(200)).body.meeting.id as string
    await app.http
      .post(apiPath(adminApi.meetings.cancel, { id: meetingId }))
      .set(app.as(app.ownerCookie))
      .send({ message: 'We are closed that day' })
      .expect(200)

    const ownerId = (await app.http.get('/api/admin/me').set(app.as(app.ownerCookie)).expect(200)).body.id as string
    const seen = (await app.http.get(record).set(app.as(app.ownerCookie)).expect(200)).body
    expect(seen.statusHistory.map((change: { status: string; by?: string }) => [change.status, change.by])).toEqual([
      ['new', undefined],
      ['contacted', app.mia.person.id],
    ])
    expect(seen.meeting.history.map((change: { state: string; by?: string }) => [change.state, change.by])).toEqual([
      ['booked', undefined],
      ['cancelled', ownerId],
    ])
    expect(seen.names).toEqual({ [app.mia.person.id]: 'mia', [ownerId]: owner.name })
    expect(await app.store.find('consultations', id)).toMatchObject({ noteUpdatedBy: ownerId })

    const timeline = (
      await app.http
        .get(apiPath(adminApi.person, { collection: 'consultations', id }))
        .set(app.as(app.ownerCookie))
        .expect(200)
    ).body
    expect(timeline.events.find((event: { kind: string }) => event.kind === 'status')).toMatchObject({ status: 'contacted', by: app.mia.person.id })
    expect(timeline.events.find((event: { kind: string; state?: string }) => event.state === 'cancelled')).toMatchObject({ by: ownerId })
    expect(timeline.names).toEqual({ [app.mia.person.id]: 'mia', [ownerId]: owner.name })

    // Mia leaves: what she did still says her name.
    await app.http
      .delete(apiPath(adminApi.people.remove, { id: app.mia.person.id }))
      .set(app.as(app.ownerCookie))
      .expect(204)
    expect((await app.http.get(record).set(app.as(app.ownerCookie)).expect(200)).body.names[app.mia.person.id]).toBe('mia')
  })

  it('a change through an API token or a bulk change says so too', async () => {
    const app = await desk()
    const token = (
      await app.http
        .post(adminApi.createApiToken.path)
        .set(app.as(app.ownerCookie))
        .send({ name: 'Zapier', scopes: ['read', 'write'] })
        .expect(201)
    ).body as {
      id: string
      token: string
    }
    const id = (await app.http.post('/api/contact').send(validContact()).expect(201)).body.id as string
    const record = apiPath(adminApi.messages.record, { id })
    await app.http.patch(record).set('Authorization', `Bearer ${token.token}`).send({ status: 'contacted' }).expect(200)
    await app.http
      .post(adminApi.messages.bulk.path)
      .set(app.as(app.mia.cookie))
      .send({ ids: [id], status: 'closed' })
      .expect(200)
    const seen = (await app.http.get(record).set(app.as(app.ownerCookie)).expect(200)).body
    expect(seen.statusHistory.slice(1).map((change: { by?: string }) => seen.names[change.by!])).toEqual(['API token “Zapier”', 'mia'])
  })

  it('erasing leads and a subscriber, and sending an email again, are lines of the audit trail that keep no erased address', async () => {
    const app = await desk()
    const first = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'first@example.com' }))
        .expect(201)
    ).body.id as string
    const second = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'second@example.com' }))
        .expect(201)
    ).body.id as string
    await app.http
      .delete(apiPath(adminApi.messages.remove, { id: first }))
      .set(app.as(app.mia.cookie))
      .expect(204)
    await app.http
      .post(adminApi.messages.bulk.path)
      .set(app.as(app.mia.cookie))
      .send({ ids: [second], delete: true })
      .expect(200)
    await app.http.post('/api/newsletter-subscription').send({ email: 'reader@example.com' }).expect(201)
    const subscriber = (await app.store.subscribers())[0]!
    await app.http
      .delete(apiPath(adminApi.removeSubscriber, { id: subscriber.id }))
      .set(app.as(app.mia.cookie))
      .expect(204)
    const email = (await app.store.emailsAbout('newsletterSubscribers', subscriber.id))[0]
    expect(email, 'the erased subscriber leaves no email').toBeUndefined()
    const contact = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'third@example.com' }))
        .expect(201)
    ).body.id as string
    const notice = (await app.store.emailsAbout('contacts', contact))[0]!
    await app.http
      .post(apiPath(adminApi.resendEmail, { id: notice.id }))
      .set(app.as(app.mia.cookie))
      .expect(202)

    const trail = (await app.http.get(adminApi.audit.path).set(app.as(app.ownerCookie)).expect(200)).body.items as {
      action: string
      actorName: string
      subject?: string
    }[]
    const lines = trail.filter((line) => ['leads-deleted', 'subscriber-removed', 'email-resent'].includes(line.action))
    expect(lines.map((line) => [line.action, line.actorName, line.subject])).toEqual([
      ['email-resent', 'mia', expect.stringMatching(new RegExp(`^${notice.kind}`))],
      ['subscriber-removed', 'mia', undefined],
      ['leads-deleted', 'mia', '1 message'],
      ['leads-deleted', 'mia', '1 message'],
    ])
    expect(JSON.stringify(trail)).not.toMatch(/first@|second@|reader@/)
  })
})
