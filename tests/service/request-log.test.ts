import { describe, expect, it } from 'vitest'
import { meetingToken } from '../../forms-service/email/meetingLinks.js'
import { startService } from '../../forms-service/service.js'
import type { EmailRecord } from '../../forms-service/store/records.js'
import {
  adminPassword,
  capturedLogger,
  freshStore,
  testApp,
  unsubscribeSecret,
  validConsultation,
  validContact,
  testServiceOptions,
  adminHeader,
} from './helpers.js'
import { startSmtp } from './smtp.js'

describe('request log', () => {
  it('writes one JSON line per request with method, path, status and duration, and nothing private', async () => {
    const { logger, lines } = capturedLogger()
    const { http } = await testApp({}, { logger })
    await http.post('/api/newsletter-subscription?email=query@example.com').send({ email: 'secret-person@example.com' }).expect(201)
    await http.post('/api/admin/session').send({ password: adminPassword }).expect(204)
    await http.post('/api/contact').send({ email: 'not-an-address' }).expect(400)
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatchObject({ method: 'POST', path: '/api/newsletter-subscription', status: 201, durationMs: expect.any(Number) })
    expect(lines[2]).toMatchObject({ status: 400 })
    // The probes contain letters outside hex, so no random request or record id can contain one by chance.
    const text = JSON.stringify(lines)
    for (const secret of ['secret-person', 'query@example.com', adminPassword, 'not-an-address']) expect(text).not.toContain(secret)
  })

  it('keeps a well-formed X-Request-Id, makes one otherwise, echoes it, and puts it on every line of the request, errors too', async () => {
    const { logger, lines } = capturedLogger()
    const { http, store } = await testApp({}, { logger })
    const kept = await http.post('/api/contact').set('X-Request-Id', 'edge-4f2a.9:1').send(validContact()).expect(201)
    expect(kept.headers['x-request-id']).toBe('edge-4f2a.9:1')
    // The request's line names the record, so the emails queued with it (their `about`) are found from it.
    expect(lines.at(-1)).toMatchObject({ requestId: 'edge-4f2a.9:1', status: 201, recordId: kept.body.id })
    const ids = new Set<string>()
    for (const given of [undefined, 'has spaces in it', 'x'.repeat(129), '{"json":1}']) {
      const req = http.get('/healthz')
      const res = await (given === undefined ? req : req.set('X-Request-Id', given))
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(lines.at(-1)!.requestId).toBe(res.headers['x-request-id'])
      ids.add(res.headers['x-request-id']!)
    }
    expect(ids.size).toBe(4)
    // A request that fails inside (a write the store cannot make): its error line and its request line carry the same id.
    store.addContact = () => Promise.reject(new Error('the disk is full'))
    const before = lines.length
    await http
      .post('/api/contact')
      .set('X-Request-Id', 'failing-request-1')
      .send(validContact({ message: 'After the store closed' }))
    const ofRequest = lines.slice(before)
    expect(ofRequest.length).toBeGreaterThanOrEqual(2)
    expect(ofRequest.filter((line) => line.level === 50)).not.toEqual([])
    for (const line of ofRequest) expect(line.requestId).toBe('failing-request-1')
  })

  it('names the request on the lines of the emails it queued, sent later by the outbox, and a resend by its own request', async () => {
    const { logger, lines } = capturedLogger()
    const smtp = await startSmtp()
    const service = await startService(
      { ...testServiceOptions, ...(await freshStore()), smtpUrl: smtp.url, sendEmails: true, logLevel: 'info' },
      { logger, sender: { retryBaseMs: 100, retryMaxMs: 400 } },
    )
    try {
      const post = (path: string, body: unknown, requestId: string) =>
        fetch(`${service.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
          body: JSON.stringify(body),
        })
      const contact = (await (await post('/api/contact', validContact(), 'contact-req-1')).json()) as { id: string }
      const booked = (await (await post('/api/consultation', validConsultation(), 'consultation-req-2')).json()) as { id: string }
      await post('/api/newsletter-subscription', { email: 'traced@example.com' }, 'newsletter-req-3')
      const sentLines = (requestId: string) => lines.filter((line) => line.msg === 'email sent' && line.requestId === requestId)
      // Two emails for each form (the agency's and the visitor's), one welcome for the subscription.
      await expect.poll(() => sentLines('contact-req-1').map((line) => line.about)).toEqual([contact.id, contact.id])
      await expect.poll(() => sentLines('consultation-req-2').map((line) => line.about)).toEqual([booked.id, booked.id])
      await expect.poll(() => sentLines('newsletter-req-3')).toHaveLength(1)
      // The sender's lines are not the request's: they come after its own line, from the outbox.
      const requestLine = lines.findIndex((line) => line.requestId === 'contact-req-1' && line.path === '/api/contact')
      expect(lines.findIndex((line) => line.msg === 'email sent' && line.requestId === 'contact-req-1')).toBeGreaterThan(requestLine)

      const detail = (await (await fetch(`${service.url}/api/admin/messages/${contact.id}`, { headers: adminHeader })).json()) as {
        emails: Array<{ id: string }>
      }
      const resent = await fetch(`${service.url}/api/admin/emails/${detail.emails[0]!.id}/resend`, {
        method: 'POST',
        headers: { ...adminHeader, 'Content-Type': 'application/json', 'X-Request-Id': 'resend-req-4' },
        body: '{}',
      })
      expect(resent.status).toBe(202)
      await expect.poll(() => sentLines('resend-req-4').map((line) => line.email)).toEqual([detail.emails[0]!.id])
    } finally {
      await service.close()
    }
  })

  it("stamps each email a request queues with that request's id: a message, a booking, the admin's move, the visitor's cancel by link, Closed", async () => {
    const { http, store } = await testApp()
    const bearer = adminHeader
    const seen = new Set<string>()
    /** The emails about a record queued since the last look: their kinds, and the requests that queued them. */
    const queuedSince = async (collection: EmailRecord['about']['collection'], id: string) => {
      const fresh = (await store.emailsAbout(collection, id)).filter((email) => !seen.has(email.id))
      for (const email of fresh) seen.add(email.id)
      return { kinds: fresh.map((email) => email.kind), by: new Set(fresh.map((email) => email.queuedByRequest)) }
    }

    const contact = await http.post('/api/contact').set('X-Request-Id', 'contact-req-1').send(validContact()).expect(201)
    expect(await queuedSince('contacts', contact.body.id)).toEqual({
      kinds: expect.arrayContaining(['contact-notification', 'contact-acknowledgement']),
      by: new Set(['contact-req-1']),
    })

    const booking = await http.post('/api/consultation').set('X-Request-Id', 'booking-req-2').send(validConsultation()).expect(201)
    const requestId = booking.body.id as string
    expect(await queuedSince('consultations', requestId)).toEqual({
      kinds: expect.arrayContaining(['consultation-notification', 'consultation-confirmation']),
      by: new Set(['booking-req-2']),
    })

    // No X-Request-Id given: the emails carry the one the service made and answered.
    const { meeting } = (await store.find('consultations', requestId))!
    const days = (await http.get(`/api/admin/meetings/${meeting!.id}/starts`).set(bearer).expect(200)).body.days as Array<{ starts: Array<{ start: string }> }>
    const moved = await http.post(`/api/admin/meetings/${meeting!.id}/move`).set(bearer).send({ start: days[0]!.starts[0]!.start }).expect(200)
    expect(await queuedSince('consultations', requestId)).toEqual({
      kinds: expect.arrayContaining(['meeting-update', 'meeting-notice']),
      by: new Set([moved.headers['x-request-id']]),
    })

    const token = meetingToken(unsubscribeSecret, 'cancel', (await store.meeting(meeting!.id))!.meeting)
    await http.post('/api/meeting/cancel').set('X-Request-Id', 'visitor-cancel-req-4').send({ token }).expect(200)
    expect(await queuedSince('consultations', requestId)).toEqual({
      kinds: ['meeting-cancellation', 'meeting-notice'],
      by: new Set(['visitor-cancel-req-4']),
    })

    // Closed with its meeting: the cancellation's emails are the status change's.
    const closing = await http
      .post('/api/consultation')
      .send(validConsultation({ email: 'closed-lead@example.com' }))
      .expect(201)
    await queuedSince('consultations', closing.body.id)
    await http
      .patch(`/api/admin/consultations/${closing.body.id}`)
      .set(bearer)
      .set('X-Request-Id', 'closed-req-5')
      .send({ status: 'closed', cancelMeeting: true })
      .expect(200)
    expect(await queuedSince('consultations', closing.body.id)).toEqual({
      kinds: ['meeting-cancellation', 'meeting-notice'],
      by: new Set(['closed-req-5']),
    })
  })
})
