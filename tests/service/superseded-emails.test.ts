import { describe, expect, it } from 'vitest'
import { testApp, validConsultation, adminHeader, clockAt } from './helpers.js'

describe('an email about a meeting changed since (both stores)', () => {
  it('is not offered again: the outbox and the record say why in a whole sentence, and Resend is refused with it', async () => {
    // Thursday, October 29, 2026, 10:00 CDT; the meeting is on Monday, after the clocks went back.
    const clock = clockAt('2026-10-29T15:00:00Z')
    const { now } = clock
    const { http } = await testApp({}, { now }, { now })
    const id = (
      await http
        .post('/api/consultation')
        .send(validConsultation({ date: '2026-11-02', timeSlot: 'morning' }))
        .expect(201)
    ).body.id
    const [meeting] = (await http.get('/api/admin/meetings?from=2026-11-02&days=1').set(adminHeader).expect(200)).body.meetings
    // Moved (an update to the visitor is queued), then cancelled.
    await http.post(`/api/admin/meetings/${meeting.id}/move`).set(adminHeader).send({ start: '2026-11-02T16:00:00.000Z' }).expect(200)
    const outbox = async () =>
      (await http.get('/api/admin/outbox?limit=200').set(adminHeader).expect(200)).body.items as Array<{ id: string; kind: string; superseded?: string }>
    const update = (await outbox()).find((email) => email.kind === 'meeting-update')!
    expect(update.superseded).toBeUndefined()
    await http.post(`/api/admin/meetings/${meeting.id}/cancel`).set(adminHeader).send({}).expect(200)

    const why = 'Not sent: the meeting was cancelled after this email was queued'
    expect((await outbox()).find((email) => email.id === update.id)!.superseded).toBe(why)
    const record = (await http.get(`/api/admin/consultations/${id}`).set(adminHeader).expect(200)).body
    const kinds = Object.fromEntries(record.emails.map((email: { kind: string; superseded?: string }) => [email.kind, email.superseded]))
    expect(kinds['meeting-update']).toBe(why)
    // The cancellation itself and the first emails may be sent again.
    expect(kinds['meeting-cancellation']).toBeUndefined()
    expect(kinds['consultation-confirmation']).toBeUndefined()
    const refused = await http.post(`/api/admin/emails/${update.id}/resend`).set(adminHeader).send({}).expect(409)
    expect(refused.body.error).toBe(why)
    const confirmation = record.emails.find((email: { kind: string }) => email.kind === 'consultation-confirmation')
    await http.post(`/api/admin/emails/${confirmation.id}/resend`).set(adminHeader).send({}).expect(202)
  })
})
