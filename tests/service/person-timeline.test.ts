import { describe, expect, it } from 'vitest'
import { loadClosedDays } from '../../forms-service/closedDays.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { testApp, validConsultation, validContact, adminHeader } from './helpers.js'

// One person, one timeline: the records of one folded address (contract/booking/person.ts personKey) or one phone
// (phoneKey: a US number's leading 1 aside) are one person, whatever record the agency opens them from; a
// record that shares the address of one and the phone of another joins all three.
// The clock runs from the Saturday before the change to standard time (November 1, 2026) to the Monday after.

async function desk() {
  const clock = { now: new Date('2026-10-31T15:00:00Z') }
  const now = () => clock.now
  const app = await testApp({}, { now, closedDays: await loadClosedDays(fixtureContentDir) }, { now })
  const at = (iso: string) => (clock.now = new Date(iso))
  const timeline = async (collection: string, id: string) => (await app.http.get(`/api/admin/person/${collection}/${id}`).set(adminHeader).expect(200)).body
  return { ...app, at, timeline }
}

describe('one person, one timeline (both stores)', () => {
  it('joins the records of one address or one phone, newest first, with their status changes, meetings and emails sent', async () => {
    const app = await desk()
    const request = (
      await app.http
        .post('/api/consultation')
        .send(validConsultation({ email: 'Ann.Lee+web@Gmail.com', phone: '(214) 555-0142', date: '2026-11-02', timeSlot: 'morning' }))
        .expect(201)
    ).body.id as string
    app.at('2026-10-31T20:00:00Z')
    const sameAddress = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'annlee@gmail.com', phone: '972-555-0100' }))
        .expect(201)
    ).body.id
    app.at('2026-11-01T15:00:00Z')
    const samePhone = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'front-desk@example.com', phone: '+1 214 555 0142' }))
        .expect(201)
    ).body.id
    // Others: the same name, a near address (dots count outside Gmail), a near phone.
    await app.http
      .post('/api/contact')
      .send(validContact({ email: 'ann.lee@example.com', phone: '214-555-0143' }))
      .expect(201)
    await app.http
      .post('/api/consultation')
      .send(validConsultation({ email: 'stranger@example.com', phone: '1 (214) 555-0199', date: '2026-11-02' }))
      .expect(201)

    app.at('2026-11-02T13:00:00Z')
    await app.http.patch(`/api/admin/consultations/${request}`).set(adminHeader).send({ status: 'closed', cancelMeeting: true }).expect(200)
    const confirmation = (await app.store.emailsAbout('consultations', request)).find((email) => email.kind === 'consultation-confirmation')!
    // The sender's record of a send (forms-service/outbox/sender.ts writes the same).
    await app.store.updateEmail(confirmation.id, { state: 'sent', sentAt: '2026-11-02T13:30:00.000Z', to: 'Ann.Lee+web@Gmail.com', attempts: 1 })
    await app.store.subscribe({ email: 'front-desk@example.com' })

    const fromPhone = await app.timeline('contacts', samePhone)
    expect(fromPhone.records.map((record: { id: string }) => record.id)).toEqual([samePhone, sameAddress, request])
    expect(fromPhone.records[2]).toMatchObject({ collection: 'consultations', status: 'closed', business: 'Bluebonnet Bakery', name: 'Ann Lee' })
    expect(fromPhone.subscribedAt).toEqual(expect.any(String))
    expect(fromPhone.truncated).toBe(false)
    const meetingStart = (await app.store.find('consultations', request))!.meeting!.start
    expect(fromPhone.events).toEqual([
      {
        at: '2026-11-02T13:30:00.000Z',
        collection: 'consultations',
        recordId: request,
        kind: 'email',
        email: 'consultation-confirmation',
        to: 'Ann.Lee+web@Gmail.com',
      },
      { at: '2026-11-02T13:00:00.000Z', collection: 'consultations', recordId: request, kind: 'meeting', state: 'cancelled', lead: 'closed', by: 'bootstrap' },
      {
        at: '2026-11-02T13:00:00.000Z',
        collection: 'consultations',
        recordId: request,
        kind: 'status',
        status: 'closed',
        meetingCancelled: true,
        by: 'bootstrap',
      },
      { at: '2026-11-01T15:00:00.000Z', collection: 'contacts', recordId: samePhone, kind: 'received' },
      { at: '2026-10-31T20:00:00.000Z', collection: 'contacts', recordId: sameAddress, kind: 'received' },
      { at: '2026-10-31T15:00:00.000Z', collection: 'consultations', recordId: request, kind: 'meeting', state: 'booked', start: meetingStart },
      { at: '2026-10-31T15:00:00.000Z', collection: 'consultations', recordId: request, kind: 'received' },
    ])
    // The same person from any of their records.
    expect((await app.timeline('consultations', request)).events).toEqual(fromPhone.events)
    expect((await app.timeline('contacts', sameAddress)).records).toEqual(fromPhone.records)
    // The other address's subscription is not theirs.
    expect((await app.timeline('consultations', request)).subscribedAt).toBeNull()
  })

  it('follows a deleted record out, and answers 404 for no record', async () => {
    const app = await desk()
    const first = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'pat@example.com', phone: '972-555-0101' }))
        .expect(201)
    ).body.id
    const second = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'PAT@example.com', phone: '972-555-0102' }))
        .expect(201)
    ).body.id
    expect((await app.timeline('contacts', first)).records).toHaveLength(2)
    await app.http.delete(`/api/admin/messages/${second}`).set(adminHeader).expect(204)
    expect((await app.timeline('contacts', first)).records.map((record: { id: string }) => record.id)).toEqual([first])
    await app.http.get(`/api/admin/person/contacts/${second}`).set(adminHeader).expect(404)
    await app.http.get(`/api/admin/person/newsletterSubscribers/${first}`).set(adminHeader).expect(404)
    await app.http.get(`/api/admin/person/contacts/${first}`).expect(401)
  })
})
