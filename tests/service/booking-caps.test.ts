import { describe, expect, it } from 'vitest'
import { consultationDates } from '../../contract/booking/consultationDates.js'
import { addressCapMessage, personHasMeetingMessage, type Availability } from '../../contract/wire/meetingApi.js'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { noEmails } from '../../forms-service/store/inboxStore.js'
import type { ClosedDay } from '../../site/content/schemas.js'
import { fixtureContentDir, fixtureJson } from '../fixtures/fixture.js'
import {
  adminPassword,
  exited,
  freshStore,
  json,
  onPostgres,
  spawnService,
  storeEnv,
  testApp,
  validConsultation,
  adminHeader,
  clockAt,
  midMinute,
} from './helpers.js'

// The caps that keep one visitor from booking out the calendar: one meeting ahead per person (the
// fixture turns it off with 0 so that other tests may book freely; these set content/booking.json's default, 1),
// BOOKINGS_PER_ADDRESS_PER_DAY per client address, and availability's own rate limit.

const closedDays = fixtureJson<ClosedDay[]>('closed-days.json').map((day) => day.date)
const urlencoded = 'application/x-www-form-urlencoded'
const onePerPerson = async () => ({ ...(await loadBookingSettings(fixtureContentDir)), meetingsPerPerson: 1 })

/** The i-th request offered at `now`, spread over the windows and days so that none is full. */
function spread(now: Date, i: number, overrides: Record<string, unknown> = {}) {
  const dates = consultationDates(now, closedDays)
  const slots = ['morning', 'afternoon', 'evening'] as const
  return validConsultation({ date: dates[Math.floor(i / 3) % dates.length]!.value, timeSlot: slots[i % 3], ...overrides })
}

const consultations = async (http: Awaited<ReturnType<typeof testApp>>['http']) =>
  (await http.get('/api/admin/consultations?limit=200').set(adminHeader).expect(200)).body.items as Array<{ id: string; email: string }>

describe('one meeting ahead per person (content/booking.json meetingsPerPerson)', () => {
  it('books exactly one of 10 parallel requests of one person, however the address is written, and refuses the rest on email, naming no time', async () => {
    const { http } = await testApp({}, { booking: await onePerPerson() })
    const addresses = ['Ann.Lee@gmail.com', 'annlee@gmail.com', 'ANNLEE+ads@Gmail.com', 'a.n.n.lee+x@googlemail.com', ' ann.lee@GMAIL.COM ']
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => http.post('/api/consultation').send(spread(new Date(), i, { email: addresses[i % addresses.length]!.trim() }))),
    )
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(400)])
    for (const refused of answers.filter((res) => res.status === 400)) {
      expect(refused.body.fields).toEqual({ email: personHasMeetingMessage })
      expect(refused.body.error).toBe(personHasMeetingMessage)
    }
    expect(personHasMeetingMessage).toMatch(/already has a consultation booked/)
    expect(personHasMeetingMessage).toMatch(/emailed/)
    expect(personHasMeetingMessage).not.toMatch(/\d|Monday|Tuesday|Wednesday|Thursday|Friday|AM|PM/)
    expect(await consultations(http)).toHaveLength(1)
    // Another person books as before.
    await http
      .post('/api/consultation')
      .send(spread(new Date(), 11, { email: 'ann.lee@example.com' }))
      .expect(201)
  })

  it('answers the same submission again with its first record, not a refusal; a cancelled meeting frees the person', async () => {
    const { http, store } = await testApp({}, { booking: await onePerPerson() })
    const first = await http.post('/api/consultation').set('Idempotency-Key', 'attempt-1').send(spread(new Date(), 0)).expect(201)
    const again = await http.post('/api/consultation').set('Idempotency-Key', 'attempt-1').send(spread(new Date(), 0)).expect(201)
    expect(again.body).toEqual(first.body)
    await http.post('/api/consultation').set('Idempotency-Key', 'attempt-2').send(spread(new Date(), 1)).expect(400)
    const record = await store.find('consultations', first.body.id)
    expect(await store.changeMeeting({ meetingId: record!.meeting!.id, action: 'cancel', emails: noEmails })).toMatchObject({ ok: true })
    await http.post('/api/consultation').set('Idempotency-Key', 'attempt-3').send(spread(new Date(), 1)).expect(201)
  })

  it('counts only meetings ahead: once the meeting has begun (across the fall-back of November 1), the person may book again', async () => {
    // Friday, October 30, 2026, 10:00 CDT; the clocks go back on Sunday.
    const clock = clockAt('2026-10-30T15:00:00Z')
    const { http } = await testApp({}, { booking: await onePerPerson(), now: clock.now }, { now: clock.now })
    const booked = await http.post('/api/consultation').send(spread(clock.now(), 0)).expect(201)
    await http.post('/api/consultation').send(spread(clock.now(), 1)).expect(400)
    clock.set(new Date(Date.parse(booked.body.meeting.start) - 1000).toISOString())
    await http.post('/api/consultation').send(spread(clock.now(), 2)).expect(400)
    clock.set(new Date(Date.parse(booked.body.meeting.start) + 1000).toISOString())
    await http.post('/api/consultation').send(spread(clock.now(), 2)).expect(201)
  })

  it('shows the sentence on the error page of a form sent without JavaScript', async () => {
    const { http } = await testApp({}, { booking: await onePerPerson() })
    const form = (values: Record<string, unknown>) => new URLSearchParams(values as Record<string, string>).toString()
    await http
      .post('/api/consultation')
      .set('Content-Type', urlencoded)
      .send(form(spread(new Date(), 0)))
      .expect(303)
    const refused = await http
      .post('/api/consultation')
      .set('Content-Type', urlencoded)
      .send(form(spread(new Date(), 1)))
      .expect(400)
    expect(refused.type).toBe('text/html')
    expect(refused.text).toContain(`<li>${personHasMeetingMessage}</li>`)
  })

  it('is off with 0', async () => {
    const { http } = await testApp({}, { booking: { ...(await onePerPerson()), meetingsPerPerson: 0 } })
    for (let i = 0; i < 3; i++) await http.post('/api/consultation').send(spread(new Date(), i)).expect(201)
  })

  it.runIf(onPostgres)('holds across two replicas on one database: 10 parallel requests of one person, one booked', async () => {
    const { databaseUrl } = await freshStore()
    const booking = await onePerPerson()
    const [a, b] = [await testApp({ databaseUrl }, { booking }), await testApp({ databaseUrl }, { booking })]
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).http.post('/api/consultation').send(spread(new Date(), i, { email: `ann.lee+${i}@example.com` }))),
    )
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(400)])
    expect(await consultations(a.http)).toHaveLength(1)
    expect(await consultations(b.http)).toHaveLength(1)
  })
})

