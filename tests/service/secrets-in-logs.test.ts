import { describe, expect, it } from 'vitest'
import { bookingReference, meetingToken } from '../../forms-service/email/meetingLinks.js'
import { unsubscribeToken } from '../../forms-service/email/unsubscribe.js'
import { adminPassword, capturedLogger, testApp, unsubscribeSecret, validConsultation } from './helpers.js'

const metricsToken = 'a-metrics-token-of-32-characters-or-more'
const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` })

describe('secrets in addresses', () => {
  it('are never written to a log line or a /metrics label: the feed, meeting, unsubscribe and booking links, and any ?token=', async () => {
    const { logger, lines } = capturedLogger()
    const { http, store } = await testApp({ metricsToken }, { logger })
    const booked = await http.post('/api/consultation').send(validConsultation()).expect(201)
    const { meeting } = (await store.find('consultations', booked.body.id))!
    const subscribed = await http.post('/api/newsletter-subscription').send({ email: 'reader@example.com' }).expect(201)
    const feedPath = new URL((await http.get('/api/admin/calendar-feed').set(bearer(adminPassword)).expect(200)).body.url).pathname
    const feedSecret = /^\/api\/calendar\/(.+)\.ics$/.exec(feedPath)![1]!
    const cancel = meetingToken(unsubscribeSecret, 'cancel', meeting!)
    const reschedule = meetingToken(unsubscribeSecret, 'reschedule', meeting!)
    const unsubscribe = unsubscribeToken(unsubscribeSecret, subscribed.body.id)
    const reference = bookingReference(unsubscribeSecret, booked.body.id)
    const made = 'made-up-secret-Qz7'
    const secrets = [feedSecret, cancel, reschedule, unsubscribe, reference, made]
    // The signatures alone too: a log that kept the MAC and dropped the meeting id would still leak it.
    for (const token of [cancel, reschedule]) secrets.push(token.split('.').at(-1)!)

    await http.get(feedPath).expect(200)
    await http.get(`/api/calendar/${made}.ics`).expect(404)
    await http.get(`/api/meeting?token=${encodeURIComponent(reschedule)}`).expect(200)
    await http.get(`/meeting/reschedule/?token=${encodeURIComponent(reschedule)}`)
    await http.get(`/thank-you/consultation/?booking=${encodeURIComponent(reference)}`)
    await http.get(`/api/availability?token=${made}`).expect(200)
    await http
      .post(`/api/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribe)}`)
      .send('')
      .expect(200)
    await http.post('/api/meeting/cancel').send({ token: cancel }).expect(200)
    // A feed that fails inside: the error's line names the path too, without the secret.
    store.meetingsBetween = () => Promise.reject(new Error('the database is gone'))
    await http.get(feedPath).expect(500)

    const metrics = (await http.get('/metrics').set(bearer(metricsToken)).expect(200)).text
    const logged = JSON.stringify(lines)
    for (const secret of secrets) {
      expect(logged).not.toContain(secret)
      expect(metrics).not.toContain(secret)
    }
    // The lines were written, and say which address was asked for.
    expect(lines.filter((line) => line.path === '/api/calendar/[redacted]').map((line) => line.status ?? line.msg)).toEqual([200, 404, 'request failed', 500])
    expect(metrics).toContain('route="/api/calendar/:file"')
  })
})
