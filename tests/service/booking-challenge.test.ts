import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { solveChallenge } from 'altcha-lib/v1'
import { describe, expect, it } from 'vitest'
import {
  challengeFailedMessage,
  challengeHeader,
  challengeNeededMessage,
  isChallengeNeeded,
  unheldRequestSentence,
  type BookingChallenge,
} from '../../contract/wire/challenge.js'
import { defaultConfig } from '../../forms-service/config.js'
import { holdExpiredMessage, holdFullMessage } from '../../contract/wire/challenge.js'
import { linkNotValidMessage, personHasMeetingMessage } from '../../contract/wire/meetingApi.js'
import { windowOf } from '../../contract/booking/booking.js'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import { emailRenderer } from '../../forms-service/outbox/render.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import {
  freshStore,
  offeredDates,
  onPostgres,
  holdTokenIn,
  renderQueued,
  spreadConsultation,
  testApp,
  testEmailContext,
  validConsultation,
  adminHeader,
  clockAt,
} from './helpers.js'

// The booking challenge (forms-service/booking/challenge.ts): past the hour's pace, a booking from the
// dialog holds its start only with a solved proof of work, each solution once; a plain HTML form, which
// cannot solve one, is kept as a request that holds no start.

const metricsToken = 'a-metrics-token-of-32-characters-or-more'
const rules = (perHour: number) => ({ bookingChallenge: { ...defaultConfig.bookingChallenge, perHour, maxNumber: 5_000 } })
type Http = Awaited<ReturnType<typeof testApp>>['http']

const book = (http: Http, i: number, solution?: string) => {
  const post = http.post('/api/consultation')
  if (solution) post.set(challengeHeader, solution)
  return post.send(spreadConsultation(i, { email: `visitor${i}@example.com` }))
}

/** What the dialog sends back: ALTCHA's payload, solved as the browser solves it. */
async function solved(challenge: BookingChallenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise
  if (!solution) throw new Error('no solution found')
  const { algorithm, salt, signature } = challenge
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }))
}

const total = async (http: Http) => ((await http.get('/api/admin/consultations').set(adminHeader).expect(200)).body as { total: number }).total