describe('bookings per client address (BOOKINGS_PER_ADDRESS_PER_DAY)', () => {
  it('books 3 of 10 parallel requests from one address (X-Forwarded-For behind TRUST_PROXY), 429 for the rest; another address still books', async () => {
    const { http, store } = await testApp({ trustProxy: 1, bookingsPerAddressPerDay: 3 })
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        http
          .post('/api/consultation')
          .set('X-Forwarded-For', '203.0.113.7')
          .send(spread(new Date(), i, { email: `visitor${i}@example.com` })),
      ),
    )
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 201, ...Array(7).fill(429)])
    for (const refused of answers.filter((res) => res.status === 429)) expect(refused.body).toEqual({ error: addressCapMessage })
    await http
      .post('/api/consultation')
      .set('X-Forwarded-For', '198.51.100.2')
      .send(spread(new Date(), 10, { email: 'other@example.com' }))
      .expect(201)
    // Only a keyed hash of the address is kept, and the admin does not see even that.
    const [stored] = (await store.list('consultations', { offset: 0, limit: 1 })).items
    expect(stored!.clientKey).toMatch(/^[\w-]{43}$/)
    expect(JSON.stringify(await store.exportData())).not.toContain('203.0.113.7')
    expect(JSON.stringify(await store.exportData())).not.toContain('198.51.100.2')
    const [listed] = await consultations(http)
    expect(listed).not.toHaveProperty('clientKey')
    expect((await http.get(`/api/admin/consultations/${listed!.id}`).set(adminHeader).expect(200)).body).not.toHaveProperty('clientKey')
  })

  it('counts the last 24 hours, elapsed across the fall-back of November 1', async () => {
    // Saturday, October 31, 2026, 12:00 CDT; 24 hours later is Sunday 11:00 CST.
    const clock = clockAt('2026-10-31T17:00:00Z')
    const { http } = await testApp({ bookingsPerAddressPerDay: 2 }, { now: clock.now }, { now: clock.now })
    const book = (i: number) => http.post('/api/consultation').send(spread(clock.now(), i, { email: `visitor${i}@example.com` }))
    expect((await book(0)).status).toBe(201)
    expect((await book(1)).status).toBe(201)
    expect((await book(2)).status).toBe(429)
    clock.set('2026-11-01T16:59:59Z')
    expect((await book(3)).status).toBe(429)
    clock.set('2026-11-01T17:00:01Z')
    expect((await book(4)).status).toBe(201)
    expect((await book(5)).status).toBe(201)
    expect((await book(6)).status).toBe(429)
  })

  it('is off with 0', async () => {
    const { http } = await testApp({ trustProxy: 1, bookingsPerAddressPerDay: 0, bookingsPerNetworkPerDay: 0 })
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        http
          .post('/api/consultation')
          .set('X-Forwarded-For', '203.0.113.7')
          .send(spread(new Date(), i, { email: `visitor${i}@example.com` })),
      ),
    )
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(201))
  })
})

