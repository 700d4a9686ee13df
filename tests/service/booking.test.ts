import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { consultationDates } from '../../contract/booking/consultationDates.js'
import { linkNotValidMessage, meetingClosedMessage, windowFullMessage, type Availability } from '../../contract/wire/meetingApi.js'
import { legacyMeetingToken, meetingToken } from '../../forms-service/email/meetingLinks.js'
import { fixtureJson } from '../fixtures/fixture.js'
import { offeredDates, renderQueued, testApp, unsubscribeSecret, validConsultation, adminHeader } from './helpers.js'
import { dallas, dallasClock, dayName } from '../usTime.js'

// The fixture's booking.json: 30-minute meetings on a 30-minute grid, a 15-minute buffer (so each meeting
// holds its half hour and the next), two at once. A morning (9:00-12:00) thus holds 9:00, 10:00 and 11:00,
// twice each: six meetings.
const perMorning = 6
const form = (values: Record<string, string>) => new URLSearchParams(values).toString()

/** At most `atOnce` meetings (each with its buffer) overlap at any instant: checked pairwise, not with the service's grid. */
function mostAtOnce(meetings: Array<{ start: string; end: string }>, bufferMinutes: number): number {
  let most = 0
  for (const a of meetings) {
    const at = Date.parse(a.start)
    most = Math.max(most, meetings.filter((b) => Date.parse(b.start) <= at && at < Date.parse(b.end) + bufferMinutes * 60_000).length)
  }
  return most
}

const calendarOf = (message: { attachments?: unknown }) => {
  const [attachment] = message.attachments as Array<{ content: string; contentType: string }>
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content))
  return { calendar, vevent: calendar.getFirstSubcomponent('vevent')!, contentType: attachment!.contentType }
}

