import { describe, expect, it } from 'vitest'
import { startTakenMessage, type Availability } from '../../contract/wire/meetingApi.js'
import { loadClosedDays } from '../../forms-service/closedDays.js'
import { meetingToken } from '../../forms-service/email/meetingLinks.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { onPostgres, testApp, unsubscribeSecret, validConsultation, adminHeader } from './helpers.js'
import { dallas, dallasClock } from '../usTime.js'

// The visitor picks the exact start: GET /api/availability lists each offered day's free starts, the
// consultation and the reschedule take one, the admin's Move asks the service for them. The fixture's
// booking.json: 30-minute meetings on a 30-minute grid, a 15-minute buffer (a meeting holds its half hour
// and the next), two at once; windows 9-12, 13-17 and 18-20 in Dallas.

/** '2026-10-30T14:00:00.000Z' -> '09:00' in Dallas. */
const wall = dallasClock

/** Thursday, October 29, 2026, noon in Dallas: the offered days run from Friday the 30th across the change to standard time (November 1). */
const beforeFall = new Date('2026-10-29T17:00:00Z')
/** Wednesday, March 10, 2027: the offered days cross the change to daylight time (March 14). */
const beforeSpring = new Date('2027-03-10T17:00:00Z')

const appAt = async (now: Date, overrides = {}) =>
  testApp(overrides, { now: () => now, closedDays: await loadClosedDays(fixtureContentDir) }, { now: () => now })
const availabilityOf = async (http: Awaited<ReturnType<typeof testApp>>['http']) => (await http.get('/api/availability').expect(200)).body as Availability
const startsOf = (answer: Availability, date: string) => answer.days.find((day) => day.date === date)?.starts ?? []

// Every half hour from which a meeting still ends within its window.
const morning = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']
const afternoon = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30']
const evening = ['18:00', '18:30', '19:00', '19:30']

describe('the free starts of each offered day', () => {
  it.each([
    ['the change to standard time', beforeFall, '2026-10-30', '2026-11-02'],
    ['the change to daylight time', beforeSpring, '2027-03-12', '2027-03-15'],
  ])('are listed in order on the wall clock of Dallas, across %s', async (_, now, before, after) => {
    const { http } = await appAt(now)
    const answer = await availabilityOf(http)
    for (const date of [before, after]) {
      const starts = startsOf(answer, date)
      expect(starts.map((free) => free.start)).toEqual([...morning, ...afternoon, ...evening].map((time) => dallas(date, time)))
      expect(starts.map((free) => free.window)).toEqual([...morning.map(() => 'morning'), ...afternoon.map(() => 'afternoon'), ...evening.map(() => 'evening')])
      expect(answer.days.find((day) => day.date === date)?.windows).toEqual({ morning: true, afternoon: true, evening: true })
    }
    // Nine in the morning is a different hour of UTC on either side of the change.
    expect(new Date(startsOf(answer, before)[0]!.start).getUTCHours()).not.toBe(new Date(startsOf(answer, after)[0]!.start).getUTCHours())
  })

  it('leave out what is booked the moment it is booked, and a window with nothing left says so', async () => {
    const { http } = await appAt(beforeFall)
    const date = '2026-11-03'
    expect(startsOf(await availabilityOf(http), date).map((free) => wall(free.start))).toContain('10:30')
    for (const contactName of ['Ann', 'Bob']) {
      await http
        .post('/api/consultation')
        .send(validConsultation({ date, timeSlot: 'morning', start: dallas(date, '10:30'), contactName, email: `${contactName}@example.com` }))
        .expect(201)
    }
    // Two meetings at 10:30 fill its half hour and the next, where their buffer runs: 10:00, 10:30 and 11:00 would each need one of them.
    const morningLeft = startsOf(await availabilityOf(http), date)
      .filter((free) => free.window === 'morning')
      .map((free) => wall(free.start))
    expect(morningLeft).toEqual(['09:00', '09:30', '11:30'])
  })
})

describe('the availability answer', () => {
  it('is the same JSON in brotli, gzip and plain, varies by Accept-Encoding, and follows a booking at once', async () => {
    const { http } = await appAt(beforeFall)
    const raw = (encoding: string) =>
      http
        .get('/api/availability')
        .set('Accept-Encoding', encoding)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => done(null, Buffer.concat(chunks)))
        })
    // The client decodes brotli and gzip itself (and fails on a body that is not what its header says).
    const decoded = async (encoding: string) => {
      const res = await raw(encoding).expect(200)
      expect(res.headers.vary).toMatch(/Accept-Encoding/i)
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding)
      return JSON.parse((res.body as Buffer).toString('utf8')) as Availability
    }
    const plain = await decoded('identity')
    expect(await decoded('br')).toEqual(plain)
    expect(await decoded('gzip')).toEqual(plain)
    const date = plain.days[0]!.date
    const start = plain.days[0]!.starts[0]!.start
    for (const email of ['t@example.com', 'u@example.com']) {
      await http
        .post('/api/consultation')
        .send(validConsultation({ date, timeSlot: 'morning', start, email }))
        .expect(201)
    }
    expect(startsOf(await decoded('br'), date).map((free) => free.start)).not.toContain(start)
  })
})