describe('bookings per network (BOOKINGS_PER_NETWORK_PER_DAY)', () => {
  const from = (http: Awaited<ReturnType<typeof testApp>>['http'], address: string, i: number) =>
    http
      .post('/api/consultation')
      .set('X-Forwarded-For', address)
      .send(spread(new Date(), i, { email: `visitor${i}@example.com` }))

  it('counts ten addresses of one IPv6 /64 as one client', async () => {
    const { http } = await testApp({ trustProxy: 1, bookingsPerAddressPerDay: 3, bookingsPerNetworkPerDay: 0 })
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => from(http, `2001:db8:7:1::${(i + 1).toString(16)}`, i)))
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 201, ...Array(7).fill(429)])
    // The next /64 of the same network is another client.
    expect((await from(http, '2001:db8:7:2::1', 10)).status).toBe(201)
  })

  it('books 6 from the addresses of one IPv4 /24, 3 each, then refuses the network; another network still books', async () => {
    const { http } = await testApp({ trustProxy: 1, bookingsPerAddressPerDay: 3, bookingsPerNetworkPerDay: 6 })
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => from(http, `203.0.113.${10 + (i % 6)}`, i)))
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(6).fill(201), ...Array(6).fill(429)])
    for (const refused of answers.filter((res) => res.status === 429)) expect(refused.body).toEqual({ error: addressCapMessage })
    expect((await from(http, '198.51.100.9', 12)).status).toBe(201)
  })

  it("does not count the bookings the agency marked Spam against the network's honest visitors", async () => {
    const { http } = await testApp({ trustProxy: 1, bookingsPerAddressPerDay: 0, bookingsPerNetworkPerDay: 3 })
    for (let i = 0; i < 3; i++) expect((await from(http, `203.0.113.${i + 1}`, i)).status).toBe(201)
    expect((await from(http, '203.0.113.50', 3)).status).toBe(429)
    const ids = (await consultations(http)).map((lead) => lead.id)
    await http.post('/api/admin/consultations/bulk').set(adminHeader).send({ ids, status: 'spam' }).expect(200)
    expect((await from(http, '203.0.113.50', 4)).status).toBe(201)
  })

  it.runIf(onPostgres)('holds across two replicas on one database: 12 parallel bookings of one /24, 6 booked', async () => {
    const { databaseUrl } = await freshStore()
    const config = { databaseUrl, trustProxy: 1, bookingsPerAddressPerDay: 0, bookingsPerNetworkPerDay: 6 }
    const [a, b] = [await testApp(config), await testApp(config)]
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => from((i % 2 ? a : b).http, `203.0.113.${i + 1}`, i)))
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(6).fill(201), ...Array(6).fill(429)])
  })
})

describe('what the caps and the spam rule keep', () => {
  it('outlives kill -9 and a restart: the bookings of the day still count for their address, a suspicion and its clearing stay', async () => {
    const env = { PORT: '0', ...(await storeEnv()), ADMIN_PASSWORD: adminPassword, BOOKINGS_PER_ADDRESS_PER_DAY: '2' }
    const first = await spawnService(env)
    const book = async (url: string, i: number, extra: Record<string, unknown> = {}) =>
      json(`${url}/api/consultation`, spread(new Date(), i, { email: `visitor${i}@example.com`, ...extra }))
    const suspected = (await (await book(first.url, 0, { _elapsedMs: 100 })).json()) as { id: string }
    const cleared = (await (await book(first.url, 1, { _elapsedMs: 100 })).json()) as { id: string }
    const patch = await fetch(`${first.url}/api/admin/consultations/${cleared.id}`, {
      method: 'PATCH',
      headers: { ...adminHeader, 'Content-Type': 'application/json' },
      body: JSON.stringify({ suspicion: null }),
    })
    expect(patch.status).toBe(200)
    first.child.kill('SIGKILL')
    await exited(first.child)

    const second = await spawnService(env)
    expect((await book(second.url, 2)).status).toBe(429)
    const record = async (id: string) =>
      (await (await fetch(`${second.url}/api/admin/consultations/${id}`, { headers: adminHeader })).json()) as { suspicion?: unknown }
    expect((await record(suspected.id)).suspicion).toBe('fast')
    expect((await record(cleared.id)).suspicion).toBeNull()
  })
})

describe("availability's own rate limit (AVAILABILITY_PER_MINUTE)", () => {
  it('answers 429 with Retry-After past the limit per client address, apart from the form POSTs', async () => {
    const { http } = await testApp({ trustProxy: 1, availabilityPerMinute: 2, rateLimitPerMinute: 1 }, { now: midMinute().now })
    const get = (ip: string) => http.get('/api/availability').set('X-Forwarded-For', ip)
    await get('203.0.113.7').expect(200)
    await get('203.0.113.7').expect(200)
    const limited = await get('203.0.113.7').expect(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    await get('198.51.100.2').expect(200)
    // Reading availability used none of the address's one POST a minute.
    await http.post('/api/consultation').set('X-Forwarded-For', '203.0.113.7').send(spread(new Date(), 0)).expect(201)
  })

  it('is off with 0', async () => {
    const { http } = await testApp({ availabilityPerMinute: 0 })
    for (let i = 0; i < 20; i++) expect(((await http.get('/api/availability').expect(200)).body as Availability).days.length).toBeGreaterThan(0)
  })
})