describe('booking a consultation', () => {
  it('gives 50 parallel requests for one window exactly the meetings that fit, at distinct starts, and refuses the rest', async () => {
    const { http, store, booking } = await testApp()
    const date = validConsultation().date
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => http.post('/api/consultation').send(validConsultation({ contactName: `Visitor ${i}`, email: `v${i}@example.com` }))),
    )
    const booked = answers.filter((res) => res.status === 201)
    const refused = answers.filter((res) => res.status !== 201)
    expect(booked).toHaveLength(perMorning)
    expect(refused.map((res) => [res.status, res.body.fields])).toEqual(Array.from({ length: 50 - perMorning }, () => [400, { timeSlot: windowFullMessage }]))
    const meetings = booked.map((res) => res.body.meeting as { start: string; end: string })
    // 9:00, 10:00 and 11:00 in Dallas, two meetings each, 30 minutes long.
    expect(meetings.map((meeting) => meeting.start).sort()).toEqual(['09:00', '09:00', '10:00', '10:00', '11:00', '11:00'].map((time) => dallas(date, time)))
    for (const meeting of meetings) expect(Date.parse(meeting.end) - Date.parse(meeting.start)).toBe(30 * 60_000)
    expect(mostAtOnce(meetings, booking.bufferMinutes)).toBeLessThanOrEqual(2)
    // Nothing of the refused requests was stored.
    expect((await store.list('consultations', { offset: 0, limit: 100 })).total).toBe(perMorning)
  })

  it('answers a full window posted as an HTML form with the error page naming the windows of that day still free', async () => {
    const { http } = await testApp()
    const request = validConsultation()
    for (let i = 0; i < perMorning; i++)
      await http
        .post('/api/consultation')
        .send(validConsultation({ email: `v${i}@example.com` }))
        .expect(201)
    const page = await http.post('/api/consultation').set('Content-Type', 'application/x-www-form-urlencoded').send(form(request)).expect(400)
    expect(page.text).toContain(windowFullMessage)
    const day = dayName(request.date)
    expect(page.text).toContain(`Still free on ${day}: Afternoon (1PM-5PM), Evening (6PM-8PM).`)
    // And their starts, to choose from: the afternoon's and the evening's half hours, none of the morning's.
    expect(page.text).toContain(
      `Still free on ${day}: 1:00 PM, 1:30 PM, 2:00 PM, 2:30 PM, 3:00 PM, 3:30 PM, 4:00 PM, 4:30 PM, 6:00 PM, 6:30 PM, 7:00 PM, 7:30 PM (Central time (Dallas)).`,
    )
  })

  it('says which windows have room: a full morning is shown full to everyone, without personal data', async () => {
    const { http } = await testApp()
    const { date } = validConsultation()
    const before = await http.get('/api/availability').expect(200)
    expect(before.headers['cache-control']).toBe('public, max-age=60')
    const body = before.body as Availability
    expect(body.zone).toBe('America/Chicago')
    expect(body.days.find((day) => day.date === date)?.windows).toEqual({ morning: true, afternoon: true, evening: true })
    // The days the dialog offers in Dallas, weekdays only, no closed day.
    for (const day of body.days) expect([0, 6]).not.toContain(new Date(`${day.date}T12:00:00Z`).getUTCDay())
    for (let i = 0; i < perMorning; i++)
      await http
        .post('/api/consultation')
        .send(validConsultation({ email: `v${i}@example.com` }))
        .expect(201)
    const after = (await http.get('/api/availability').expect(200)).body as Availability
    expect(after.days.find((day) => day.date === date)?.windows).toEqual({ morning: false, afternoon: true, evening: true })
    expect(JSON.stringify(after)).not.toContain('example.com')
  })

  it('keeps 9:00 Dallas time for a meeting on the day after each daylight-saving change', async () => {
    // Friday, March 6, 2026 (standard time) and Friday, October 30, 2026 (daylight time); the Mondays after differ.
    for (const [today, monday, utc] of [
      ['2026-03-06T16:00:00Z', '2026-03-09', '2026-03-09T14:00:00.000Z'],
      ['2026-10-30T16:00:00Z', '2026-11-02', '2026-11-02T15:00:00.000Z'],
    ] as const) {
      const { http } = await testApp({}, { now: () => new Date(today) })
      const res = await http
        .post('/api/consultation')
        .send(validConsultation({ date: monday }))
        .expect(201)
      expect(res.body.meeting.start).toBe(utc)
      expect(dallasClock(res.body.meeting.start)).toBe('09:00')
    }
  })
})

