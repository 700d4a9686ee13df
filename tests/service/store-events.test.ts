import { expect, it } from 'vitest'
import type { StoreEvent } from '../../forms-service/store/events.js'
import { adminHeader, offeredDates, testApp, validConsultation } from './helpers.js'

// The store tells what each committing call did (forms-service/store/events.ts): the metrics and the
// availability cache learn of a booking, a cancellation, a held email from these events alone.

it('tells a booking, its cancellation and a held email as typed events, each commit timed, a failed one too', async () => {
  const app = await testApp()
  const { store } = app
  const events: StoreEvent[] = []
  store.listen((event) => events.push(event))
  const { booking } = app

  const fields = validConsultation({ date: offeredDates()[1] })
  const { date, timeSlot, start: _start, ...rest } = fields as typeof fields & { start?: string }
  const slotStarts = (await app.http.get('/api/availability').expect(200)).body.days.find((day: { date: string }) => day.date === date).starts
  const first = slotStarts.find((free: { window: string }) => free.window === timeSlot).start as string
  const booked = await store.bookConsultation({
    fields: { ...rest, date, timeSlot } as never,
    emails: { kinds: [] },
    slot: { starts: [first], settings: booking },
    reminder: () => null,
  })
  expect(events.map((event) => event.type)).toEqual(['committed', 'lead-stored', 'meeting-booked', 'calendar-changed'])
  expect(events[0]).toEqual({ type: 'committed', operation: 'bookConsultation', seconds: expect.any(Number) })
  expect(events[1]).toEqual({ type: 'lead-stored', lead: 'consultation', id: booked.id, source: undefined })

  events.length = 0
  await store.changeMeeting({ meetingId: booked.meeting.id, action: 'cancel', emails: { kinds: [] } })
  expect(events.slice(1)).toEqual([{ type: 'meeting-changed', action: 'cancel' }, { type: 'calendar-changed' }])

  // A refused change is timed, and tells nothing else.
  events.length = 0
  await store.changeMeeting({ meetingId: booked.meeting.id, action: 'cancel', emails: { kinds: [] } })
  expect(events.map((event) => event.type)).toEqual(['committed'])

  // An email held by the recipient rules (outbox/recipients.ts), as the sender marks it.
  await app.http
    .post('/api/consultation')
    .send(validConsultation({ email: 'held@example.com', date: offeredDates()[2] }))
    .expect(201)
  const [queued] = (await app.store.listEmails({ state: 'queued', offset: 0, limit: 1 })).items
  events.length = 0
  await store.updateEmail(queued!.id, { state: 'held', heldFor: 'client-budget' })
  expect(events.slice(1)).toEqual([{ type: 'email-held', reason: 'client-budget' }])

  // A call that fails is timed all the same; a read is not told at all.
  events.length = 0
  await expect(store.importData({} as never)).rejects.toThrow()
  await store.counts('consultations')
  expect(events).toEqual([{ type: 'committed', operation: 'importData', seconds: expect.any(Number) }])
  expect((await app.http.get('/api/admin/consultations').set(adminHeader).expect(200)).body.total).toBe(2)
})
