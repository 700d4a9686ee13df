import { describe, expect, it } from 'vitest'
import { startService } from '../../forms-service/service.js'
import {
  adminPassword,
  exited,
  freshStore,
  json,
  spawnService,
  spreadConsultation,
  storeEnv,
  testApp,
  validConsultation,
  validContact,
  testServiceOptions,
  adminHeader,
} from './helpers.js'

async function withRequests(count = 3) {
  const app = await testApp()
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const res = await app.http
      .post('/api/consultation')
      .send(validConsultation({ contactName: `Person ${i}`, businessName: `Business ${i}`, email: `p${i}@example.com`, phone: `214-555-01${10 + i}` }))
      .expect(201)
    ids.push(res.body.id)
  }
  return { ...app, ids }
}

describe('admin inbox API', () => {
  it('answers 401 on every inbox endpoint without the session or the adminHeader secret', async () => {
    const { http, ids } = await withRequests(1)
    const id = ids[0]!
    const calls = [
      http.get('/api/admin/summary'),
      http.get('/api/admin/consultations'),
      http.get('/api/admin/consultations.csv'),
      http.get(`/api/admin/consultations/${id}`),
      http.patch(`/api/admin/consultations/${id}`).send({ status: 'closed' }),
      http.delete(`/api/admin/consultations/${id}`),
      http.get('/api/admin/messages'),
      http.get('/api/admin/messages.csv'),
      http.get(`/api/admin/messages/${id}`),
      http.patch(`/api/admin/messages/${id}`).send({ note: 'x' }),
      http.delete(`/api/admin/messages/${id}`),
      http.delete(`/api/admin/newsletter-subscribers/${id}`),
    ]
    for (const call of calls) expect((await call.set('Cookie', 'admin_session=forged')).status).toBe(401)
    expect((await http.get(`/api/admin/consultations/${id}`).set(adminHeader)).status).toBe(200)
  })

  it('lists requests newest first with every field, a status and its history, and pages through them', async () => {
    const { http, ids } = await withRequests(3)
    const res = await http.get('/api/admin/consultations?limit=2').set(adminHeader).expect(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toMatchObject({ total: 3, offset: 0, limit: 2 })
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]])
    const first = res.body.items[0]
    expect(first).toMatchObject({
      ...validConsultation({ contactName: 'Person 2', businessName: 'Business 2', email: 'p2@example.com', phone: '214-555-0112' }),
      status: 'new',
      note: '',
    })
    expect(first.statusHistory).toEqual([{ status: 'new', at: first.receivedAt }])
    const next = await http.get('/api/admin/consultations?limit=2&offset=2').set(adminHeader).expect(200)
    expect(next.body.items.map((item: { id: string }) => item.id)).toEqual([ids[0]])
  })

  it('searches name, business, email and phone (also by digits), and filters by status', async () => {
    const { http, ids } = await withRequests(3)
    const found = async (query: string) =>
      (await http.get(`/api/admin/consultations?${query}`).set(adminHeader).expect(200)).body.items.map((item: { id: string }) => item.id)
    expect(await found('q=person%201')).toEqual([ids[1]])
    expect(await found('q=BUSINESS%202')).toEqual([ids[2]])
    expect(await found('q=p0%40example')).toEqual([ids[0]])
    expect(await found('q=(214)%20555-0111')).toEqual([ids[1]])
    expect(await found('q=2145550110')).toEqual([ids[0]])
    expect(await found('q=nobody')).toEqual([])
    await http.patch(`/api/admin/consultations/${ids[1]}`).set(adminHeader).send({ status: 'contacted' }).expect(200)
    expect(await found('status=contacted')).toEqual([ids[1]])
    expect(await found('status=new')).toEqual([ids[2], ids[0]])
    expect(await found('status=new&q=person%202')).toEqual([ids[2]])
  })

  it('keeps every status change with its time, and a note; an empty note clears it', async () => {
    const { http, ids } = await withRequests(1)
    const url = `/api/admin/consultations/${ids[0]}`
    await http.patch(url).set(adminHeader).send({ status: 'contacted' }).expect(200)
    const closed = await http.patch(url).set(adminHeader).send({ status: 'closed', note: 'Booked for Tuesday' }).expect(200)
    expect(closed.body.status).toBe('closed')
    expect(closed.body.note).toBe('Booked for Tuesday')
    expect(closed.body.statusHistory.map((change: { status: string }) => change.status)).toEqual(['new', 'contacted', 'closed'])
    for (const change of closed.body.statusHistory) expect(Date.parse(change.at)).not.toBeNaN()
    expect(Date.parse(closed.body.noteUpdatedAt)).not.toBeNaN()
    // The same status again is not a change.
    const same = await http.patch(url).set(adminHeader).send({ status: 'closed' }).expect(200)
    expect(same.body.statusHistory).toHaveLength(3)
    expect((await http.patch(url).set(adminHeader).send({ note: '' }).expect(200)).body.note).toBe('')
    expect((await http.get(url).set(adminHeader).expect(200)).body).toMatchObject({ status: 'closed', note: '' })
  })

  it('refuses bad changes and odd queries with a clear 4xx and changes nothing', async () => {
    const { http, ids } = await withRequests(1)
    const url = `/api/admin/consultations/${ids[0]}`
    const patch = (body: unknown) =>
      http
        .patch(url)
        .set(adminHeader)
        .send(body as object)
    expect((await patch({ status: 'done' }).expect(400)).body.fields).toEqual({ status: 'Status must be one of new, contacted, closed, spam' })
    expect((await patch({ note: 'x'.repeat(5001) }).expect(400)).body.fields).toEqual({ note: 'Note must be at most 5000 characters' })
    expect((await patch({ note: 5 }).expect(400)).body.fields).toEqual({ note: 'Note must be text' })
    expect((await patch({ email: 'x@example.com' }).expect(400)).body.fields).toEqual({ email: 'Unknown field' })
    expect((await patch({}).expect(400)).body.error).toBe('Validation failed')
    expect((await patch([]).expect(400)).body.error).toBe('Validation failed')
    await http.patch(url).set(adminHeader).set('Content-Type', 'text/plain').send('status=closed').expect(415)
    await http.patch('/api/admin/consultations/no-such-id').set(adminHeader).send({ status: 'closed' }).expect(404)
    await http.get('/api/admin/consultations/no-such-id').set(adminHeader).expect(404)
    await http.delete('/api/admin/messages/no-such-id').set(adminHeader).expect(404)
    // A request id is not a message id.
    await http.get(`/api/admin/messages/${ids[0]}`).set(adminHeader).expect(404)
    for (const query of ['status=done', 'limit=0', 'limit=201', 'offset=-1', 'offset=1.5', 'status=new&status=closed', 'sort=name', `q=${'a'.repeat(201)}`]) {
      const res = await http.get(`/api/admin/consultations?${query}`).set(adminHeader)
      expect(res.status, query).toBe(400)
      expect(res.body.error, query).toBe('Invalid query')
    }
    expect((await http.get(url).set(adminHeader).expect(200)).body).toMatchObject({ status: 'new', note: '' })
  })

  it('deletes a request, a message and a subscriber; a deleted address can subscribe again', async () => {
    const { http, ids, store } = await withRequests(2)
    const message = (await http.post('/api/contact').send(validContact()).expect(201)).body.id
    const subscriber = (await http.post('/api/newsletter-subscription').send({ email: 'gone@example.com' }).expect(201)).body.id
    await http.delete(`/api/admin/consultations/${ids[0]}`).set(adminHeader).expect(204)
    await http.delete(`/api/admin/consultations/${ids[0]}`).set(adminHeader).expect(404)
    await http.delete(`/api/admin/messages/${message}`).set(adminHeader).expect(204)
    await http.delete(`/api/admin/newsletter-subscribers/${subscriber}`).set(adminHeader).expect(204)
    expect((await http.get('/api/admin/consultations').set(adminHeader)).body.items.map((item: { id: string }) => item.id)).toEqual([ids[1]])
    expect((await http.get('/api/admin/messages').set(adminHeader)).body.total).toBe(0)
    expect((await http.get('/api/admin/newsletter-subscribers').set(adminHeader)).body).toEqual([])
    expect(await store.find('consultations', ids[0]!)).toBeUndefined()
    const again = await http.post('/api/newsletter-subscription').send({ email: 'gone@example.com' }).expect(201)
    expect(again.body.id).not.toBe(subscriber)
  })

  it('counts what is new for the navigation', async () => {
    const { http, ids } = await withRequests(2)
    await http.post('/api/contact').send(validContact()).expect(201)
    await http.post('/api/newsletter-subscription').send({ email: 'a@example.com' }).expect(201)
    await http.patch(`/api/admin/consultations/${ids[0]}`).set(adminHeader).send({ status: 'contacted' }).expect(200)
    expect((await http.get('/api/admin/summary').set(adminHeader).expect(200)).body).toEqual({
      consultations: { new: 1, overdue: 0, spam: 0, total: 2 },
      messages: { new: 1, overdue: 0, spam: 0, total: 1 },
      subscribers: { total: 1 },
      meetings: { unmarked: 0 },
      retention: null,
      blocked: { thisWeek: 0, total: 0 },
    })
  })

  it('exports each list as CSV with spreadsheet formulas neutralised, filtered like the list', async () => {
    const { http } = await testApp()
    await http
      .post('/api/contact')
      .send(validContact({ name: '=HYPERLINK("http://evil.example")', message: '\u200b+SUM(A1)' }))
      .expect(201)
    await http
      .post('/api/contact')
      .send(validContact({ name: 'Plain Person', business: '@Corp' }))
      .expect(201)
    // U+2212 (minus sign), U+FE66 (small equals sign) and U+FE62 (small plus sign) start a formula in some spreadsheets.
    await http
      .post('/api/contact')
      .send(validContact({ name: '\u2212Minus Person', business: '\ufe66Corp', message: '\ufe62SUM(A1)' }))
      .expect(201)
    const res = await http.get('/api/admin/messages.csv').set(adminHeader).expect(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="messages.csv"')
    const lines = res.text.split('\r\n')
    // Column names as the admin screen shows them (the fixture's ui.json), after a UTF-8 byte-order mark.
    expect(lines[0]).toBe('\uFEFFReceived (Central time),Status,Owner,Overdue,Name,Business,Email,Phone,Service,Message,Source,Internal note,Reference')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain(`,'\u2212Minus Person,'\ufe66Corp,`)
    expect(lines[1]).toContain(`,'\ufe62SUM(A1),`)
    expect(lines[2]).toContain(`Plain Person,'@Corp,`)
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(lines[3]).toContain(`,Website Design,'\u200b+SUM(A1),`)
    const filtered = await http.get('/api/admin/messages.csv?q=plain').set(adminHeader).expect(200)
    expect(filtered.text.split('\r\n')).toHaveLength(2)
    const requests = await http.get('/api/admin/consultations.csv').set(adminHeader).expect(200)
    expect(requests.text.split('\r\n')[0]).toBe(
      '\uFEFFReceived (Central time),Status,Owner,Overdue,Meeting start (Central time),Meeting state,Business,Contact name,Email,Phone,Website,Service,Requested date,Requested time,Message,Source,Internal note,Reference',
    )
  })
})

