import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readExport, writeExport } from '../../forms-service/store/exportFile.js'
import { blockTooWideMessage } from '../../contract/wire/blockList.js'
import { adminPassword, spreadConsultation, testApp, validContact, clockAt } from './helpers.js'

// The admin's block list (forms-service/middleware/blockedSender.ts): a blocked email or client address
// is answered as the honeypot answers, with no email and no start held; its posts are kept aside, in no
// list or count, until the admin's Unblock gives one back.

const bearer = `Bearer ${adminPassword}`
type Http = Awaited<ReturnType<typeof testApp>>['http']

const block = (http: Http, body: object) => http.post('/api/admin/blocked').set('Authorization', bearer).send(body)
const blocked = async (http: Http) => (await http.get('/api/admin/blocked').set('Authorization', bearer).expect(200)).body as Array<Record<string, string>>
const total = async (http: Http, inbox: 'consultations' | 'messages') =>
  ((await http.get(`/api/admin/${inbox}?status=new`).set('Authorization', bearer).expect(200)).body as { total: number }).total

describe('the block list', () => {
  it('answers a blocked address booking as a success, holds no start and lists nothing; once removed, it books again', async () => {
    const { http, store } = await testApp()
    const added = await block(http, { kind: 'email', values: ['Pest.Person+ads@GoogleMail.com'], reason: 'Booked out a week' }).expect(201)
    const [entry] = added.body as Array<Record<string, string>>
    // Kept as one person's address (contract/booking/person.ts), with who, when and why.
    expect(entry).toMatchObject({ kind: 'email', value: 'pestperson@gmail.com', reason: 'Booked out a week', by: 'admin' })
    expect(Number.isNaN(Date.parse(entry!.createdAt!))).toBe(false)
    expect(await blocked(http)).toEqual([entry])

    for (const email of ['pestperson@gmail.com', 'Pest.Person@gmail.com', 'pest.person+x@googlemail.com']) {
      const answer = await http.post('/api/consultation').send(spreadConsultation(0, { email })).expect(201)
      // It reads like a booking, as a bot's honeypot answer does.
      expect(answer.body).toEqual({ id: expect.any(String), meeting: { start: expect.any(String), end: expect.any(String) } })
    }
    await http
      .post('/api/contact')
      .send(validContact({ email: 'pestperson@gmail.com' }))
      .expect(201)
    await http.post('/api/newsletter-subscription').send({ email: 'pest.person@gmail.com' }).expect(201)
    // An invalid form from it is refused as anyone's is: it is not kept, and learns nothing of the block.
    await http.post('/api/contact').send({ email: 'pestperson@gmail.com' }).expect(400)
    expect(await total(http, 'consultations')).toBe(0)
    expect(await total(http, 'messages')).toBe(0)
    expect(await store.subscribers()).toEqual([])
    expect((await store.listEmails({ offset: 0, limit: 10 })).total).toBe(0)
    expect((await store.meetingsBetween('2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z')).length).toBe(0)

    // Someone else books as ever: the start the blocked posts asked for is still free.
    await http.post('/api/consultation').send(spreadConsultation(0)).expect(201)
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

  it('keeps what it caught out of every list and count, shows it to the admin, and Unblock gives it back as it arrived', async () => {
    // The forms' dates are offered from today: the clock is today's, a second apart between posts.
    const started = Math.floor(Date.now() / 1000) * 1000
    const clock = clockAt(started)
    const { now } = clock
    const at = (seconds: number) => new Date(started + seconds * 1000)
    const { http, store } = await testApp({ trustProxy: 1 }, { now }, { now })
    await block(http, { kind: 'client', values: ['203.0.113.0/24'] }).expect(201)
    const [pest] = (await block(http, { kind: 'email', values: ['pest@example.com'] }).expect(201)).body as Array<{ id: string }>
    const from = (ip: string) => ({ 'X-Forwarded-For': ip })
    const request = spreadConsultation(0, { businessName: 'Caught Bakery', email: 'baker@example.com' })
    await http.post('/api/consultation').set(from('203.0.113.9')).send(request).expect(201)
    clock.set(at(1))
    await http
      .post('/api/contact')
      .set(from('198.51.100.1'))
      .send(validContact({ email: 'Pest@Example.com' }))
      .expect(201)
    clock.set(at(2))
    await http.post('/api/newsletter-subscription').set(from('203.0.113.10')).send({ email: 'reader@example.com' }).expect(201)

    // In no list, count or email.
    expect([await total(http, 'consultations'), await total(http, 'messages'), (await store.subscribers()).length]).toEqual([0, 0, 0])
    expect((await store.listEmails({ offset: 0, limit: 10 })).total).toBe(0)
    const summary = (await http.get('/api/admin/summary').set('Authorization', bearer).expect(200)).body
    expect(summary.consultations.total + summary.messages.total + summary.subscribers.total).toBe(0)
    expect(summary.blocked).toEqual({ thisWeek: 3, total: 3 })

    // The admin sees them, newest first, with what caught each (the entry stays named once it is removed).
    await http.delete(`/api/admin/blocked/${pest!.id}`).set('Authorization', bearer).expect(204)
    const page = (await http.get('/api/admin/blocked-posts?limit=2').set('Authorization', bearer).expect(200)).body
    expect(page).toMatchObject({ total: 3, offset: 0, limit: 2 })
    expect(page.items.map((post: { form: string }) => post.form)).toEqual(['newsletter', 'contact'])
    expect(page.items[1]).toMatchObject({ receivedAt: at(1).toISOString(), caughtBy: { kind: 'email', value: 'pest@example.com' } })
    const [caughtRequest] = (await http.get('/api/admin/blocked-posts?offset=2').set('Authorization', bearer).expect(200)).body.items
    expect(caughtRequest).toMatchObject({ form: 'consultation', caughtBy: { kind: 'client', value: '203.0.113.0/24' } })
    expect(caughtRequest.fields).toMatchObject({ businessName: 'Caught Bakery', email: 'baker@example.com', date: request.date })
    await http.get('/api/admin/blocked-posts?limit=0').set('Authorization', bearer).expect(400)

    // Unblock: the request is a new lead received when it arrived (without a meeting: its start was never held).
    const unblock = (id: string) => http.post(`/api/admin/blocked-posts/${id}/unblock`).set('Authorization', bearer).send({})
    expect((await unblock(caughtRequest.id).expect(200)).body).toEqual({ collection: 'consultations', id: caughtRequest.id })
    await unblock(caughtRequest.id).expect(404)
    const lead = (await http.get(`/api/admin/consultations/${caughtRequest.id}`).set('Authorization', bearer).expect(200)).body
    expect(lead).toMatchObject({ businessName: 'Caught Bakery', status: 'new', receivedAt: at(0).toISOString() })
    expect(lead.meeting).toBeUndefined()
    // The sign-up joins the subscribers; one of an address subscribed since is that subscription.
    const [caughtSignUp] = page.items
    await http.post('/api/newsletter-subscription').send({ email: 'READER@example.com' }).expect(201)
    const [subscriber] = await store.subscribers()
    expect((await unblock(caughtSignUp.id).expect(200)).body).toEqual({ collection: 'newsletterSubscribers', id: subscriber!.id })
    expect(await store.subscribers()).toHaveLength(1)
    expect((await unblock(page.items[1].id).expect(200)).body.collection).toBe('contacts')
    expect([await total(http, 'consultations'), await total(http, 'messages')]).toEqual([1, 1])
    expect((await http.get('/api/admin/summary').set('Authorization', bearer).expect(200)).body.blocked).toEqual({ thisWeek: 0, total: 0 })
    // A token needs the block scope to unblock, as to block.
    await http.post('/api/admin/blocked-posts/x/unblock').send({}).expect(401)
  })

  it('shows each request its network as a prefix, and blocks a burst’s networks for a time, the longer block winning', async () => {
    const started = Math.floor(Date.now() / 1000) * 1000
    const clock = clockAt(started)
    const { now } = clock
    const { http } = await testApp({ trustProxy: 1 }, { now }, { now })
    const booked = await http.post('/api/consultation').set('X-Forwarded-For', '203.0.113.77').send(spreadConsultation(0)).expect(201)
    const sixtyFour = await http.post('/api/consultation').set('X-Forwarded-For', '2001:db8:1:2::9').send(spreadConsultation(1)).expect(201)
    const networkOf = async (id: string) => (await http.get(`/api/admin/consultations/${id}`).set('Authorization', bearer).expect(200)).body.network
    expect([await networkOf(booked.body.id), await networkOf(sixtyFour.body.id)]).toEqual(['203.0.113.0/24', '2001:db8:1::/56'])
    // From the machine itself (a proxy whose visitors TRUST_PROXY does not name): no network to block, or one click would block everyone.
    const local = await http.post('/api/consultation').send(spreadConsultation(2)).expect(201)
    expect(await networkOf(local.body.id)).toBeUndefined()

    const [entry] = (await block(http, { kind: 'client', values: ['203.0.113.0/24'], days: 7, reason: 'burst' }).expect(201)).body
    expect(entry.expiresAt).toBe(new Date(started + 7 * 86_400_000).toISOString())
    await block(http, { kind: 'client', values: ['198.51.100.0/24'], days: 0 }).expect(400)
    const contact = () => http.post('/api/contact').set('X-Forwarded-For', '203.0.113.5').send(validContact())
    await contact().expect(201)
    expect(await total(http, 'messages')).toBe(0)
    // Added again for 1 day: the 7 days stay. Seven days later it is applied no more.
    expect((await block(http, { kind: 'client', values: ['203.0.113.0/24'], days: 1 }).expect(201)).body[0].expiresAt).toBe(entry.expiresAt)
    clock.set(started + 7 * 86_400_000)
    await contact().expect(201)
    expect(await total(http, 'messages')).toBe(1)
    // Blocked again until removed: that is the longer block, kept whatever is added after.
    expect((await block(http, { kind: 'client', values: ['203.0.113.0/24'] }).expect(201)).body[0]).not.toHaveProperty('expiresAt')
    expect((await block(http, { kind: 'client', values: ['203.0.113.0/24'], days: 3 }).expect(201)).body[0]).not.toHaveProperty('expiresAt')
    expect((await blocked(http)).map((one) => [one.id, one.expiresAt])).toEqual([[entry.id, undefined]])
  })

  it('keeps caught posts through an export and an import, and erases them with the old records', async () => {
    const { http, store } = await testApp()
    await block(http, { kind: 'email', values: ['eve@example.com'] }).expect(201)
    await http
      .post('/api/contact')
      .send(validContact({ email: 'eve@example.com' }))
      .expect(201)
    const data = await store.exportData()
    expect(data.blockedPosts).toHaveLength(1)
    // The export file is read back as the embedded store reads its data file, every record checked.
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'caught-')), 'export.json')
    await writeExport(file, data)
    expect((await readExport(file)).blockedPosts).toEqual(data.blockedPosts)
    const other = await testApp()
    await other.store.importData(data)
    expect((await other.store.blockedPosts({ offset: 0, limit: 10 })).items).toEqual(data.blockedPosts)
    expect(await other.store.eraseReceivedBefore(new Date(Date.now() + 1000).toISOString())).toBe(1)
    expect((await other.store.blockedPosts({ offset: 0, limit: 10 })).total).toBe(0)
  })

  it('blocks a client address, exactly or by range, as the trusted proxy reports it', async () => {
    const { http, store } = await testApp({ trustProxy: 1 })
    await block(http, { kind: 'client', values: ['203.0.113.0/24', '2001:db8::7'] }).expect(201)
    const from = (ip: string) => http.post('/api/contact').set('X-Forwarded-For', ip).send(validContact())
    for (const ip of ['203.0.113.9', '203.0.113.250', '2001:db8::7']) await from(ip).expect(201)
    expect(await total(http, 'messages')).toBe(0)
    expect((await store.blockedPosts({ offset: 0, limit: 10 })).total).toBe(3)
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
