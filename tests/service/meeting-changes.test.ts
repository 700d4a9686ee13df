import { describe, expect, it } from 'vitest'
import { loadClosedDays } from '../../forms-service/closedDays.js'
import { meetingToken } from '../../forms-service/email/meetingLinks.js'
import type { FormStore } from '../../forms-service/store/formStore.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { testApp, unsubscribeSecret, validConsultation, adminHeader } from './helpers.js'

// What a booking and each change of its meeting queue and drop, on either store: the emails due at once,
// and the reminder the fixture's booking.json puts 24 hours before the start. Driven through the HTTP
// API, with the clock held on the days before a change of Dallas's clocks.

/** The instants of the wall-clock times these tests use in Dallas, written out (CDT is UTC-5, CST UTC-6). */
const wallClock: Record<string, string> = {
  '2026-10-30 09:00': '2026-10-30T14:00:00.000Z',
  '2026-11-01 09:00': '2026-11-01T15:00:00.000Z',
  '2026-11-02 09:00': '2026-11-02T15:00:00.000Z',
  '2026-11-02 11:00': '2026-11-02T17:00:00.000Z',
  '2026-11-03 11:00': '2026-11-03T17:00:00.000Z',
  '2027-03-12 10:00': '2027-03-12T16:00:00.000Z',
  '2027-03-14 09:00': '2027-03-14T14:00:00.000Z',
  '2027-03-14 14:00': '2027-03-14T19:00:00.000Z',
  '2027-03-15 09:00': '2027-03-15T14:00:00.000Z',
  '2027-03-15 14:00': '2027-03-15T19:00:00.000Z',
  '2027-03-15 14:10': '2027-03-15T19:10:00.000Z',
}
const dallas = (date: string, time: string) => wallClock[`${date} ${time}`]!

/** Thursday, October 29, 2026, noon in Dallas: Sunday, November 1, the clocks go back an hour. */
const beforeFall = new Date('2026-10-29T17:00:00Z')
/** Wednesday, March 10, 2027, noon in Dallas: Sunday, March 14, the clocks go forward an hour. */
const beforeSpring = new Date('2027-03-10T18:00:00Z')

/** The service at `start`; `clock.now` may be moved on (held and no-show need a meeting that has begun). */
async function appAt(start: Date) {
  const clock = { now: start }
  const app = await testApp({}, { now: () => clock.now, closedDays: await loadClosedDays(fixtureContentDir) }, { now: () => clock.now })
  return { ...app, clock }
}

/** The request's queued emails, oldest first: each kind with when it is due. */
const queued = async (store: FormStore, requestId: string) =>
  (await store.emailsAbout('consultations', requestId)).filter((email) => email.state === 'queued').map((email) => [email.kind, email.nextAttemptAt])

describe("a meeting's emails", () => {
  it.each([
    ['back', beforeFall, '2026-11-02', '2026-11-01'],
    ['forward', beforeSpring, '2027-03-15', '2027-03-14'],
  ])(
    'a booking queues the lead emails now and the reminder at the same hour of the day before, when the clocks went %s that day',
    async (_, now, monday, sunday) => {
      const { http, store } = await appAt(now)
      const start = dallas(monday, '09:00')
      const { body } = await http
        .post('/api/consultation')
        .send(validConsultation({ date: monday, timeSlot: 'morning', start }))
        .expect(201)
      expect(await queued(store, body.id)).toEqual([
        ['consultation-notification', now.toISOString()],
        ['consultation-confirmation', now.toISOString()],
        ['meeting-reminder', dallas(sunday, '09:00')],
      ])
    },
  )

  it('a move drops the reminder of the old start and queues one for the new (none for a start within a day); a cancellation drops it', async () => {
    const { http, store } = await appAt(beforeFall)
    const { body } = await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2026-11-02', timeSlot: 'morning', start: dallas('2026-11-02', '09:00') }))
      .expect(201)
    const { meeting } = (await store.find('consultations', body.id))!
    const lead = [
      ['consultation-notification', beforeFall.toISOString()],
      ['consultation-confirmation', beforeFall.toISOString()],
    ]
    const moved = [
      ['meeting-update', beforeFall.toISOString()],
      ['meeting-notice', beforeFall.toISOString()],
    ]
    const move = (start: string) => http.post(`/api/admin/meetings/${meeting!.id}/move`).set(adminHeader).send({ start }).expect(200)

    // Friday 9:00 is 21 hours ahead: too late for a reminder 24 hours before.
    await move(dallas('2026-10-30', '09:00'))
    expect(await queued(store, body.id)).toEqual([...lead, ...moved])

    await move(dallas('2026-11-03', '11:00'))
    expect(await queued(store, body.id)).toEqual([...lead, ...moved, ...moved, ['meeting-reminder', dallas('2026-11-02', '11:00')]])

    await http.post(`/api/admin/meetings/${meeting!.id}/cancel`).set(adminHeader).send({}).expect(200)
    expect(await queued(store, body.id)).toEqual([
      ...lead,
      ...moved,
      ...moved,
      ['meeting-cancellation', beforeFall.toISOString()],
      ['meeting-notice', beforeFall.toISOString()],
    ])
  })

  it('a visitor who reschedules by their link gets the reminder of the new start; the changes the agency records later queue nothing', async () => {
    const { http, store, clock } = await appAt(beforeSpring)
    const { body } = await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2027-03-12', timeSlot: 'morning', start: dallas('2027-03-12', '10:00') }))
      .expect(201)
    const { meeting } = (await store.find('consultations', body.id))!
    const token = meetingToken(unsubscribeSecret, 'reschedule', meeting!)
    await http
      .post('/api/meeting/reschedule')
      .send({ token, date: '2027-03-15', timeSlot: 'afternoon', start: dallas('2027-03-15', '14:00') })
      .expect(200)
    const reminders = (await queued(store, body.id)).filter(([kind]) => kind === 'meeting-reminder')
    expect(reminders).toEqual([['meeting-reminder', dallas('2027-03-14', '14:00')]])

    const before = await queued(store, body.id)
    // Ten minutes into the moved meeting, on the Monday after the clocks went forward.
    clock.now = new Date(dallas('2027-03-15', '14:10'))
    await http.post(`/api/admin/meetings/${meeting!.id}/state`).set(adminHeader).send({ state: 'no-show' }).expect(200)
    await http.post(`/api/admin/meetings/${meeting!.id}/state`).set(adminHeader).send({ state: 'held' }).expect(200)
    expect(await queued(store, body.id)).toEqual(before)
    expect((await store.meeting(meeting!.id))!.meeting).toMatchObject({ state: 'held', sequence: 3 })
  })
})
