import { describe, expect, it } from 'vitest'
import { testApp, validContact } from './helpers.js'

describe('POST /api/contact', () => {
  it('stores a valid message and answers 201 with an id', async () => {
    const { http, store } = await testApp()
    const res = await http.post('/api/contact').send(validContact()).expect(201)
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await store.find('contacts', res.body.id)).toMatchObject({ id: res.body.id, ...validContact() })
  })

  it('names every missing field with the form messages', async () => {
    const { http } = await testApp()
    const res = await http.post('/api/contact').send({ message: 'hi' }).expect(400)
    expect(res.body).toEqual({
      error: 'Validation failed',
      fields: {
        name: 'Name is required',
        email: 'Email is required',
        phone: 'Phone number is required',
        business: 'Business name is required',
        service: 'Please select a service',
      },
    })
  })

  it('accepts 10-digit US phone numbers with optional parentheses and separators, and an optional +1 or 1 first', async () => {
    const { http } = await testApp()
    const withCountryCode = ['+1 214 555 0199', '+12145550199', '+1 (214) 555-0199', '+1-214-555-0199', '1-214-555-0142', '1 214 555 0142', '1 (214) 555-0142']
    for (const phone of [
      '2145550142',
      '214-555-0142',
      '214.555.0142',
      '214 555 0142',
      '(214) 555-0142',
      '(214)555-0142',
      ' 214-555-0142 ',
      ...withCountryCode,
    ]) {
      await http.post('/api/contact').send(validContact({ phone })).expect(201)
    }
  })

  it('says "Please enter a valid phone number" for anything else', async () => {
    const { http } = await testApp()
    for (const phone of [
      '555-0142',
      '(214 555-0142',
      '214-555-01423',
      'call me',
      '214_555_0142',
      '+2 214 555 0142',
      '++1 214 555 0142',
      '+1',
      '12145550142',
      '+1 214 555 01423',
    ]) {
      const res = await http.post('/api/contact').send(validContact({ phone })).expect(400)
      expect(res.body.fields).toEqual({ phone: 'Please enter a valid phone number' })
    }
  })

  it('accepts only the contact service values', async () => {
    const { http } = await testApp()
    for (const service of ['website', 'app', 'digital-marketing', 'automation', 'ai-agents']) {
      await http.post('/api/contact').send(validContact({ service })).expect(201)
    }
    const res = await http
      .post('/api/contact')
      .send(validContact({ service: 'website-design', email: 'x@y' }))
      .expect(400)
    expect(res.body.fields).toEqual({ service: 'Please select a service', email: 'Email is invalid' })
  })
})
