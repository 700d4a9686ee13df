import { describe, expect, it } from 'vitest'
import { consultationDates } from '../../contract/booking/consultationDates.js'
import { everyConsultationFieldMissing } from '../specMessages.js'
import { testApp, validConsultation } from './helpers.js'
import { usWallClock } from '../usTime.js'

describe('POST /api/consultation', () => {
  it('stores a valid request and answers 201 with an id', async () => {
    const { http, store } = await testApp()
    const request = validConsultation()
    const res = await http.post('/api/consultation').send(request).expect(201)
    // The first start of an empty morning: 9:00 to 9:30 in Dallas.
    const nine = usWallClock(request.date, '09:00')
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      meeting: { start: new Date(nine).toISOString(), end: new Date(nine + 30 * 60_000).toISOString() },
    })
    expect(await store.find('consultations', res.body.id)).toMatchObject({ id: res.body.id, ...request, meeting: { ...res.body.meeting, state: 'booked' } })
  })

  it('names every missing field with the form messages', async () => {
    const { http } = await testApp()
    const res = await http.post('/api/consultation').send({}).expect(400)
    expect(res.body).toEqual({ error: 'Validation failed', fields: everyConsultationFieldMissing })
  })

  it('treats blank text and unset selects (empty strings) as missing', async () => {
    const { http } = await testApp()
    const blank = { businessName: '   ', contactName: '\t', email: ' ', phone: '', serviceInterest: '', date: '', timeSlot: '' }
    const res = await http.post('/api/consultation').send(validConsultation(blank)).expect(400)
    expect(res.body.fields).toEqual(everyConsultationFieldMissing)
  })

  it('says "Email is invalid" for an address without @ or dot', async () => {
    const { http } = await testApp()
    for (const email of ['ann', 'ann@bakery', 'ann bakery.com']) {
      const res = await http.post('/api/consultation').send(validConsultation({ email })).expect(400)
      expect(res.body.fields).toEqual({ email: 'Email is invalid' })
    }
  })

  it('accepts any non-blank phone (no format check) and leaves website and message optional', async () => {
    const { http } = await testApp()
    await http
      .post('/api/consultation')
      .send(validConsultation({ phone: 'call me maybe', website: undefined, message: undefined }))
      .expect(201)
    await http
      .post('/api/consultation')
      .send(validConsultation({ website: '', message: '' }))
      .expect(201)
  })

  it('accepts only the service values and time slots the form offers', async () => {
    const { http } = await testApp()
    for (const serviceInterest of ['website-design', 'app-design', 'digital-marketing', 'automation', 'ai-agents']) {
      await http.post('/api/consultation').send(validConsultation({ serviceInterest })).expect(201)
    }
    for (const timeSlot of ['morning', 'afternoon', 'evening']) {
      await http.post('/api/consultation').send(validConsultation({ timeSlot })).expect(201)
    }
    const res = await http
      .post('/api/consultation')
      .send(validConsultation({ serviceInterest: 'website', timeSlot: 'night' }))
      .expect(400)
    expect(res.body.fields).toEqual({ serviceInterest: 'Please select a service', timeSlot: 'Please select a time slot' })
  })

  it('accepts every offered date and rejects weekends, the past, far dates and impossible dates', async () => {
    const now = new Date('2025-06-04T15:00:00Z') // a Wednesday
    const { http } = await testApp({}, { now: () => now })
    for (const { value } of consultationDates(now)) {
      await http
        .post('/api/consultation')
        .send(validConsultation({ date: value }))
        .expect(201)
    }
    for (const date of ['2025-06-07', '2025-06-08', '2025-06-02', '2025-06-23', '2025-02-30', '2025-6-5', 'tomorrow']) {
      const res = await http.post('/api/consultation').send(validConsultation({ date })).expect(400)
      expect(res.body.fields).toEqual({ date: 'Please select a date' })
    }
  })

  it('keeps a day of slack either side for the visitor time zone', async () => {
    const now = new Date('2025-06-04T23:30:00Z') // already Thursday in Tokyo, still Wednesday in Dallas
    const { http } = await testApp({}, { now: () => now })
    // Wednesday: UTC today; its morning is over in Dallas, its evening is not.
    await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2025-06-04', timeSlot: 'evening' }))
      .expect(201)
    await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2025-06-19' }))
      .expect(201) // Thursday: UTC today + 15
    await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2025-06-03' }))
      .expect(400)
    await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2025-06-20' }))
      .expect(400)
  })

  it('caps every string with a maximum length', async () => {
    const { http } = await testApp()
    const long = (n: number) => 'x'.repeat(n)
    const res = await http
      .post('/api/consultation')
      .send(
        validConsultation({
          businessName: long(201),
          contactName: long(201),
          website: long(2001),
          phone: long(41),
          message: long(5001),
          email: `${long(250)}@a.co`,
        }),
      )
      .expect(400)
    expect(res.body.fields).toEqual({
      businessName: 'Business name must be at most 200 characters',
      contactName: 'Contact name must be at most 200 characters',
      website: 'Website must be at most 2000 characters',
      phone: 'Phone number must be at most 40 characters',
      message: 'Message must be at most 5000 characters',
      email: 'Email is invalid',
    })
  })
})