describe('admin changes from a browser', () => {
  it('accepts a change from the site itself, and refuses one from another site or without an origin', async () => {
    // The real server on 127.0.0.1, so that the site's own origin is known.
    const service = await startService({ ...testServiceOptions, ...(await freshStore()) })
    try {
      const signIn = await fetch(`${service.url}/api/admin/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: service.url },
        body: JSON.stringify({ password: adminPassword }),
      })
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
      const id = ((await (await json(`${service.url}/api/contact`, validContact())).json()) as { id: string }).id
      const url = `${service.url}/api/admin/messages/${id}`
      const change = (method: string, headers: Record<string, string>) =>
        fetch(url, {
          method,
          headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
          body: method === 'PATCH' ? JSON.stringify({ status: 'closed' }) : undefined,
        })
      expect((await change('PATCH', { Origin: 'https://evil.example' })).status).toBe(403)
      expect((await change('PATCH', {})).status).toBe(403)
      expect((await change('DELETE', { Origin: 'https://evil.example' })).status).toBe(403)
      expect((await change('DELETE', { Origin: 'null' })).status).toBe(403)
      expect(((await (await fetch(url, { headers: { Cookie: cookie } })).json()) as { status: string }).status).toBe('new')
      expect((await change('PATCH', { Origin: service.url })).status).toBe(200)
      // Scripts with the adminHeader secret need no origin.
      expect(
        (await fetch(url, { method: 'PATCH', headers: { ...adminHeader, 'Content-Type': 'application/json' }, body: '{"note":"by script"}' })).status,
      ).toBe(200)
      expect((await change('DELETE', { Origin: service.url })).status).toBe(204)
    } finally {
      await service.close()
    }
  })

  it('accepts an origin listed in CORS_ORIGINS', async () => {
    const app = await testApp({ corsOrigins: ['https://site.example'] })
    const signIn = await app.http.post('/api/admin/session').send({ password: adminPassword }).expect(204)
    const cookie = signIn.headers['set-cookie']![0]!.split(';')[0]!
    const id = (await app.http.post('/api/contact').send(validContact()).expect(201)).body.id
    const res = await app.http
      .patch(`/api/admin/messages/${id}`)
      .set('Cookie', cookie)
      .set('Origin', 'https://site.example')
      .send({ status: 'contacted' })
      .expect(200)
    expect(res.headers['access-control-allow-origin']).toBe('https://site.example')
  })
})

describe('inbox changes are durable', () => {
  it('keeps acknowledged status changes, notes and deletes across kill -9 and restart, also through a compaction', async () => {
    const env = { PORT: '0', ...(await storeEnv()), ADMIN_PASSWORD: adminPassword, COMPACT_JOURNAL_BYTES: '4096' }
    const first = await spawnService(env)
    const ids: string[] = []
    for (let i = 0; i < 12; i++)
      ids.push(((await (await json(`${first.url}/api/consultation`, spreadConsultation(i, { contactName: `P${i}` }))).json()) as { id: string }).id)
    // Signed in as the admin's browser is: twelve parallel adminHeader calls would be twelve password
    // attempts at once, which the throttle may answer 429 (API tokens are the way for scripts).
    const signIn = await fetch(`${first.url}/api/admin/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: first.url },
      body: JSON.stringify({ password: adminPassword }),
    })
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
    const send = (method: string, id: string, body?: unknown) =>
      fetch(`${first.url}/api/admin/consultations/${id}`, {
        method,
        headers: { Cookie: cookie, Origin: first.url, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const changes = await Promise.all(
      ids.map((id, i) => (i % 3 === 0 ? send('DELETE', id) : send('PATCH', id, { status: i % 3 === 1 ? 'contacted' : 'closed', note: `note ${i}` }))),
    )
    expect(changes.map((res) => res.status)).toEqual(ids.map((_, i) => (i % 3 === 0 ? 204 : 200)))
    first.child.kill('SIGKILL')
    await exited(first.child)

    const second = await spawnService(env)
    const res = await fetch(`${second.url}/api/admin/consultations?limit=200`, { headers: adminHeader })
    const { items } = (await res.json()) as { items: Array<{ id: string; status: string; note: string; statusHistory: unknown[] }> }
    expect(items.map((item) => item.id).sort()).toEqual(ids.filter((_, i) => i % 3 !== 0).sort())
    for (const item of items) {
      const i = ids.indexOf(item.id)
      expect(item).toMatchObject({ status: i % 3 === 1 ? 'contacted' : 'closed', note: `note ${i}` })
      expect(item.statusHistory).toHaveLength(2)
    }
  })
})
