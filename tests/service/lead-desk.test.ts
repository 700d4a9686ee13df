import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { Retention } from '../../forms-service/retention.js'
import { startService } from '../../forms-service/service.js'
import { startSmtp } from './smtp.js'
import { freshStore, json, offeredDates, silentLogger, testApp, testServiceOptions, validConsultation, validContact, adminHeader } from './helpers.js'

const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((item) => item.id)

/** An app whose clock (the store's `receivedAt` and the admin's "now") the test sets. */
async function clockedApp(start: string) {
  const clock = { now: new Date(start) }
  const now = () => clock.now
  const app = await testApp({}, { now }, { now })
  return { ...app, clock, set: (iso: string) => (clock.now = new Date(iso)) }
}

describe('the lead desk (both stores)', () => {
  it('searches ignoring case and accents, both ways', async () => {
    const { http } = await testApp()
    const post = async (contactName: string, businessName: string, email: string) =>
      (await http.post('/api/consultation').send(validConsultation({ contactName, businessName, email })).expect(201)).body.id as string
    const jose = await post('José Hernández', 'Taquería Ñandú', 'jose@example.com')
    const plain = await post('Jose Hernandez', 'Plain Tacos', 'jh@example.com')
    const other = await post('Ann Lee', 'Bluebonnet Bakery', 'ann@example.com')
    const found = async (q: string) =>
      ids(
        await http
          .get(`/api/admin/consultations?q=${encodeURIComponent(q)}`)
          .set(adminHeader)
          .expect(200),
      )
    expect(await found('hernandez')).toEqual([plain, jose])
    expect(await found('HERNÁNDEZ')).toEqual([plain, jose])
    expect(await found('nandu')).toEqual([jose])
    expect(await found('ÑANDÚ')).toEqual([jose])
    expect(await found('taqueria')).toEqual([jose])
    expect(await found('bakery')).toEqual([other])
    // The same text in the other normal form (a decomposed é typed on some keyboards) finds the same record.
    expect(await found('jose\u0301')).toEqual([plain, jose])
  })

  it('marks a lead overdue 24 elapsed hours after it arrived, across both daylight-saving changes', async () => {
    // Fall back: Saturday 10:00 CDT; on Sunday the clock shows 09:00 CST when 24 hours have passed.
    const fall = await clockedApp('2026-10-31T15:00:00Z')
    const late = (
      await fall.http
        .post('/api/contact')
        .send(validContact({ email: 'late@example.com' }))
        .expect(201)
    ).body.id
    const overdue = async (app: typeof fall) => {
      const list = (await app.http.get('/api/admin/messages').set(adminHeader).expect(200)).body.items as Array<{ id: string; overdue: boolean }>
      const summary = (await app.http.get('/api/admin/summary').set(adminHeader).expect(200)).body.messages.overdue
      return { flagged: list.filter((item) => item.overdue).map((item) => item.id), summary }
    }
    fall.set('2026-11-01T14:30:00Z') // 08:30 CST: 23.5 hours
    expect(await overdue(fall)).toEqual({ flagged: [], summary: 0 })
    fall.set('2026-11-01T15:00:00Z') // 09:00 CST: 24 hours, though the wall clock moved 23
    expect(await overdue(fall)).toEqual({ flagged: [late], summary: 1 })

    // Spring forward: Saturday 10:00 CST; on Sunday 10:30 CDT only 23.5 hours have passed.
    const spring = await clockedApp('2026-03-07T16:00:00Z')
    const lead = (
      await spring.http
        .post('/api/contact')
        .send(validContact({ email: 'spring@example.com' }))
        .expect(201)
    ).body.id
    spring.set('2026-03-08T15:30:00Z')
    expect(await overdue(spring)).toEqual({ flagged: [], summary: 0 })
    spring.set('2026-03-08T16:00:00Z')
    expect(await overdue(spring)).toEqual({ flagged: [lead], summary: 1 })
    // A status other than New is never overdue.
    await spring.http.patch(`/api/admin/messages/${lead}`).set(adminHeader).send({ status: 'contacted' }).expect(200)
    expect(await overdue(spring)).toEqual({ flagged: [], summary: 0 })
  })

  it('sorts overdue leads to the top, and requests by requested date', async () => {
    const app = await clockedApp('2026-11-20T15:00:00Z')
    const post = async (email: string) => (await app.http.post('/api/contact').send(validContact({ email })).expect(201)).body.id as string
    const handled = await post('handled@example.com')
    app.set('2026-11-20T16:00:00Z')
    const waiting = await post('waiting@example.com')
    await app.http.patch(`/api/admin/messages/${handled}`).set(adminHeader).send({ status: 'contacted' }).expect(200)
    app.set('2026-11-21T18:00:00Z')
    const fresh = await post('fresh@example.com')
    expect(ids(await app.http.get('/api/admin/messages').set(adminHeader).expect(200))).toEqual([fresh, waiting, handled])
    expect(ids(await app.http.get('/api/admin/messages?sort=overdue').set(adminHeader).expect(200))).toEqual([waiting, fresh, handled])

    const { http } = await testApp()
    const request = async (date: string) => (await http.post('/api/consultation').send(validConsultation({ date })).expect(201)).body.id as string
    const [soonest, next] = offeredDates()
    const first = await request(soonest!)
    const later = await request(next!)
    const sameDay = await request(soonest!)
    expect(ids(await http.get('/api/admin/consultations?sort=requested').set(adminHeader).expect(200))).toEqual([sameDay, first, later])
    expect(ids(await http.get('/api/admin/consultations?sort=received').set(adminHeader).expect(200))).toEqual([sameDay, later, first])
  })

  it('sets a status on several leads, or deletes them, in one request; bad requests change nothing', async () => {
    const { http } = await testApp()
    const post = async (email: string) => (await http.post('/api/contact').send(validContact({ email })).expect(201)).body.id as string
    const [a, b, c] = [await post('a@example.com'), await post('b@example.com'), await post('c@example.com')]
    const bulk = (body: unknown) =>
      http
        .post('/api/admin/messages/bulk')
        .set(adminHeader)
        .send(body as object)
    await http
      .post('/api/admin/messages/bulk')
      .send({ ids: [a], status: 'closed' })
      .expect(401)
    for (const body of [
      { ids: [], status: 'closed' },
      { ids: [a] },
      { ids: [a], status: 'done' },
      { ids: [a], status: 'closed', delete: true },
      { ids: [a, a], status: 'closed' },
      { ids: [a], delete: false },
      { ids: 'x', status: 'closed' },
    ])
      expect((await bulk(body)).status, JSON.stringify(body)).toBe(400)
    expect((await bulk({ ids: Array.from({ length: 201 }, (_, i) => `id-${i}`), status: 'closed' })).status).toBe(400)
    const statuses = async () =>
      Object.fromEntries(
        ((await http.get('/api/admin/messages').set(adminHeader)).body.items as Array<{ id: string; status: string }>).map((item) => [item.id, item.status]),
      )
    expect(await statuses()).toEqual({ [a]: 'new', [b]: 'new', [c]: 'new' })
    expect((await bulk({ ids: [a, c], status: 'contacted' }).expect(200)).body).toEqual({ changed: 2 })
    expect(await statuses()).toEqual({ [a]: 'contacted', [b]: 'new', [c]: 'contacted' })
    expect((await bulk({ ids: [b, c, 'no-such-id'], delete: true }).expect(200)).body).toEqual({ changed: 2 })
    expect(await statuses()).toEqual({ [a]: 'contacted' })
  })

  it("shows the same address's other requests, messages and subscription, newest first, in any letter case", async () => {
    const { http } = await testApp()
    const first = (
      await http
        .post('/api/consultation')
        .send(validConsultation({ email: 'Ann@Bakery.example.com' }))
        .expect(201)
    ).body.id
    const message = (
      await http
        .post('/api/contact')
        .send(validContact({ email: 'ANN@bakery.example.com' }))
        .expect(201)
    ).body.id
    const second = (
      await http
        .post('/api/consultation')
        .send(validConsultation({ email: 'ann@bakery.example.com' }))
        .expect(201)
    ).body.id
    await http
      .post('/api/consultation')
      .send(validConsultation({ email: 'someone@else.example.com' }))
      .expect(201)
    const subscriber = (await http.post('/api/newsletter-subscription').send({ email: 'ann@BAKERY.example.com' }).expect(201)).body.id
    const latest = (
      await http
        .post('/api/consultation')
        .send(validConsultation({ email: 'ann@bakery.example.com' }))
        .expect(201)
    ).body.id
    const detail = (await http.get(`/api/admin/consultations/${latest}`).set(adminHeader).expect(200)).body.related
    expect(detail.consultations.map((item: { id: string }) => item.id)).toEqual([second, first])
    expect(detail.messages.map((item: { id: string }) => item.id)).toEqual([message])
    expect(detail.subscriber.id).toBe(subscriber)
    const fromMessage = (await http.get(`/api/admin/messages/${message}`).set(adminHeader).expect(200)).body.related
    expect(fromMessage.consultations.map((item: { id: string }) => item.id)).toEqual([latest, second, first])
    expect(fromMessage.messages).toEqual([])
    await http.delete(`/api/admin/newsletter-subscribers/${subscriber}`).set(adminHeader).expect(204)
    expect((await http.get(`/api/admin/messages/${message}`).set(adminHeader).expect(200)).body.related.subscriber).toBeNull()
  })

  it('keeps a form sent too fast, or a message mostly of links, as a New lead marked suspected: in lists and counts, the agency told, one click for Not spam or Spam', async () => {
    const { http, store } = await testApp()
    const post = async (body: Record<string, unknown>) => (await http.post('/api/contact').send(validContact(body)).expect(201)).body.id as string
    const fast = await post({ email: 'bot@example.com', _elapsedMs: 900 })
    const links = await post({ email: 'links@example.com', message: 'Cheap https://a.example/x https://b.example/y www.c.example/z now' })
    const person = await post({ email: 'person@example.com', _elapsedMs: 45_000, message: 'See our menu at https://bakery.example.com, we need a new site.' })
    const noScript = await post({ email: 'nojs@example.com' })
    expect((await http.post('/api/contact').send(validContact({ _elapsedMs: 'soon' }))).status).toBe(400)
    expect((await http.post('/api/contact').send(validContact({ _elapsedMs: -1 }))).status).toBe(400)

    expect(ids(await http.get('/api/admin/messages').set(adminHeader).expect(200))).toEqual([noScript, person, links, fast])
    expect(ids(await http.get('/api/admin/messages?status=spam').set(adminHeader).expect(200))).toEqual([])
    expect((await http.get('/api/admin/summary').set(adminHeader).expect(200)).body.messages).toEqual({ new: 4, overdue: 0, spam: 0, total: 4 })
    const kinds = async (id: string) => (await store.emailsAbout('contacts', id)).map((email) => email.kind)
    expect(await kinds(fast)).toEqual(['contact-notification', 'contact-acknowledgement'])
    expect(await kinds(links)).toEqual(['contact-notification', 'contact-acknowledgement'])
    const record = async (id: string) => (await http.get(`/api/admin/messages/${id}`).set(adminHeader).expect(200)).body
    expect(await record(fast)).toMatchObject({ status: 'new', suspicion: 'fast' })
    expect(await record(links)).toMatchObject({ status: 'new', suspicion: 'links' })
    expect((await record(person)).suspicion).toBeUndefined()
    // Not spam clears the mark; Spam files it under Spam, out of the leads.
    expect((await http.patch(`/api/admin/messages/${fast}`).set(adminHeader).send({ suspicion: null }).expect(200)).body).toMatchObject({
      status: 'new',
      suspicion: null,
    })
    expect((await record(fast)).suspicion).toBeNull()
    await http.patch(`/api/admin/messages/${links}`).set(adminHeader).send({ status: 'spam' }).expect(200)
    expect(ids(await http.get('/api/admin/messages').set(adminHeader).expect(200))).toEqual([noScript, person, fast])
    expect(ids(await http.get('/api/admin/messages?status=spam').set(adminHeader).expect(200))).toEqual([links])
    expect((await http.patch(`/api/admin/messages/${fast}`).set(adminHeader).send({ suspicion: 'fast' })).status).toBe(400)
  })

  it('erases requests and messages received before the retention period, with their emails, and nothing newer', async () => {
    // 06:00 CST on 25 November 2026; 24 months earlier is 06:00 CST on 25 November 2024, 12:00 UTC.
    const app = await clockedApp('2024-11-25T11:59:00Z')
    const old = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'old@example.com' }))
        .expect(201)
    ).body.id
    app.set('2024-11-25T12:00:00Z')
    const edge = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'edge@example.com' }))
        .expect(201)
    ).body.id
    app.set('2026-11-25T12:00:00Z')
    const recent = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'recent@example.com' }))
        .expect(201)
    ).body.id
    const subscriber = (await app.http.post('/api/newsletter-subscription').send({ email: 'old@example.com' }).expect(201)).body.id
    expect(await app.store.emailsAbout('contacts', old)).toHaveLength(2)
    const retention = new Retention(app.store, 24, () => app.clock.now, silentLogger)
    expect(await retention.run()).toBe(1)
    expect(ids(await app.http.get('/api/admin/messages').set(adminHeader).expect(200))).toEqual([recent, edge])
    expect(await app.store.find('contacts', old)).toBeUndefined()
    expect(await app.store.emailsAbout('contacts', old)).toEqual([])
    expect(await app.store.emailsAbout('contacts', edge)).toHaveLength(2)
    expect(await app.store.find('newsletterSubscribers', subscriber)).toBeDefined()
    expect(await retention.run()).toBe(0)
    expect(retention.summary()).toMatchObject({ months: 24, erased: 0, before: '2024-11-25T12:00:00.000Z' })
  })

  it('exports CSV a spreadsheet reads: byte-order mark, Dallas times as dates, statuses as the screen says them', async () => {
    const app = await clockedApp('2026-07-04T15:05:00Z')
    await app.http
      .post('/api/contact')
      .send(validContact({ name: 'José Hernández', email: 'jose@example.com' }))
      .expect(201)
    app.set('2026-11-24T16:23:00Z')
    const spam = (
      await app.http
        .post('/api/contact')
        .send(validContact({ email: 'bot@example.com' }))
        .expect(201)
    ).body.id
    await app.http.patch(`/api/admin/messages/${spam}`).set(adminHeader).send({ status: 'spam' }).expect(200)
    const csv = await app.http.get('/api/admin/messages.csv').set(adminHeader).expect(200)
    const bytes = Buffer.from(csv.text, 'utf8')
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = Papa.parse<string[]>(bytes.subarray(3).toString('utf8')).data
    expect(rows[0]!.slice(0, 5)).toEqual(['Received (Central time)', 'Status', 'Owner', 'Overdue', 'Name'])
    // Still New months after it arrived: overdue. No owner: the desk has no accounts.
    expect(rows[1]!.slice(0, 5)).toEqual(['2026-07-04 10:05', 'New', '', 'Overdue', 'José Hernández'])
    expect(rows).toHaveLength(2)
    const spamCsv = Papa.parse<string[]>((await app.http.get('/api/admin/messages.csv?status=spam').set(adminHeader).expect(200)).text.slice(1)).data
    expect(spamCsv[1]!.slice(0, 2)).toEqual(['2026-11-24 10:23', 'Spam'])
    expect(spamCsv[1]).toContain(spam)
  })

  it('links every notification to its record in the admin, at SITE_URL', async () => {
    const smtp = await startSmtp()
    const siteUrl = 'https://agency.example.com'
    const service = await startService(
      { ...testServiceOptions, ...(await freshStore()), smtpUrl: smtp.url, sendEmails: true, siteUrl, notifyTo: 'leads@agency.example.com' },
      { logger: silentLogger },
    )
    try {
      const request = (await (await json(`${service.url}/api/consultation`, validConsultation())).json()) as { id: string }
      const message = (await (await json(`${service.url}/api/contact`, validContact())).json()) as { id: string }
      await smtp.waitFor(4)
      const notifications = smtp.received.filter((mail) => mail.recipients.includes('leads@agency.example.com'))
      const links = notifications.map((mail) => [...(mail.parsed.html || '').matchAll(/href="([^"]+\/admin\/[^"]+)"/g)].map((match) => match[1]))
      expect(links.flat().sort()).toEqual([`${siteUrl}/admin/consultations?id=${request.id}`, `${siteUrl}/admin/messages?id=${message.id}`].sort())
      for (const mail of notifications) expect(mail.parsed.text).toMatch(new RegExp(`${siteUrl}/admin/(consultations|messages)\\?id=`))
      // The visitor's own emails carry no link to the admin.
      for (const mail of smtp.received.filter((mail) => !mail.recipients.includes('leads@agency.example.com')))
        expect(mail.parsed.html).not.toContain('/admin/')
    } finally {
      await service.close()
    }
  })

  it('tells the agency of a suspected request or message as "possible spam", linked to its record; the meeting is held and the visitor confirmed', async () => {
    const smtp = await startSmtp()
    const siteUrl = 'https://agency.example.com'
    const notifyTo = 'leads@agency.example.com'
    const service = await startService(
      { ...testServiceOptions, ...(await freshStore()), smtpUrl: smtp.url, sendEmails: true, siteUrl, notifyTo },
      { logger: silentLogger },
    )
    try {
      const post = async (path: string, body: object) => (await (await json(`${service.url}${path}`, body)).json()) as { id: string; meeting?: object }
      const fast = await post('/api/consultation', validConsultation({ businessName: 'Quick Fill', email: 'quick@example.com', _elapsedMs: 900 }))
      expect(fast.meeting).toBeDefined()
      const links = await post(
        '/api/contact',
        validContact({ business: 'Link Farm', email: 'links@example.com', message: 'https://a.example/x https://b.example/y' }),
      )
      await post('/api/contact', validContact({ business: 'Slow Hand', email: 'slow@example.com', _elapsedMs: 60_000 }))
      await smtp.waitFor(6)
      const toAgency = (business: string) => smtp.received.find((mail) => mail.recipients.includes(notifyTo) && mail.parsed.subject?.includes(business))
      expect(toAgency('Quick Fill')!.parsed.subject).toMatch(/^Possible spam: new consultation: Quick Fill \(Ann Lee\), /)
      expect(toAgency('Link Farm')!.parsed.subject).toBe('Possible spam: new message from Ann Lee (Link Farm)')
      expect(toAgency('Slow Hand')!.parsed.subject).toBe('New message from Ann Lee (Slow Hand)')
      expect(toAgency('Quick Fill')!.parsed.html).toContain(`href="${siteUrl}/admin/consultations?id=${fast.id}"`)
      expect(toAgency('Link Farm')!.parsed.html).toContain(`href="${siteUrl}/admin/messages?id=${links.id}"`)
      // The visitors' own emails went, with the meeting's invitation.
      const toVisitor = (address: string) => smtp.received.find((mail) => mail.recipients.includes(address))
      expect(toVisitor('quick@example.com')!.parsed.attachments.map((file) => file.filename)).toEqual(['consultation.ics'])
      expect(toVisitor('links@example.com')).toBeDefined()
      const record = await fetch(`${service.url}/api/admin/consultations/${fast.id}`, { headers: adminHeader })
      expect(await record.json()).toMatchObject({ status: 'new', suspicion: 'fast', meeting: { state: 'booked' } })
    } finally {
      await service.close()
    }
  })
})
