import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { loadClosedDays } from '../../forms-service/closedDays.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { testApp, validConsultation, adminHeader } from './helpers.js'
import { dallas } from '../usTime.js'

// A meeting follows its lead: Spam cancels it (no email), Closed when asked (the visitor told), Not spam
// may book the same start again if it is still free. The days booked lie after the change to standard
// time (November 1, 2026) as seen from the clock's Thursday before it.

/** Thursday, October 29, 2026, noon in Dallas. */
const beforeFall = new Date('2026-10-29T17:00:00Z')
/** Monday after the change: the reminder (24 hours before) is due across it. */
const date = '2026-11-02'
const start = dallas(date, '09:00')

async function desk() {
  const clock = { now: beforeFall }
  const now = () => clock.now
  const app = await testApp({}, { now, closedDays: await loadClosedDays(fixtureContentDir) }, { now })
  const book = async (email: string, at = start) => app.http.post('/api/consultation').send(validConsultation({ date, timeSlot: 'morning', start: at, email }))
  const booked = async (email: string, at = start) => {
    const res = await book(email, at)
    expect(res.status, `booking ${email}`).toBe(201)
    return res.body.id as string
  }
  const record = async (id: string) => (await app.http.get(`/api/admin/consultations/${id}`).set(adminHeader).expect(200)).body
  const kinds = async (id: string) => (await app.store.emailsAbout('consultations', id)).filter((email) => email.state === 'queued').map((email) => email.kind)
  const feedStarts = async () => {
    const { url } = (await app.http.get('/api/admin/calendar-feed').set(adminHeader).expect(200)).body as { url: string }
    const feed = await app.http.get(new URL(url).pathname).expect(200)
    return new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent').map((vevent) => String(vevent.getFirstPropertyValue('summary')))
  }
  return { ...app, clock, book, booked, record, kinds, feedStarts }
}

