import { describe, expect, it } from 'vitest'
import { blockTooWideMessage } from '../../contract/wire/blockList.js'
import { adminPassword, spreadConsultation, testApp, validContact } from './helpers.js'

// The admin's block list (forms-service/middleware/blockedSender.ts): a blocked email or client address
// is answered as the honeypot answers, with nothing stored.

const bearer = `Bearer ${adminPassword}`
type Http = Awaited<ReturnType<typeof testApp>>['http']

const block = (http: Http, body: object) => http.post('/api/admin/blocked').set('Authorization', bearer).send(body)
const blocked = async (http: Http) => (await http.get('/api/admin/blocked').set('Authorization', bearer).expect(200)).body as Array<Record<string, string>>
const total = async (http: Http, inbox: 'consultations' | 'messages') =>
  ((await http.get(`/api/admin/${inbox}?status=new`).set('Authorization', bearer).expect(200)).body as { total: number }).total

describe('the block list', () => {
  it('answers a blocked address booking as a success and stores nothing; once removed, it books again', async () => {
    const { http, store } = await testApp()
    const added = await block(http, { kind: 'email', values: ['Pest.Person+ads@GoogleMail.com'], reason: 'Booked out a week' }).expect(201)
    const [entry] = added.body as Array<Record<string, string>>
    // Kept as one person's address (contract/booking/person.ts), with who, when and why.
    expect(entry).toMatchObject({ kind: 'email', value: 'pestperson@gmail.com', reason: 'Booked out a week', by: 'admin' })
    expect(Number.isNaN(Date.parse(entry!.createdAt!))).toBe(false)
    expect(await blocked(http)).toEqual([entry])

    for (const email of ['pestperson@gmail.com', 'Pest.Person@gmail.com', 'pest.person+x@googlemail.com']) {
      const answer = await http.post('/api/consultation').send(spreadConsultation(0, { email })).expect(201)
      expect(answer.body).toEqual({ id: expect.any(String) })
    }
    await http
      .post('/api/contact')
      .send(validContact({ email: 'pestperson@gmail.com' }))
      .expect(201)
    await http.post('/api/newsletter-subscription').send({ email: 'pest.person@gmail.com' }).expect(201)
    // An invalid form from it is answered the same: it learns nothing of the rules either.
    await http.post('/api/contact').send({ email: 'pestperson@gmail.com' }).expect(201)
    expect(await total(http, 'consultations')).toBe(0)
    expect(await total(http, 'messages')).toBe(0)
    expect(await store.subscribers()).toEqual([])
    expect((await store.listEmails({ offset: 0, limit: 10 })).total).toBe(0)

    // Someone else books as ever.
    await http.post('/api/consultation').send(spreadConsultation(1)).expect(201)
    expect(await total(http, 'consultations')).toBe(1)

    await http.delete(`/api/admin/blocked/${entry!.id}`).set('Authorization', bearer).expect(204)
    await http.delete(`/api/admin/blocked/${entry!.id}`).set('Authorization', bearer).expect(404)
    expect(await blocked(http)).toEqual([])
    const booked = await http
      .post('/api/consultation')
      .send(spreadConsultation(2, { email: 'Pest.Person@gmail.com' }))
      .expect(201)
    expect(booked.body.meeting).toBeDefined()
    expect(await total(http, 'consultations')).toBe(2)
  })

  it('blocks a client address, exactly or by range, as the trusted proxy reports it', async () => {
    const { http } = await testApp({ trustProxy: 1 })
    await block(http, { kind: 'client', values: ['203.0.113.0/24', '2001:db8::7'] }).expect(201)
    const from = (ip: string) => http.post('/api/contact').set('X-Forwarded-For', ip).send(validContact())
    for (const ip of ['203.0.113.9', '203.0.113.250', '2001:db8::7']) await from(ip).expect(201)
    expect(await total(http, 'messages')).toBe(0)
    await from('203.0.114.1').expect(201)
    await from('2001:db8::8').expect(201)
    expect(await total(http, 'messages')).toBe(2)
  })

  it('refuses what is no address, keeps one entry per address, and is the admin’s only', async () => {
    const { http } = await testApp()
    expect((await block(http, { kind: 'email', values: ['not an address'] }).expect(400)).body.fields).toEqual({
      values: 'Enter an email address like name@example.com',
    })
    for (const value of ['203.0.113.0/33', '300.1.1.1', 'example.com'])
      expect((await block(http, { kind: 'client', values: [value] }).expect(400)).body.fields).toHaveProperty('values')
    await block(http, { kind: 'robot', values: ['a@example.com'] }).expect(400)

    const first = (await block(http, { kind: 'email', values: ['ann@example.com'], reason: 'first' }).expect(201)).body
    const again = (await block(http, { kind: 'email', values: ['ANN@example.com', 'bob@example.com'], reason: 'second' }).expect(201)).body
    expect(again[0]).toEqual(first[0])
    expect((await blocked(http)).map((entry) => [entry.value, entry.reason])).toEqual([
      ['ann@example.com', 'first'],
      ['bob@example.com', 'second'],
    ])

    await http.get('/api/admin/blocked').expect(401)
    await http
      .post('/api/admin/blocked')
      .send({ kind: 'email', values: ['eve@example.com'] })
      .expect(401)
  })

  it('refuses a range wider than one network, by the admin too, and saying so: a typo cannot swallow every visitor', async () => {
    const { http } = await testApp({ trustProxy: 1 })
    for (const value of ['0.0.0.0/0', '203.0.113.0/1', '10.0.0.0/8', '2001:db8::/32']) {
      expect((await block(http, { kind: 'client', values: ['198.51.100.7', value] }).expect(400)).body.fields).toEqual({ values: blockTooWideMessage })
    }
    expect(await blocked(http)).toEqual([])
    await http.post('/api/contact').set('X-Forwarded-For', '203.0.113.5').send(validContact()).expect(201)
    expect(await total(http, 'messages')).toBe(1)
    await block(http, { kind: 'client', values: ['203.0.113.0/24', '2001:db8:1:200::/56'] }).expect(201)
  })

  it('is changed by an API token only with the block scope: a read token gets 403 and drops nothing', async () => {
    const { http } = await testApp()
    const tokenWith = async (scopes: string[]) =>
      `Bearer ${
        (
          await http
            .post('/api/admin/api-tokens')
            .set('Authorization', bearer)
            .send({ name: scopes.join(' '), scopes })
            .expect(201)
        ).body.token
      }`
    const reader = await tokenWith(['read', 'write'])
    const refused = await http
      .post('/api/admin/blocked')
      .set('Authorization', reader)
      .send({ kind: 'client', values: ['0.0.0.0/0'] })
      .expect(403)
    expect(refused.body.error).toMatch(/does not have the block scope/)
    expect(await blocked(http)).toEqual([])
    await http.post('/api/contact').send(validContact()).expect(201)
    expect(await total(http, 'messages')).toBe(1)

    const blocker = await tokenWith(['block'])
    const [entry] = (
      await http
        .post('/api/admin/blocked')
        .set('Authorization', blocker)
        .send({ kind: 'email', values: ['pest@example.com'] })
        .expect(201)
    ).body
    expect(entry).toMatchObject({ value: 'pest@example.com', by: 'token' })
    await http.delete(`/api/admin/blocked/${entry.id}`).set('Authorization', reader).expect(403)
    await http.delete(`/api/admin/blocked/${entry.id}`).set('Authorization', blocker).expect(204)
  })

  it('is part of the export, and an import brings it back', async () => {
    const { http, store } = await testApp()
    await block(http, { kind: 'email', values: ['eve@example.com'], reason: 'spam' }).expect(201)
    await block(http, { kind: 'client', values: ['198.51.100.0/24'] }).expect(201)
    const data = await store.exportData()
    expect(data.blocked.map((entry) => entry.value)).toEqual(['eve@example.com', '198.51.100.0/24'])

    const other = await testApp()
    await other.store.importData(data)
    expect(await blocked(other.http)).toEqual(await blocked(http))
    await other.http
      .post('/api/contact')
      .send(validContact({ email: 'eve@example.com' }))
      .expect(201)
    expect(await total(other.http, 'messages')).toBe(0)
  })
})