describe('a consultation with the start the visitor picked', () => {
  it('is booked at exactly that start', async () => {
    const { http } = await appAt(beforeFall)
    const start = dallas('2026-11-04', '15:30')
    const res = await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2026-11-04', timeSlot: 'afternoon', start }))
      .expect(201)
    expect(res.body.meeting).toEqual({ start, end: dallas('2026-11-04', '16:00') })
    const record = await http.get(`/api/admin/consultations/${res.body.id}`).set(adminHeader).expect(200)
    expect(record.body.meeting.start).toBe(start)
    expect(record.body).not.toHaveProperty('start')
  })

  it('taken by faster visitors is refused on `start` with the times still free that day, and nothing is stored', async () => {
    const { http, store } = await appAt(beforeFall)
    const date = '2026-11-05'
    const start = dallas(date, '09:00')
    const sent = (email: string) => http.post('/api/consultation').send(validConsultation({ date, timeSlot: 'morning', start, email }))
    await sent('a@example.com').expect(201)
    await sent('b@example.com').expect(201)
    const lost = await sent('c@example.com').expect(400)
    expect(lost.body.fields).toEqual({ start: startTakenMessage })
    // 9:00 and 9:30 are full now; the sentence names the morning's remaining starts.
    expect(lost.body.notes).toEqual([expect.stringContaining('10:00 AM, 10:30 AM, 11:00 AM, 11:30 AM')])
    expect((await store.list('consultations', { offset: 0, limit: 10 })).total).toBe(2)
  })

  it.each([
    ['off the grid', '2026-11-05', 'morning', '09:15'],
    ['in another window than the one chosen', '2026-11-05', 'morning', '13:00'],
    ['on another day than the one chosen', '2026-11-05', 'morning', '2026-11-06T09:00'],
    ['running past its window', '2026-11-05', 'evening', '20:00'],
  ])('is refused when %s, and nothing is stored', async (_, date, timeSlot, time) => {
    const { http, store } = await appAt(beforeFall)
    const start = time.includes('T') ? dallas(time.slice(0, 10), time.slice(11)) : dallas(date, time)
    const res = await http.post('/api/consultation').send(validConsultation({ date, timeSlot, start })).expect(400)
    expect(res.body.fields).toEqual({ start: startTakenMessage })
    expect((await store.list('consultations', { offset: 0, limit: 10 })).total).toBe(0)
  })

  it('without a start books the first free start of the window, as before', async () => {
    const { http } = await appAt(beforeFall)
    const res = await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2026-11-05', timeSlot: 'evening' }))
      .expect(201)
    expect(res.body.meeting.start).toBe(dallas('2026-11-05', '18:00'))
  })

  it('keeps the browser time zone it names, and refuses one the platform does not know', async () => {
    const { http } = await appAt(beforeFall)
    const refused = await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2026-11-05', timeZone: 'Mars/Olympus_Mons' }))
      .expect(400)
    expect(Object.keys(refused.body.fields)).toEqual(['timeZone'])
    const res = await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2026-11-05', timeZone: 'America/New_York' }))
      .expect(201)
    const record = await http.get(`/api/admin/consultations/${res.body.id}`).set(adminHeader).expect(200)
    expect(record.body.timeZone).toBe('America/New_York')
  })
})

describe('a date that is not offered', () => {
  it.each([
    ['a Saturday', beforeFall, '2026-10-31', 'October 31 is a Saturday: consultations are on weekdays.'],
    [
      'a closed day, by its name',
      new Date('2026-11-20T17:00:00Z'),
      '2026-11-26',
      'We are closed on November 26 (Thanksgiving Day): please choose another day.',
    ],
    ['a day that has passed', beforeFall, '2026-10-20', 'October 20 has passed: please choose a day from tomorrow on.'],
    ['a day beyond two weeks', beforeFall, '2026-11-30', 'November 30 is more than two weeks ahead: consultations are booked within the next 14 days.'],
  ])('says which rule it broke: %s', async (_, now, date, sentence) => {
    const { http } = await appAt(now)
    const res = await http.post('/api/consultation').send(validConsultation({ date })).expect(400)
    expect(res.body.fields).toEqual({ date: 'Please select a date' })
    expect(res.body.notes).toEqual([sentence])
    // Without JavaScript, the error page under SPEC's message.
    const page = await http
      .post('/api/consultation')
      .type('form')
      .send(new URLSearchParams(validConsultation({ date })).toString())
      .expect(400)
    expect(page.text).toContain('Please select a date')
    expect(page.text).toContain(sentence.replace("'", '&#39;'))
  })
})

