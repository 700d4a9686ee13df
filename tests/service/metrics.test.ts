import { describe, expect, it } from 'vitest'
import { meetingToken } from '../../forms-service/email/meetingLinks.js'
import { spreadConsultation, testApp, unsubscribeSecret, validContact, adminHeader } from './helpers.js'

const metricsToken = 'a-metrics-token-of-32-characters-or-more'

/** The samples of a Prometheus text answer: `name{labels}` -> value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>()
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line)
    if (match) found.set(match[1]!, Number(match[2]))
  }
  return found
}

type TestHttp = Awaited<ReturnType<typeof testApp>>['http']

/** The service's metrics as Prometheus reads them, with the metrics token. */
const scrape = async (http: TestHttp) => samples((await http.get('/metrics').set('Authorization', `Bearer ${metricsToken}`).expect(200)).text)

/** How long the oldest queued email has waited, as /metrics says. */
const oldestQueuedAge = async (http: TestHttp) => (await scrape(http)).get('forms_outbox_oldest_queued_age_seconds')!

describe('GET /metrics', () => {
  it('is 401 without METRICS_TOKEN or an API token, with a wrong one, or with the admin password', async () => {
    const without = await testApp()
    expect((await without.http.get('/metrics')).status).toBe(401)
    expect((await without.http.get('/metrics').set(adminHeader)).status).toBe(401)
    const { http } = await testApp({ metricsToken })
    expect((await http.get('/metrics')).status).toBe(401)
    expect((await http.get('/metrics').set(adminHeader)).status).toBe(401)
    expect((await http.get('/metrics').set('Authorization', `Bearer ${metricsToken}x`)).status).toBe(401)
  })

  it('counts requests by route and status, times POSTs and store commits, and reads the outbox', async () => {
    const { http } = await testApp({ metricsToken })
    await http.post('/api/contact').send(validContact()).expect(201)
    await http
      .post('/api/contact')
      .send(validContact({ email: 'bad' }))
      .expect(400)
    await http.get('/healthz').expect(200)
    await http.get('/api/no-such-thing').expect(404)
    const res = await http.get('/metrics').set('Authorization', `Bearer ${metricsToken}`).expect(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const got = samples(res.text)
    expect(got.get('forms_http_requests_total{method="POST",route="/api/contact",status="201"}')).toBe(1)
    expect(got.get('forms_http_requests_total{method="POST",route="/api/contact",status="400"}')).toBe(1)
    expect(got.get('forms_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1)
    expect(got.get('forms_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1)
    expect(got.get('forms_http_post_duration_seconds_count{route="/api/contact"}')).toBe(2)
    expect(got.get('forms_store_commit_duration_seconds_count{operation="addContact"}')).toBe(1)
    // The contact owes two emails (the agency's and the visitor's); no sender runs in this app.
    expect(got.get('forms_outbox_emails{state="queued"}')).toBe(2)
    expect(got.get('forms_outbox_emails{state="failed"}')).toBe(0)
    expect(got.get('forms_outbox_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(0)
    expect(got.get('forms_outbox_oldest_queued_age_seconds')).toBeLessThan(60)
  })

  it('reports the age of the oldest queued email as it grows', async () => {
    const { http } = await testApp({ metricsToken })
    const age = () => oldestQueuedAge(http)
    expect(await age()).toBe(0)
    await http.post('/api/newsletter-subscription').send({ email: 'first@example.com' }).expect(201)
    const first = await age()
    await expect.poll(age).toBeGreaterThan(first + 1)
  })

  it('reports the age of the email that has waited longest, not of one queued first for a later day', async () => {
    const { http, store } = await testApp({ metricsToken })
    const age = () => oldestQueuedAge(http)
    // Queued first, due years from now: it has not waited at all.
    await store.queueDayEmail('morning-digest', '2099-01-05', '2099-01-05T14:00:00.000Z')
    expect(await age()).toBe(0)
    await http.post('/api/newsletter-subscription').send({ email: 'waiting@example.com' }).expect(201)
    const first = await age()
    await expect.poll(age).toBeGreaterThan(first + 1)
  })

  it('counts bookings made (a repeated submission once) and cancelled, by the visitor or the agency', async () => {
    // The real time, until the test moves it past a meeting's start to mark it held.
    const clock: { at: Date | null } = { at: null }
    const now = () => clock.at ?? new Date()
    const { http, store } = await testApp({ metricsToken }, { now }, { now })
    expect((await scrape(http)).get('forms_bookings_made_total')).toBe(0)
    expect((await scrape(http)).get('forms_bookings_cancelled_total')).toBe(0)
    const ids: string[] = []
    for (let i = 0; i < 3; i++)
      ids.push((await http.post('/api/consultation').set('Idempotency-Key', `booking-${i}`).send(spreadConsultation(i)).expect(201)).body.id)
    // The same attempt again: the first record, not a second booking.
    await http.post('/api/consultation').set('Idempotency-Key', 'booking-0').send(spreadConsultation(0)).expect(201)
    expect((await scrape(http)).get('forms_bookings_made_total')).toBe(3)

    const meetingOf = async (id: string) => (await store.find('consultations', id))!.meeting!
    await http
      .post('/api/meeting/cancel')
      .send({ token: meetingToken(unsubscribeSecret, 'cancel', await meetingOf(ids[0]!)) })
      .expect(200)
    const bearer = adminHeader
    await http
      .post(`/api/admin/meetings/${(await meetingOf(ids[1]!)).id}/cancel`)
      .set(bearer)
      .send({})
      .expect(200)
    // Cancelled already: refused, not counted again; a meeting marked held is not a cancellation.
    await http
      .post(`/api/admin/meetings/${(await meetingOf(ids[1]!)).id}/cancel`)
      .set(bearer)
      .send({})
      .expect(409)
    clock.at = new Date(Date.parse((await meetingOf(ids[2]!)).start) + 60_000)
    await http
      .post(`/api/admin/meetings/${(await meetingOf(ids[2]!)).id}/state`)
      .set(bearer)
      .send({ state: 'held' })
      .expect(200)
    const got = await scrape(http)
    expect(got.get('forms_bookings_cancelled_total')).toBe(2)
    expect(got.get('forms_bookings_made_total')).toBe(3)
  })
})
