import { describe, expect, it } from 'vitest'
import type { Availability } from '../../contract/wire/meetingApi.js'
import { testApp, validConsultation, validContact, adminHeader } from './helpers.js'

describe('honeypot (_gotcha)', () => {
  it('answers a filled honeypot 201 like a success and stores nothing', async () => {
    const { http } = await testApp()
    const res = await http.post('/api/newsletter-subscription').send({ email: 'bot@example.com', _gotcha: 'http://spam' }).expect(201)
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/)
    await http
      .post('/api/contact')
      .send({ ...validContact(), _gotcha: 'x', phone: 'junk' })
      .expect(201)
    const list = await http.get('/api/admin/newsletter-subscribers').set(adminHeader).expect(200)
    expect(list.body).toEqual([])
  })

  it('answers a bot booking like a person, with a meeting, and holds nothing: no record, no meeting, no email (JSON and HTML form)', async () => {
    const { http, store } = await testApp()
    const before = (await http.get('/api/availability').expect(200)).body as Availability
    const bot = validConsultation({ _gotcha: 'https://spam.example' })
    const answer = await http.post('/api/consultation').send(bot).expect(201)
    expect(answer.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), meeting: { start: expect.any(String), end: expect.any(String) } })
    const day = before.days.find((candidate) => candidate.date === bot.date)!
    expect(answer.body.meeting.start).toBe(day.starts.find((free) => free.window === bot.timeSlot)!.start)
    const form = new URLSearchParams(bot as Record<string, string>).toString()
    const html = await http.post('/api/consultation').set('Content-Type', 'application/x-www-form-urlencoded').send(form).expect(303)
    expect(html.headers.location).toBe('/thank-you/consultation/')
    await http
      .post('/api/contact')
      .send(validContact({ _gotcha: 'x' }))
      .expect(201)

    expect((await http.get('/api/availability').expect(200)).body).toEqual(before)
    expect((await http.get('/api/admin/consultations').set(adminHeader).expect(200)).body.total).toBe(0)
    expect((await http.get('/api/admin/messages').set(adminHeader).expect(200)).body.total).toBe(0)
    expect((await http.get('/api/admin/summary').set(adminHeader).expect(200)).body.consultations).toMatchObject({ new: 0, spam: 0, total: 0 })
    expect((await store.listEmails({ offset: 0, limit: 10 })).total).toBe(0)
    const from = new Date(Date.now() - 86_400_000).toISOString()
    expect(await store.meetingsBetween(from, new Date(Date.now() + 60 * 86_400_000).toISOString())).toEqual([])
    // A person then gets the start the bot was told.
    const person = await http
      .post('/api/consultation')
      .send(validConsultation({ email: 'person@example.com' }))
      .expect(201)
    expect(person.body.meeting).toEqual(answer.body.meeting)
  })

  it('accepts an empty honeypot, as a real form sends it, and stores the record without it', async () => {
    const { http, store } = await testApp()
    await http.post('/api/newsletter-subscription').send({ email: 'person@example.com', _gotcha: '' }).expect(201)
    expect(await store.subscribers()).toEqual([expect.not.objectContaining({ _gotcha: expect.anything() })])
    expect(await store.subscribers()).toHaveLength(1)
  })
})

describe('honeypot outside the forms', () => {
  it('is just an unknown field on the admin sign-in', async () => {
    const { http } = await testApp()
    const res = await http.post('/api/admin/session').send({ password: 'whatever-it-is', _gotcha: 'x' }).expect(400)
    expect(res.body.fields).toEqual({ _gotcha: 'Unknown field' })
  })
})
