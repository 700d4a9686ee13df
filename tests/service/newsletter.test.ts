import { describe, expect, it } from 'vitest'
import { testApp, adminHeader } from './helpers.js'

const list = (http: Awaited<ReturnType<typeof testApp>>['http']) => http.get('/api/admin/newsletter-subscribers').set(adminHeader).expect(200)

describe('POST /api/newsletter-subscription', () => {
  it('requires an email that looks like one', async () => {
    const { http } = await testApp()
    expect((await http.post('/api/newsletter-subscription').send({}).expect(400)).body).toEqual({
      error: 'Validation failed',
      fields: { email: 'Email is required' },
    })
    expect((await http.post('/api/newsletter-subscription').send({ email: '  ' }).expect(400)).body.fields).toEqual({ email: 'Email is required' })
    expect((await http.post('/api/newsletter-subscription').send({ email: 'nope' }).expect(400)).body.fields).toEqual({ email: 'Email is invalid' })
  })

  it('refuses addresses no mail server takes: a list, a display name, quotes or brackets', async () => {
    const { http } = await testApp()
    for (const email of [
      'a@x.co,b@evil.example',
      'a@x.co;b@evil.example',
      'a<b@evil.example>',
      'Ann <ann@example.com>',
      '"a"@example.com',
      'a@[127.0.0.1]',
      'a@@example.com',
      'a@b@example.com',
      'a(b)@example.com',
      'a\\b@example.com',
    ]) {
      const res = await http.post('/api/newsletter-subscription').send({ email })
      expect([email, res.status, res.body.fields]).toEqual([email, 400, { email: 'Email is invalid' }])
    }
    // What people really type still passes.
    for (const email of ['ann.lee+news@bakery.example.com', "o'brien@example.co.uk", ' ANN@Example.com ']) {
      expect([email, (await http.post('/api/newsletter-subscription').send({ email })).status]).toEqual([email, 201])
    }
    expect((await list(http)).body.map((s: { email: string }) => s.email)).toEqual([
      'ann.lee+news@bakery.example.com',
      "o'brien@example.co.uk",
      'ANN@Example.com',
    ])
  })

  it('trims the address and lists subscribers oldest first with id, email and subscribedAt', async () => {
    const { http } = await testApp()
    await http.post('/api/newsletter-subscription').send({ email: '  first@example.com ' }).expect(201)
    await http.post('/api/newsletter-subscription').send({ email: 'second@example.com' }).expect(201)
    const { body } = await list(http)
    expect(body.map((s: { email: string }) => s.email)).toEqual(['first@example.com', 'second@example.com'])
    expect(Object.keys(body[0]).sort()).toEqual(['email', 'id', 'subscribedAt'])
    expect(new Date(body[0].subscribedAt).toISOString()).toBe(body[0].subscribedAt)
  })

  it('does not add a second record for the same address in another case, and answers the same way', async () => {
    const { http } = await testApp()
    const first = await http.post('/api/newsletter-subscription').send({ email: 'Ann@Example.com' }).expect(201)
    const again = await http.post('/api/newsletter-subscription').send({ email: ' ann@example.COM' }).expect(201)
    expect(Object.keys(again.body)).toEqual(Object.keys(first.body))
    expect(again.headers['content-length']).toBe(first.headers['content-length'])
    const { body } = await list(http)
    expect(body).toHaveLength(1)
    expect(body[0].email).toBe('Ann@Example.com')
  })

  it('drops unknown fields by rejecting them, storing nothing', async () => {
    const { http } = await testApp()
    const res = await http.post('/api/newsletter-subscription').send({ email: 'a@example.com', id: 'mine', subscribedAt: '2000-01-01' }).expect(400)
    expect(res.body.fields).toEqual({ id: 'Unknown field', subscribedAt: 'Unknown field' })
    expect((await list(http)).body).toEqual([])
  })

  it('never takes an id or timestamp from the client', async () => {
    const { http } = await testApp()
    const res = await http.post('/api/newsletter-subscription').send({ email: 'a@example.com' }).expect(201)
    const [subscriber] = (await list(http)).body
    expect(subscriber.id).toBe(res.body.id)
    expect(Math.abs(Date.parse(subscriber.subscribedAt) - Date.now())).toBeLessThan(60_000)
  })
})