describe('a meeting follows its lead (both stores)', () => {
  it('Spam cancels the meeting ahead in the same change: the start is free again, the reminder gone, no email, the history says so, the feed leaves it out', async () => {
    const app = await desk()
    const spam = await app.booked('bot@example.com')
    await app.booked('real@example.com')
    // Two at once: the start is full.
    expect((await app.book('third@example.com')).status).toBe(400)
    expect(await app.kinds(spam)).toContain('meeting-reminder')
    const before = (await app.store.emailsAbout('consultations', spam)).length

    const changed = (await app.http.patch(`/api/admin/consultations/${spam}`).set(adminHeader).send({ status: 'spam' }).expect(200)).body
    expect(changed.status).toBe('spam')
    expect(changed.statusHistory.at(-1)).toMatchObject({ status: 'spam', meetingCancelled: true })
    expect(changed.meeting).toMatchObject({ start, state: 'cancelled' })
    expect(changed.meeting.history.at(-1)).toMatchObject({ state: 'cancelled', lead: 'spam' })
    // Not a line to the spam address or to the agency; the reminder is dropped.
    const after = await app.store.emailsAbout('consultations', spam)
    expect(after.map((email) => email.kind)).not.toContain('meeting-cancellation')
    expect(after.map((email) => email.kind)).not.toContain('meeting-reminder')
    expect(after).toHaveLength(before - 1)

    expect(await app.feedStarts()).toHaveLength(1)
    // The freed start takes the next booking, through the same check as every booking.
    expect((await app.book('third@example.com')).status).toBe(201)
  })

  it('Closed keeps the meeting unless asked; asked, it cancels it and tells the visitor', async () => {
    const app = await desk()
    const kept = await app.booked('kept@example.com')
    const gone = await app.booked('gone@example.com')
    const closedKept = (await app.http.patch(`/api/admin/consultations/${kept}`).set(adminHeader).send({ status: 'closed', cancelMeeting: false }).expect(200))
      .body
    expect(closedKept.meeting.state).toBe('booked')
    expect(closedKept.statusHistory.at(-1)).toEqual({ status: 'closed', at: beforeFall.toISOString(), by: 'bootstrap' })

    const closedGone = (await app.http.patch(`/api/admin/consultations/${gone}`).set(adminHeader).send({ status: 'closed', cancelMeeting: true }).expect(200))
      .body
    expect(closedGone.meeting).toMatchObject({ state: 'cancelled' })
    expect(closedGone.meeting.history.at(-1)).toMatchObject({ state: 'cancelled', lead: 'closed' })
    expect(closedGone.statusHistory.at(-1)).toMatchObject({ status: 'closed', meetingCancelled: true })
    expect(await app.kinds(gone)).toEqual(expect.arrayContaining(['meeting-cancellation', 'meeting-notice']))
    expect(await app.kinds(gone)).not.toContain('meeting-reminder')
    // Another status with cancelMeeting changes no meeting.
    const other = await app.booked('other@example.com', dallas(date, '10:00'))
    expect(
      (await app.http.patch(`/api/admin/consultations/${other}`).set(adminHeader).send({ status: 'contacted', cancelMeeting: true }).expect(200)).body.meeting
        .state,
    ).toBe('booked')
  })

  it('in bulk: Closed with cancelMeeting cancels every meeting ahead, Spam cancels without asking', async () => {
    const app = await desk()
    const times = ['09:00', '09:30', '10:00', '10:30']
    const ids = []
    for (const [i, time] of times.entries()) ids.push(await app.booked(`lead${i}@example.com`, dallas(date, time)))
    const [a, b, c, d] = ids as [string, string, string, string]
    await app.http
      .post('/api/admin/consultations/bulk')
      .set(adminHeader)
      .send({ ids: [a, b], status: 'closed', cancelMeeting: true })
      .expect(200, { changed: 2 })
    await app.http
      .post('/api/admin/consultations/bulk')
      .set(adminHeader)
      .send({ ids: [c], status: 'closed' })
      .expect(200, { changed: 1 })
    await app.http
      .post('/api/admin/consultations/bulk')
      .set(adminHeader)
      .send({ ids: [d], status: 'spam' })
      .expect(200, { changed: 1 })
    const states = await Promise.all(ids.map(async (id) => (await app.record(id)).meeting.state))
    expect(states).toEqual(['cancelled', 'cancelled', 'booked', 'cancelled'])
    expect(await app.kinds(a)).toContain('meeting-cancellation')
    expect(await app.kinds(d)).not.toContain('meeting-cancellation')
    expect(await app.feedStarts()).toHaveLength(1)
    // Status and delete together, or cancelMeeting alone, are refused.
    await app.http
      .post('/api/admin/consultations/bulk')
      .set(adminHeader)
      .send({ ids: [a], cancelMeeting: true })
      .expect(400)
    await app.http
      .post('/api/admin/consultations/bulk')
      .set(adminHeader)
      .send({ ids: [a], status: 'closed', delete: true })
      .expect(400)
  })

  it('leaves a meeting that has begun as it is', async () => {
    const app = await desk()
    const id = await app.booked('late@example.com')
    app.clock.now = new Date(Date.parse(start) + 60_000)
    const changed = (await app.http.patch(`/api/admin/consultations/${id}`).set(adminHeader).send({ status: 'spam' }).expect(200)).body
    expect(changed.meeting.state).toBe('booked')
    expect(changed.statusHistory.at(-1)).not.toHaveProperty('meetingCancelled')
    // Spam is left out of the feed all the same.
    expect(await app.feedStarts()).toHaveLength(0)
  })

  it('Not spam offers the same start again: booked again while it is free, refused once it is taken', async () => {
    const app = await desk()
    const lead = await app.booked('maybe@example.com')
    const meetingId = (await app.record(lead)).meeting.id
    await app.http.patch(`/api/admin/consultations/${lead}`).set(adminHeader).send({ status: 'spam' }).expect(200)
    expect(await app.kinds(lead)).not.toContain('meeting-reminder')
    // Still spam: not offered.
    await app.http.post(`/api/admin/meetings/${meetingId}/rebook`).set(adminHeader).send({}).expect(409)
    await app.http.patch(`/api/admin/consultations/${lead}`).set(adminHeader).send({ status: 'new', suspicion: null }).expect(200)
    const again = (await app.http.post(`/api/admin/meetings/${meetingId}/rebook`).set(adminHeader).send({}).expect(200)).body
    expect(again.meeting).toMatchObject({ start, state: 'booked' })
    expect(again.meeting.history.at(-1)).toMatchObject({ state: 'booked', start, lead: 'rebooked' })
    expect(await app.kinds(lead)).toContain('meeting-reminder')
    expect(await app.feedStarts()).toHaveLength(1)
    // Booked once: not again.
    await app.http.post(`/api/admin/meetings/${meetingId}/rebook`).set(adminHeader).send({}).expect(409)

    // Spam again, its start taken by two others meanwhile: Not spam cannot book it again.
    await app.http.patch(`/api/admin/consultations/${lead}`).set(adminHeader).send({ status: 'spam' }).expect(200)
    await app.booked('first@example.com')
    await app.booked('second@example.com')
    await app.http.patch(`/api/admin/consultations/${lead}`).set(adminHeader).send({ status: 'new' }).expect(200)
    const refused = await app.http.post(`/api/admin/meetings/${meetingId}/rebook`).set(adminHeader).send({}).expect(400)
    expect(refused.body.fields).toHaveProperty('start')
    expect((await app.record(lead)).meeting.state).toBe('cancelled')
  })
})
