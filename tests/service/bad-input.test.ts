import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { testApp, validContact } from './helpers.js'

/** The data directory's files and contents: bad input must leave it exactly as it was. */
async function diskState(dataFile: string) {
  const dir = path.dirname(dataFile)
  const files = (await readdir(dir)).sort()
  return Promise.all(files.map(async (file) => [file, await readFile(path.join(dir, file), 'utf8')]))
}

describe('bad input', () => {
  it('answers 4xx JSON to anything odd, never 5xx, and writes nothing', async () => {
    const { http, dataFile, store } = await testApp()
    const before = await diskState(dataFile)
    const raw = (body: string | Buffer, type = 'application/json') => http.post('/api/newsletter-subscription').set('Content-Type', type).send(body)
    const cases: Array<[Promise<{ status: number; body: unknown }>, number, string]> = [
      [raw('{"email": "a@b.co"'), 400, 'Malformed JSON'],
      [raw('"just a string"'), 400, 'Malformed JSON'],
      [raw('{"__proto__": {"admin": true}, "email": "a@b.co"}'), 400, 'Malformed JSON'],
      [raw('{"source": {"\\u005f_proto__": {"admin": true}}, "email": "a@b.co"}'), 400, 'Malformed JSON'],
      [raw('{"constructor": {"prototype": {}}, "email": "a@b.co"}'), 400, 'Validation failed'],
      [raw('[]'), 400, 'Validation failed'],
      [raw('[{"email": "a@b.co"}]'), 400, 'Validation failed'],
      [raw('{"email": null}'), 400, 'Validation failed'],
      [raw('{"email": 1e400}'), 400, 'Validation failed'],
      [raw('{"email": 123456789012345678901234567890}'), 400, 'Validation failed'],
      [raw('{"email": ["a@b.co"]}'), 400, 'Validation failed'],
      [raw('{"email": {"$gt": ""}}'), 400, 'Validation failed'],
      [raw(Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])), 400, 'Validation failed'],
      [raw('{"email": "a@b.co"}', 'application/json; charset=iso-8859-1'), 415, 'Unsupported charset: send UTF-8'],
      [raw('{"email": "a@b.co"}', 'text/plain'), 415, 'Content-Type must be application/json or application/x-www-form-urlencoded'],
      [http.post('/api/newsletter-subscription'), 415, 'Content-Type must be application/json or application/x-www-form-urlencoded'],
      [raw(`{"email": "a@b.co", "pad": "${'x'.repeat(101 * 1024)}"}`), 413, 'Request body is too large'],
    ]
    for (const [pending, status, error] of cases) {
      const res = await pending
      expect([res.status, res.body]).toEqual([status, expect.objectContaining({ error })])
    }
    expect(await diskState(dataFile)).toEqual(before)
    expect(await store.subscribers()).toEqual([])
  })

  it('rejects a body just over 100 kB with 413 but takes one just under it to validation', async () => {
    const { http } = await testApp()
    const body = (size: number) => JSON.stringify({ email: 'a@b.co', message: 'x'.repeat(size) })
    await http
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(body(100 * 1024))
      .expect(413)
    const res = await http
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(body(90 * 1024))
      .expect(400)
    expect(res.body.fields.message).toBe('Message must be at most 5000 characters')
  })

  it('answers 404 JSON for unknown API paths and 405 for wrong methods', async () => {
    const { http } = await testApp()
    expect((await http.get('/api/nothing').expect(404)).body).toEqual({ error: 'Not Found' })
    await http.get('/api/consultation').expect(405)
    await http.put('/api/admin/newsletter-subscribers').expect(405)
  })

  it('survives malformed percent-encoding and odd paths', async () => {
    const { http } = await testApp()
    const res = await http.get('/api/%E0%A4%A').expect(404)
    expect(res.body).toEqual({ error: 'Not Found' })
  })
})

describe('invisible and control characters', () => {
  it('refuses them where they have no business, counts a field of only invisible characters as empty, and stores a message without them as empty', async () => {
    const { http, store } = await testApp()
    const fields = async (body: Record<string, unknown>) => (await http.post('/api/contact').send(validContact(body)).expect(400)).body.fields
    expect(await fields({ name: '\u200b\u200b' })).toEqual({ name: 'Name is required' })
    expect(await fields({ name: 'Ann\u202eeeL' })).toEqual({ name: 'Name contains invisible or control characters' })
    expect(await fields({ email: '\u200b=cmd@example.com' })).toEqual({ email: 'Email is invalid' })
    expect(await fields({ email: '\ufeff\u200b' })).toEqual({ email: 'Email is required' })
    expect(await fields({ phone: '214\u00ad555\u00ad0142' })).toEqual({ phone: 'Please enter a valid phone number' })
    expect((await http.post('/api/newsletter-subscription').send({ email: 'a\u0000@example.com' }).expect(400)).body.fields).toEqual({
      email: 'Email is invalid',
    })
    const { id } = (
      await http
        .post('/api/contact')
        .send(validContact({ message: ' \u200b\u2060 ' }))
        .expect(201)
    ).body
    expect(await store.find('contacts', id)).not.toHaveProperty('message')
    expect((await store.list('contacts', { offset: 0, limit: 10 })).total).toBe(1)
  })
})

describe('bodies that hurt', () => {
  it('answers a body that claims gzip, deflate or br but is not with 400, and stores nothing', async () => {
    const { http, store } = await testApp()
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await http
        .post('/api/newsletter-subscription')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(Buffer.from('{"email":"a@example.com"}'))
      expect([encoding, res.status, res.body]).toEqual([encoding, 400, { error: 'Malformed compressed body' }])
    }
    expect(await store.subscribers()).toEqual([])
  })

  it('does not echo thousands of unknown keys back', async () => {
    const { http } = await testApp()
    const body: Record<string, string> = { ...validContact() }
    for (let i = 0; i < 2500; i++) body[`unknown-field-${i}-${'x'.repeat(10)}`] = 'v'
    body[`long-${'y'.repeat(5000)}`] = 'v'
    const sent = JSON.stringify(body).length
    const res = await http.post('/api/contact').send(body).expect(400)
    expect(JSON.stringify(res.body).length).toBeLessThan(2000)
    expect(sent).toBeGreaterThan(50_000)
    expect(Object.keys(res.body.fields)).toHaveLength(21)
    expect(res.body.fields._body).toBe('2481 more fields are not valid')
  })
})