describe('signed links', () => {
  const meetingWords = fixtureJson<{ meeting: { alreadyCancelled: string; closed: string } }>('ui.json').meeting
  /** The error page's HTML with its character references read (the service writes `'` as `&#39;`). */
  const pageText = (html: string) => html.replace(/&#(\d+);/g, (_reference, code: string) => String.fromCharCode(Number(code)))
  async function booked() {
    const app = await testApp()
    const res = await app.http.post('/api/consultation').send(validConsultation()).expect(201)
    const record = (await app.store.find('consultations', res.body.id))!
    return { ...app, record, meeting: record.meeting! }
  }

  it('cancel a meeting once; the start is free again at once, and its link then says it is cancelled', async () => {
    const { http, store, meeting, record } = await booked()
    const token = meetingToken(unsubscribeSecret, 'cancel', meeting)
    const view = await http.get(`/api/meeting?token=${encodeURIComponent(token)}`).expect(200)
    expect(view.body.meeting).toEqual({ start: meeting.start, end: meeting.end, state: 'booked', serviceInterest: 'website-design' })
    expect(JSON.stringify(view.body)).not.toContain(record.email)
    const cancelled = await http.post('/api/meeting/cancel').send({ token }).expect(200)
    expect(cancelled.body.meeting.state).toBe('cancelled')
    await http.post('/api/meeting/cancel').send({ token }).expect(409, { error: meetingClosedMessage })
    // Without JavaScript the page posts its form again: the error page says what the page says with it.
    const page = await http.post('/api/meeting/cancel').type('form').send({ token }).expect(409)
    expect(pageText(page.text)).toContain(meetingWords.alreadyCancelled)
    expect(page.text).not.toContain(linkNotValidMessage)
    // Opened again, the link says what became of the meeting (the page: "already cancelled"), and changes nothing.
    const again = await http.get(`/api/meeting?token=${encodeURIComponent(token)}`).expect(200)
    expect(again.body).toMatchObject({ meeting: { start: meeting.start, state: 'cancelled' }, changeable: false })
    // The next request for the morning gets the cancelled start.
    const next = await http
      .post('/api/consultation')
      .send(validConsultation({ email: 'next@example.com' }))
      .expect(201)
    expect(next.body.meeting.start).toBe(meeting.start)
    // The visitor's cancellation: METHOD:CANCEL for the same UID, one SEQUENCE up.
    const cancellation = calendarOf(await renderQueued(store, record.id, 'meeting-cancellation'))
    expect(cancellation.calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    expect(cancellation.vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(cancellation.vevent.getFirstPropertyValue('uid')).toBe(`${meeting.id}@example.com`)
    expect(cancellation.vevent.getFirstPropertyValue('sequence')).toBe(1)
    expect((await store.emailsAbout('consultations', record.id)).map((email) => email.kind)).toContain('meeting-notice')
  })

  it('show what became of a meeting the links can no longer change, for any of its links, the ones from before a move included', async () => {
    let clock = new Date()
    // The store's clock too: it decides whether a meeting has begun (to be marked held).
    const app = await testApp({}, { now: () => clock }, { now: () => clock })
    const bookFor = async (timeSlot: string) => {
      const { id } = (
        await app.http
          .post('/api/consultation')
          .send(validConsultation({ timeSlot, email: `${timeSlot}@example.com` }))
          .expect(201)
      ).body
      return (await app.store.find('consultations', id))!.meeting!
    }
    const view = async (token: string) => app.http.get('/api/meeting').query({ token })
    const [moved, held, begun] = [await bookFor('morning'), await bookFor('afternoon'), await bookFor('evening')]

    // Moved by the visitor: the links from before the move show it as it is now, and are the ones answered.
    const before = meetingToken(unsubscribeSecret, 'reschedule', moved)
    const move = await app.http.post('/api/meeting/reschedule').send({ token: before, date: validConsultation().date, timeSlot: 'evening' }).expect(200)
    expect(move.body.token).toEqual({ reschedule: before, cancel: meetingToken(unsubscribeSecret, 'cancel', moved) })
    for (const token of [before, meetingToken(unsubscribeSecret, 'cancel', moved)])
      expect((await view(token)).body).toMatchObject({ meeting: { start: move.body.meeting.start, state: 'moved' }, changeable: true })
    // Then cancelled by the agency: every link of it, old or new, shows it cancelled.
    await app.http.post(`/api/admin/meetings/${moved.id}/cancel`).set(adminHeader).send({}).expect(200)
    for (const token of [before, move.body.token.reschedule, move.body.token.cancel]) {
      const res = await view(token)
      expect([res.status, res.body.meeting?.state, res.body.changeable]).toEqual([200, 'cancelled', false])
    }

    // Held, once it has begun: shown held; its links change nothing.
    clock = new Date(Date.parse(held.start) + 60_000)
    await app.http.post(`/api/admin/meetings/${held.id}/state`).set(adminHeader).send({ state: 'held' }).expect(200)
    const heldLink = meetingToken(unsubscribeSecret, 'cancel', held)
    expect((await view(heldLink)).body).toMatchObject({ meeting: { start: held.start, state: 'held' }, changeable: false })
    await app.http.post('/api/meeting/cancel').send({ token: heldLink }).expect(409, { error: meetingClosedMessage })
    const page = await app.http.post('/api/meeting/cancel').type('form').send({ token: heldLink }).expect(409)
    expect(pageText(page.text)).toContain(meetingWords.closed.replace('{email}', fixtureJson<{ email: string }>('site.json').email))

    // Begun but not yet marked: its current links show it, and refuse a change with 409.
    clock = new Date(Date.parse(begun.start) + 60_000)
    for (const action of ['cancel', 'reschedule'] as const) {
      const token = meetingToken(unsubscribeSecret, action, begun)
      expect((await view(token)).body).toMatchObject({ meeting: { start: begun.start, state: 'booked' }, changeable: false })
    }
    await app.http
      .post('/api/meeting/cancel')
      .send({ token: meetingToken(unsubscribeSecret, 'cancel', begun) })
      .expect(409, { error: meetingClosedMessage })
    expect((await app.store.meeting(begun.id))!.meeting).toEqual(begun)
    expect((await app.store.meeting(held.id))!.meeting.state).toBe('held')
  })

  it('refuse a tampered, foreign or other-action link with 400, changing nothing', async () => {
    const { http, store, meeting, record } = await booked()
    const token = meetingToken(unsubscribeSecret, 'cancel', meeting)
    const tampered = [
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      legacyMeetingToken('another-secret-of-at-least-32-characters', 'cancel', meeting),
      meetingToken(unsubscribeSecret, 'cancel', { id: meeting.id, linkKey: 'another key of the same length as the real one' }),
      meetingToken(unsubscribeSecret, 'reschedule', meeting),
      meetingToken(unsubscribeSecret, 'cancel', { id: '00000000-0000-4000-8000-000000000000', linkKey: meeting.linkKey }),
      'not a token',
    ]
    for (const bad of tampered) {
      const res = await http.post('/api/meeting/cancel').send({ token: bad })
      expect([res.status, res.body.error]).toEqual([400, linkNotValidMessage])
    }
    expect((await http.post('/api/meeting/cancel').send({ token: '' }).expect(400)).body.fields).toEqual({ token: linkNotValidMessage })
    await http.post('/api/meeting/cancel').send({}).expect(400)
    await http.post('/api/meeting/cancel').send({ token: 1 }).expect(400)
    expect((await store.find('consultations', record.id))!.meeting).toEqual(meeting)
    // Opened, a tampered or foreign link shows nothing, also once the meeting is cancelled (the page
    // opens either action's link: the reschedule link is the meeting's own).
    const opened = tampered.filter((bad) => bad !== meetingToken(unsubscribeSecret, 'reschedule', meeting))
    await http.post('/api/meeting/cancel').send({ token }).expect(200)
    for (const bad of [...opened, '']) {
      const res = await http.get('/api/meeting').query({ token: bad })
      expect([res.status, res.body.error]).toEqual([400, linkNotValidMessage])
    }
    await http.get('/api/meeting').expect(400, { error: linkNotValidMessage })
  })

  it('reschedule to another window, twice with the same link: a new start each time, an updated invitation', async () => {
    const { http, store, meeting, record } = await booked()
    const token = meetingToken(unsubscribeSecret, 'reschedule', meeting)
    const res = await http.post('/api/meeting/reschedule').send({ token, date: record.date, timeSlot: 'evening' }).expect(200)
    expect(res.body.meeting).toMatchObject({ start: dallas(record.date, '18:00'), state: 'moved' })
    await http.post('/api/meeting/reschedule').send({ token, date: record.date, timeSlot: 'afternoon' }).expect(200)
    const update = await renderQueued(store, record.id, 'meeting-update')
    const { calendar, vevent, contentType } = calendarOf(update)
    expect(contentType).toContain('method=REQUEST')
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${meeting.id}@example.com`)
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2)
    const event = new ICAL.Event(vevent)
    expect(event.startDate.toJSDate().toISOString()).toBe(dallas(record.date, '13:00'))
    expect(event.startDate.zone?.tzid).toBe('America/Chicago')
    // The morning start is free again.
    expect(
      (
        await http
          .post('/api/consultation')
          .send(validConsultation({ email: 'x@example.com' }))
          .expect(201)
      ).body.meeting.start,
    ).toBe(meeting.start)
  })

  it('the reminder says where and in the visitor’s own time, with the same lasting links', async () => {
    const app = await testApp()
    const res = await app.http
      .post('/api/consultation')
      // The third day offered: far enough ahead for a reminder, at any hour of today.
      .send(validConsultation({ place: 'address', timeZone: 'America/Los_Angeles', date: offeredDates()[2] }))
      .expect(201)
    const { meeting } = (await app.store.find('consultations', res.body.id))!
    const reminder = await renderQueued(app.store, res.body.id, 'meeting-reminder')
    const text = String(reminder.text).replace(/\s+/g, ' ')
    expect(text).toContain(fixtureJson<{ place: { address: { address: string } } }>('booking.json').place.address.address)
    // 9:00 in Dallas is 7:00 on the Pacific coast, in either season.
    expect(text).toMatch(/your time: \w+, \w+ \d+ · 7:00–7:30 AM Pacific (Standard|Daylight) Time/)
    expect(text).toContain(`token=${encodeURIComponent(meetingToken(unsubscribeSecret, 'cancel', meeting!))}`)
  })

  it('reschedule into a full window is refused with the message, and the meeting stays', async () => {
    const { http, store, meeting, record } = await booked()
    const other = consultationDates(new Date(), [])
      .map((date) => date.value)
      .find((date) => date !== record.date)
    // The fixture's evening holds 18:00 and 19:00, twice each.
    for (let i = 0; i < 4; i++)
      await http
        .post('/api/consultation')
        .send(validConsultation({ date: other, timeSlot: 'evening', email: `e${i}@example.com` }))
        .expect(201)
    const token = meetingToken(unsubscribeSecret, 'reschedule', meeting)
    const res = await http.post('/api/meeting/reschedule').send({ token, date: other, timeSlot: 'evening' }).expect(400)
    expect(res.body.fields).toEqual({ timeSlot: windowFullMessage })
    expect((await store.find('consultations', record.id))!.meeting).toEqual(meeting)
  })
})

describe('the agency', () => {
  it('sees the coming meetings, moves, cancels with a line, cannot mark one not begun; the request shows every change', async () => {
    const { http, store } = await testApp()
    const [a, b, c] = await Promise.all(
      (['morning', 'afternoon', 'evening'] as const).map(async (timeSlot) => (await http.post('/api/consultation').send(validConsultation({ timeSlot }))).body),
    )
    const list = await http.get('/api/admin/meetings').set(adminHeader).expect(200)
    expect(list.body.meetings.map((meeting: { requestId: string }) => meeting.requestId)).toEqual([a.id, b.id, c.id])
    const [first, second, third] = list.body.meetings
    expect(first).toMatchObject({ businessName: 'Bluebonnet Bakery', contactName: 'Ann Lee', phone: '214-555-0142', state: 'booked' })
    await http.get('/api/admin/meetings').expect(401)

    const date = validConsultation().date
    // A line to the visitor goes into the updated invitation, as a cancellation's does.
    const moveLine = 'Our designer starts later that day; see you at 10:30.'
    const moved = await http
      .post(`/api/admin/meetings/${first.id}/move`)
      .set(adminHeader)
      .send({ start: dallas(date, '10:30'), message: moveLine })
      .expect(200)
    expect(String((await renderQueued(store, a.id, 'meeting-update')).text)).toContain(moveLine)
    expect(moved.body.meeting).toMatchObject({ start: dallas(date, '10:30'), state: 'moved' })
    // Off the grid, or in the past: refused, nothing changes.
    await http
      .post(`/api/admin/meetings/${first.id}/move`)
      .set(adminHeader)
      .send({ start: dallas(date, '10:10') })
      .expect(400)
    await http.post(`/api/admin/meetings/${first.id}/move`).set(adminHeader).send({ start: '2020-01-06T15:00:00.000Z' }).expect(400)
    await http.post(`/api/admin/meetings/${second.id}/cancel`).set(adminHeader).send({ message: 'Our consultant is ill; sorry.' }).expect(200)
    await http.post(`/api/admin/meetings/${second.id}/state`).set(adminHeader).send({ state: 'held' }).expect(409)
    // A meeting not begun yet cannot be marked (tests/service/past-meetings.test.ts marks begun ones).
    await http.post(`/api/admin/meetings/${third.id}/state`).set(adminHeader).send({ state: 'no-show' }).expect(409)
    await http.post(`/api/admin/meetings/${third.id}/state`).set(adminHeader).send({ state: 'booked' }).expect(400)
    await http.post('/api/admin/meetings/nope/cancel').set(adminHeader).send({}).expect(404)

    const detail = await http.get(`/api/admin/consultations/${a.id}`).set(adminHeader).expect(200)
    expect(detail.body.meeting.history.map((change: { state: string }) => change.state)).toEqual(['booked', 'moved'])
    expect(detail.body.meeting.history[1].start).toBe(dallas(date, '10:30'))
    const cancellation = await renderQueued(store, b.id, 'meeting-cancellation')
    expect(String(cancellation.text)).toContain('Our consultant is ill; sorry.')
  })

  it('subscribe to a private calendar feed of the upcoming meetings, at an address they can replace', async () => {
    const { http, store } = await testApp()
    const booked = (await http.post('/api/consultation').send(validConsultation()).expect(201)).body
    const cancelled = (
      await http
        .post('/api/consultation')
        .send(validConsultation({ timeSlot: 'evening', contactName: 'Cy Gone' }))
        .expect(201)
    ).body
    const id = (await http.get('/api/admin/meetings').set(adminHeader)).body.meetings.find(
      (meeting: { requestId: string }) => meeting.requestId === cancelled.id,
    ).id
    await http.post(`/api/admin/meetings/${id}/cancel`).set(adminHeader).send({}).expect(200)

    const { url } = (await http.get('/api/admin/calendar-feed').set(adminHeader).expect(200)).body as { url: string }
    const feedPath = new URL(url).pathname
    expect(feedPath).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const feed = await http.get(feedPath).expect(200)
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/)
    const calendar = new ICAL.Component(ICAL.parse(feed.text))
    // Calendar apps name the subscription as the content says (the fixture's booking.json).
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(fixtureJson<{ calendarName: string }>('booking.json').calendarName)
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
    expect(events).toHaveLength(1)
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(booked.meeting.start)
    expect(events[0]!.summary).toBe('Bluebonnet Bakery (Ann Lee)')
    expect(events[0]!.description).toContain('214-555-0142')
    expect(String(events[0]!.component.getFirstPropertyValue('url'))).toContain(`/admin/consultations?id=${booked.id}`)
    // Where: the same video room as the visitor's invitation, for the agency to join from its calendar.
    const invitation = calendarOf(await renderQueued(store, booked.id, 'consultation-confirmation'))
    const room = String(invitation.vevent.getFirstPropertyValue('url'))
    expect(room).toMatch(/^https:\/\/meet\.example\.com\/fixture-[0-9a-f]{20}$/)
    expect(events[0]!.location).toBe(room)

    const replaced = (await http.post('/api/admin/calendar-feed/rotate').set(adminHeader).expect(200)).body as { url: string }
    expect(replaced.url).not.toBe(url)
    await http.get(feedPath).expect(404)
    await http.get(new URL(replaced.url).pathname).expect(200)
    await http.get('/api/calendar/guess.ics').expect(404)
  })
})
