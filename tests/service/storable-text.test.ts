import { describe, expect, it } from 'vitest'
import { testApp, validConsultation, validContact, adminHeader } from './helpers.js'

// Text PostgreSQL cannot store (a NUL; a lone UTF-16 surrogate, which is no character at all) is refused
// by the form schemas, with the field's own message, so both stores answer alike: a 400 the visitor can
// act on, never a 201 on one store and a permanent 503 on the other. Runs on both stores (vitest.config.ts).
const unstorable = { nul: 'Ann\u0000Lee', 'lone high surrogate': 'Ann\ud800Lee', 'lone low surrogate': 'Ann\udc00Lee' }

// Each text field with the message its schema gives for characters it does not take.
const consultationFields: Record<string, string> = {
  businessName: 'Business name contains invisible or control characters',
  website: 'Website contains invisible or control characters',
  contactName: 'Contact name contains invisible or control characters',
  email: 'Email is invalid',
  phone: 'Phone number contains invisible or control characters',
  message: 'Message contains invisible or control characters',
}
const contactFields: Record<string, string> = {
  name: 'Name contains invisible or control characters',
  email: 'Email is invalid',
  phone: 'Please enter a valid phone number',
  business: 'Business name contains invisible or control characters',
  message: 'Message contains invisible or control characters',
}

describe('text a store cannot keep', () => {
  for (const [kind, value] of Object.entries(unstorable)) {
    it(`is refused in every consultation, contact and newsletter field (${kind}), and nothing is stored`, async () => {
      const { http, store } = await testApp()
      for (const [field, message] of Object.entries(consultationFields)) {
        const res = await http.post('/api/consultation').send(validConsultation({ [field]: field === 'email' ? `a${value}@example.com` : value }))
        expect([field, res.status, res.body.fields]).toEqual([field, 400, { [field]: message }])
      }
      for (const [field, message] of Object.entries(contactFields)) {
        const res = await http.post('/api/contact').send(validContact({ [field]: field === 'email' ? `a${value}@example.com` : value }))
        expect([field, res.status, res.body.fields]).toEqual([field, 400, { [field]: message }])
      }
      const newsletter = await http.post('/api/newsletter-subscription').send({ email: `a${value}@example.com` })
      expect([newsletter.status, newsletter.body.fields]).toEqual([400, { email: 'Email is invalid' }])
      expect((await store.list('consultations', { offset: 0, limit: 10 })).total).toBe(0)
      expect((await store.list('contacts', { offset: 0, limit: 10 })).total).toBe(0)
      expect(await store.subscribers()).toEqual([])
    })
  }

  it('is refused in an admin note, and the record keeps its note', async () => {
    const { http } = await testApp()
    const { body } = await http.post('/api/contact').send(validContact()).expect(201)
    for (const value of Object.values(unstorable)) {
      const res = await http.patch(`/api/admin/messages/${body.id}`).set(adminHeader).send({ note: value })
      expect([res.status, res.body.fields]).toEqual([400, { note: 'Note contains characters that cannot be stored' }])
    }
    expect((await http.get(`/api/admin/messages/${body.id}`).set(adminHeader).expect(200)).body.note ?? '').toBe('')
  })

  it('in an admin search or a record id is a 400 or a 404, never a 500', async () => {
    const { http } = await testApp()
    await http.post('/api/contact').send(validContact()).expect(201)
    for (const list of ['consultations', 'messages']) {
      const res = await http.get(`/api/admin/${list}?q=%00`).set(adminHeader)
      expect([res.status, res.body]).toEqual([400, { error: 'Invalid query', fields: { q: 'q contains characters that cannot be searched' } }])
      expect((await http.get(`/api/admin/${list}/a%00b`).set(adminHeader)).status).toBe(404)
    }
  })
})