describe('the booking challenge', () => {
  it('asks for a proof of work past the pace, books with a solution, and takes each solution once', async () => {
    const { http, store } = await testApp({ ...rules(2), metricsToken })
    await book(http, 0).expect(201)
    await book(http, 1).expect(201)
    const asked = await book(http, 2).expect(428)
    expect(asked.headers['cache-control']).toBe('no-store')
    expect(asked.body.error).toBe(challengeNeededMessage)
    expect(isChallengeNeeded(asked.body)).toBe(true)
    expect(asked.body.challenge.maxnumber).toBe(5_000)
    expect(await total(http)).toBe(2)

    const solution = await solved(asked.body.challenge)
    const booked = await book(http, 2, solution).expect(201)
    expect(booked.body.meeting.start).toEqual(expect.any(String))
    // The same solution again, a wrong one, or one this service did not sign: refused, nothing stored.
    expect((await book(http, 3, solution).expect(400)).body.error).toBe(challengeFailedMessage)
    const wrong = JSON.parse(atob(solution)) as { number: number }
    await book(http, 4, btoa(JSON.stringify({ ...wrong, number: wrong.number + 1 }))).expect(400)
    await book(http, 5, 'not base64 at all').expect(400)
    const foreign = await solved({ ...asked.body.challenge, signature: '0'.repeat(64) })
    await book(http, 6, foreign).expect(400)
    expect(await total(http)).toBe(3)
    expect((await store.meetingsBetween('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z')).length).toBe(3)

    const metrics = (await http.get('/metrics').set('Authorization', `Bearer ${metricsToken}`).expect(200)).text
    const outcomes = ['issued', 'solved', 'failed'].map((outcome) =>
      metrics.split('\n').find((line) => line.startsWith(`forms_booking_challenges_total{outcome="${outcome}"} `)),
    )
    // The agency is told once: one notice of the day, however often the pace is passed.
    const notices = (await store.listEmails({ offset: 0, limit: 50 })).items.filter((email) => email.kind === 'booking-check')
    expect(notices).toHaveLength(1)
    expect(notices[0]!.about.id).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(outcomes).toEqual([
      'forms_booking_challenges_total{outcome="issued"} 1',
      'forms_booking_challenges_total{outcome="solved"} 1',
      'forms_booking_challenges_total{outcome="failed"} 4',
    ])
  })

  it('keeps an HTML form sent while it is on as a request that holds no start, emails its hold link, and says so on the thank-you page', async () => {
    const siteDir = await mkdtemp(path.join(os.tmpdir(), 'unheld-'))
    await mkdir(path.join(siteDir, 'thank-you', 'consultation'), { recursive: true })
    const page = '<!doctype html><title>Thank you</title><main><h1>Thank you!</h1><p class="recap"><!--meeting-time--></p></main>'
    await writeFile(path.join(siteDir, 'thank-you', 'consultation', 'index.html'), page)
    const { http, store } = await testApp({ ...rules(1), siteDir })
    await book(http, 0).expect(201)
    const fields = spreadConsultation(1, { email: 'plain@example.com', _key: 'plain-form-attempt-1' }) as Record<string, string>
    const answer = await http.post('/api/consultation').type('form').send(new URLSearchParams(fields).toString()).expect(303)
    expect(answer.headers.location).toContain('/thank-you/consultation/')
    const { items } = (await http.get('/api/admin/consultations?q=plain').set(adminHeader).expect(200)).body
    expect(items).toHaveLength(1)
    expect(items[0].meeting).toBeUndefined()
    const emails = await store.emailsAbout('consultations', items[0].id)
    expect(emails.map((email) => email.kind).sort()).toEqual(['consultation-hold', 'consultation-notification'])
    const thankYou = new URL(String(answer.headers.location), 'http://localhost')
    const thanks = await http.get(`${thankYou.pathname}${thankYou.search}`).expect(200)
    expect(thanks.text).toBe(page.replace('<!--meeting-time-->', unheldRequestSentence(defaultConfig.bookingChallenge.holdMinutes)))
    // Its attempt's key sent again with other text: refused, as for any booking, not answered with the first request.
    const changed = new URLSearchParams({ ...fields, businessName: 'Another Bakery' }).toString()
    await http.post('/api/consultation').type('form').send(changed).expect(422)
    expect((await http.get('/api/admin/consultations?q=plain').set(adminHeader).expect(200)).body.total).toBe(1)
  })

  it('lets a solution expire 10 minutes after its challenge by the service’s clock, not the machine’s', async () => {
    // The service's clock 5 minutes behind the machine's, then 11 minutes on: by the machine's clock the
    // second solution would still be in time; by the service's, which issued it, it is not.
    const clock = clockAt(Date.now() - 5 * 60_000)
    const { now } = clock
    const { http } = await testApp(rules(1), { now }, { now })
    await book(http, 0).expect(201)
    const first = await book(http, 1).expect(428)
    const second = await book(http, 2).expect(428)
    await book(http, 1, await solved(first.body.challenge)).expect(201)
    clock.advance(10 * 60_000 + 1000)
    await book(http, 2, await solved(second.body.challenge)).expect(400)
  })

  it('is off with BOOKING_CHALLENGE_PER_HOUR=0', async () => {
    const { http } = await testApp(rules(0))
    for (let i = 0; i < 5; i++) await book(http, i).expect(201)
  })

  it.runIf(onPostgres)('counts the pace across two replicas on one database', async () => {
    const { databaseUrl } = await freshStore()
    const [a, b] = [await testApp({ databaseUrl, ...rules(3) }), await testApp({ databaseUrl, ...rules(3) })]
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => book(i % 2 ? a.http : b.http, i)))
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 201, 428, 428, 428])
    await book(a.http, 7).expect(428)
    const notices = (await a.store.listEmails({ offset: 0, limit: 50 })).items.filter((email) => email.kind === 'booking-check')
    expect(notices).toHaveLength(1)
  })

  describe('the hold link of a request sent without JavaScript', () => {
    // A request kept without a time: the first booking passes the pace of 1, the plain form after it is kept.
    async function kept(app: Awaited<ReturnType<typeof testApp>>, overrides: Record<string, unknown> = {}) {
      await app.http
        .post('/api/consultation')
        .send(validConsultation({ email: 'first@example.com', date: offeredDates()[1] }))
        .expect(201)
      return keptAgain(app, overrides)
    }
    async function keptAgain(app: Awaited<ReturnType<typeof testApp>>, overrides: Record<string, unknown> = {}) {
      const fields = validConsultation({ email: 'plain@example.com', date: offeredDates()[2], timeSlot: 'evening', ...overrides }) as Record<string, string>
      await app.http.post('/api/consultation').type('form').send(new URLSearchParams(fields).toString()).expect(303)
      const [request] = (await app.store.list('consultations', { offset: 0, limit: 5, q: String(fields.email) })).items
      expect(request?.meeting).toBeUndefined()
      return request!
    }
    /** The token of the hold link in the email the visitor was sent, as the outbox renders it. */
    async function holdLink(app: Awaited<ReturnType<typeof testApp>>, requestId: string) {
      return holdTokenIn(await renderQueued(app.store, requestId, 'consultation-hold'))
    }
    const hold = (app: Awaited<ReturnType<typeof testApp>>, token: string) => app.http.post('/api/consultation/hold').send({ token })
    const kinds = async (app: Awaited<ReturnType<typeof testApp>>, id: string) =>
      (await app.store.emailsAbout('consultations', id)).map((email) => email.kind).sort()

    it('holds the first free start of the window asked for, once, and queues the confirmation, the notice and the reminder', async () => {
      const app = await testApp(rules(1))
      const request = await kept(app)
      const token = await holdLink(app, request.id)
      const held = await hold(app, token).expect(200)
      expect(held.headers['cache-control']).toBe('no-store')
      expect(held.body.id).toBe(request.id)
      expect(windowOf(held.body.meeting.start, app.booking)).toBe('evening')
      const stored = await app.store.find('consultations', request.id)
      expect(stored?.meeting).toMatchObject({ start: held.body.meeting.start, end: held.body.meeting.end, state: 'booked', sequence: 0 })
      const afterHold = await kinds(app, request.id)
      expect(afterHold).toEqual(['consultation-confirmation', 'consultation-hold', 'consultation-notification', 'meeting-notice', 'meeting-reminder'])
      // The confirmation now gives the meeting, with its calendar entry.
      const confirmation = await renderQueued(app.store, request.id, 'consultation-confirmation')
      expect(confirmation.attachments).toHaveLength(1)
      // Pressed again: the same meeting, nothing more queued.
      expect((await hold(app, token).expect(200)).body.meeting).toEqual(held.body.meeting)
      expect(await kinds(app, request.id)).toEqual(afterHold)
      // The hold link's email, if it were sent only now, is not: its request holds its time.
      const settings = await loadBookingSettings(fixtureContentDir)
      const queuedLink = (await app.store.emailsAbout('consultations', request.id)).find((email) => email.kind === 'consultation-hold')!
      const late = await emailRenderer(app.store, await testEmailContext(), { settings, closedDays: [], now: () => new Date() })(queuedLink)
      expect(late).toEqual({ superseded: expect.stringContaining('a time was held') })
    })

    it('answers a plain form with the thank-you page of the meeting, and refuses forged links and spam', async () => {
      const siteDir = await mkdtemp(path.join(os.tmpdir(), 'held-'))
      await mkdir(path.join(siteDir, 'thank-you', 'consultation'), { recursive: true })
      const page = '<!doctype html><title>Thank you</title><main><h1>Thank you!</h1><p class="recap"><!--meeting-time--></p></main>'
      await writeFile(path.join(siteDir, 'thank-you', 'consultation', 'index.html'), page)
      const app = await testApp({ ...rules(1), siteDir })
      const request = await kept(app)
      const token = await holdLink(app, request.id)
      expect((await hold(app, `${token.slice(0, -2)}xx`).expect(400)).body.error).toBe(linkNotValidMessage)
      expect((await hold(app, request.id).expect(400)).body.error).toBe(linkNotValidMessage)
      const answer = await app.http.post('/api/consultation/hold').type('form').send(new URLSearchParams({ token }).toString()).expect(303)
      const thankYou = new URL(String(answer.headers.location), 'http://localhost')
      const thanks = await app.http.get(`${thankYou.pathname}${thankYou.search}`).expect(200)
      const { meeting } = (await app.store.find('consultations', request.id))!
      expect(thanks.text).toContain(`<time datetime="${meeting!.start}">`)

      // A request the agency marked spam holds nothing by its link.
      const other = await keptAgain(app, { email: 'other@example.com' })
      const otherToken = await holdLink(app, other.id)
      await app.http.patch(`/api/admin/consultations/${other.id}`).set(adminHeader).send({ status: 'spam' }).expect(200)
      await hold(app, otherToken).expect(400)
      expect((await app.store.find('consultations', other.id))?.meeting).toBeUndefined()
    })

    it('works for BOOKING_HOLD_MINUTES after the request arrived, by the service’s clock, and its email is not sent after', async () => {
      const clock = clockAt(Date.now())
      const { now } = clock
      const app = await testApp({ bookingChallenge: { ...rules(1).bookingChallenge, holdMinutes: 30 } }, { now }, { now })
      const request = await kept(app)
      const token = await holdLink(app, request.id)
      clock.advance(30 * 60_000)
      expect((await hold(app, token).expect(409)).body.error).toBe(holdExpiredMessage)
      expect((await app.store.find('consultations', request.id))?.meeting).toBeUndefined()
      expect(await kinds(app, request.id)).toEqual(['consultation-hold', 'consultation-notification'])
      const settings = await loadBookingSettings(fixtureContentDir)
      const queuedLink = (await app.store.emailsAbout('consultations', request.id)).find((email) => email.kind === 'consultation-hold')!
      const context = { ...(await testEmailContext()), holdMinutes: 30 }
      expect(await emailRenderer(app.store, context, { settings, closedDays: [], now })(queuedLink)).toEqual({ superseded: expect.stringContaining('expired') })
    })

    it('holds nothing when the window filled meanwhile, nor for a person with a meeting ahead', async () => {
      const app = await testApp(rules(1))
      const request = await kept(app)
      const token = await holdLink(app, request.id)
      // Others book every evening start of that day meanwhile, each solving its challenge.
      for (let i = 0; i < 20; i++) {
        const fields = validConsultation({ email: `evening${i}@example.com`, date: request.date, timeSlot: 'evening' })
        const asked = await app.http.post('/api/consultation').send(fields).expect(428)
        const booked = await app.http
          .post('/api/consultation')
          .set(challengeHeader, await solved(asked.body.challenge))
          .send(fields)
        if (booked.status === 400) break
        expect(booked.status).toBe(201)
      }
      expect((await hold(app, token).expect(409)).body.error).toBe(holdFullMessage)
      expect((await app.store.find('consultations', request.id))?.meeting).toBeUndefined()

      // One person, one meeting (content/booking.json meetingsPerPerson): the hold passes the caps of any booking.
      const booking = { ...(await loadBookingSettings(fixtureContentDir)), meetingsPerPerson: 1 }
      const capped = await testApp(rules(1), { booking })
      await capped.http
        .post('/api/consultation')
        .send(validConsultation({ email: 'plain@example.com', date: offeredDates()[1] }))
        .expect(201)
      const second = await keptAgain(capped)
      expect((await hold(capped, await holdLink(capped, second.id)).expect(409)).body.error).toBe(personHasMeetingMessage)
    })

    it.runIf(onPostgres)('holds one meeting when the link is pressed on two replicas at once', async () => {
      const { databaseUrl } = await freshStore()
      const [a, b] = [await testApp({ databaseUrl, ...rules(1) }), await testApp({ databaseUrl, ...rules(1) })]
      const request = await kept(a)
      const token = await holdLink(a, request.id)
      const [first, second] = await Promise.all([hold(a, token), hold(b, token)])
      expect([first.status, second.status]).toEqual([200, 200])
      expect(second.body.meeting).toEqual(first.body.meeting)
      expect((await a.store.meetingsBetween('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z')).length).toBe(2)
      expect((await kinds(a, request.id)).filter((kind) => kind === 'consultation-confirmation')).toHaveLength(1)
    })
  })
})