describe("the admin's Move", () => {
  it("offers the service's free starts, without the meeting's own and without what others hold, and moves to one", async () => {
    const { http } = await appAt(beforeFall)
    const date = '2026-11-09'
    const book = (time: string, email: string) =>
      http.post('/api/consultation').send(validConsultation({ date, timeSlot: 'morning', start: dallas(date, time), email }))
    const moving = (await book('09:00', 'mover@example.com').expect(201)).body
    await book('11:00', 'x@example.com').expect(201)
    await book('11:00', 'y@example.com').expect(201)
    const record = (await http.get(`/api/admin/consultations/${moving.id}`).set(adminHeader).expect(200)).body
    const days = (await http.get(`/api/admin/meetings/${record.meeting.id}/starts`).set(adminHeader).expect(200)).body.days as Availability['days']
    const that = days.find((day) => day.date === date)!.starts.filter((free) => free.window === 'morning')
    // Its own 9:00 is not a move; 10:30, 11:00 and 11:30 need a half hour the two meetings at 11:00 fill (theirs, or their buffer's).
    expect(that.map((free) => wall(free.start))).toEqual(['09:30', '10:00'])
    await http
      .post(`/api/admin/meetings/${record.meeting.id}/move`)
      .set(adminHeader)
      .send({ start: dallas(date, '11:00') })
      .expect(400)
    const moved = await http
      .post(`/api/admin/meetings/${record.meeting.id}/move`)
      .set(adminHeader)
      .send({ start: dallas(date, '10:00') })
      .expect(200)
    expect(moved.body.meeting.start).toBe(dallas(date, '10:00'))
    await http.get('/api/admin/meetings/no-such-meeting/starts').set(adminHeader).expect(404)
    await http.get(`/api/admin/meetings/${record.meeting.id}/starts`).expect(401)
  })
})

describe('a reschedule with the start the visitor picked', () => {
  it('moves the meeting to exactly that start, and refuses one that is taken', async () => {
    const { http } = await appAt(beforeFall)
    const booked = (
      await http
        .post('/api/consultation')
        .send(validConsultation({ date: '2026-11-10', timeSlot: 'morning' }))
        .expect(201)
    ).body
    const record = (await http.get(`/api/admin/consultations/${booked.id}`).set(adminHeader).expect(200)).body
    const token = meetingToken(unsubscribeSecret, 'reschedule', record.meeting)
    for (const email of ['p@example.com', 'q@example.com']) {
      await http
        .post('/api/consultation')
        .send(validConsultation({ date: '2026-11-11', timeSlot: 'afternoon', start: dallas('2026-11-11', '14:00'), email }))
        .expect(201)
    }
    const taken = await http
      .post('/api/meeting/reschedule')
      .send({ token, date: '2026-11-11', timeSlot: 'afternoon', start: dallas('2026-11-11', '14:00') })
      .expect(400)
    expect(taken.body.fields).toEqual({ start: startTakenMessage })
    const start = dallas('2026-11-11', '16:30')
    const moved = await http.post('/api/meeting/reschedule').send({ token, date: '2026-11-11', timeSlot: 'afternoon', start }).expect(200)
    expect(moved.body.meeting.start).toBe(start)
  })
})

describe.runIf(onPostgres)('availability on two replicas of one database', () => {
  it('shows a booking made on the other replica within a second or two', async () => {
    const first = await appAt(beforeFall)
    const second = await appAt(beforeFall, { databaseUrl: first.config.databaseUrl })
    const date = '2026-11-12'
    const start = dallas(date, '19:30')
    expect(startsOf(await availabilityOf(second.http), date).map((free) => free.start)).toContain(start)
    for (const email of ['r@example.com', 's@example.com']) {
      await first.http
        .post('/api/consultation')
        .send(validConsultation({ date, timeSlot: 'evening', start, email }))
        .expect(201)
    }
    await expect.poll(async () => startsOf(await availabilityOf(second.http), date).map((free) => free.start), { timeout: 5000 }).not.toContain(start)
  })
})

describe('a consultation sent with the optional fields blank', () => {
  it('is booked as without them (an HTML form sends every field)', async () => {
    const { http } = await appAt(beforeFall)
    const values = validConsultation({ date: '2026-11-06', timeSlot: 'afternoon', start: '', timeZone: '' })
    const res = await http.post('/api/consultation').send(values).expect(201)
    expect(res.body.meeting.start).toBe(dallas('2026-11-06', '13:00'))
    await http
      .post('/api/consultation')
      .type('form')
      .send(new URLSearchParams(validConsultation({ email: 'form@example.com', date: '2026-11-06', start: '', timeZone: '' })).toString())
      .expect(303)
    const record = await http.get(`/api/admin/consultations/${res.body.id}`).set(adminHeader).expect(200)
    expect(record.body).not.toHaveProperty('timeZone')
  })
})
