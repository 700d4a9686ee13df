import { describe, expect, it } from 'vitest'
import { adminPassword, testApp, validContact } from './helpers.js'

describe('honeypot (_gotcha)', () => {
  it('answers a filled honeypot 201 like a success and stores nothing', async () => {
    const { http } = await testApp()
    const res = await http.post('/api/newsletter-subscription').send({ email: 'bot@example.com', _gotcha: 'http://spam' }).expect(201)
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/)
    await http
      .post('/api/contact')
      .send({ ...validContact(), _gotcha: 'x', phone: 'junk' })
      .expect(201)
    const list = await http.get('/api/admin/newsletter-subscribers').set('Authorization', `Bearer ${adminPassword}`).expect(200)
    expect(list.body).toEqual([])
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
