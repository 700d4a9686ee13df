import { describe, expect, it } from 'vitest'
import { adminPassword, capturedLogger, testApp, validContact } from './helpers.js'

describe('request log', () => {
  it('writes one JSON line per request with method, path, status and duration, and nothing private', async () => {
    const { logger, lines } = capturedLogger()
    const { http } = await testApp({}, { logger })
    await http.post('/api/newsletter-subscription?email=query@example.com').send({ email: 'secret-person@example.com' }).expect(201)
    await http.post('/api/admin/session').send({ password: adminPassword }).expect(204)
    await http.post('/api/contact').send({ email: 'bad' }).expect(400)
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatchObject({ method: 'POST', path: '/api/newsletter-subscription', status: 201, durationMs: expect.any(Number) })
    expect(lines[2]).toMatchObject({ status: 400 })
    const text = JSON.stringify(lines)
    for (const secret of ['secret-person', 'query@example.com', adminPassword, 'bad']) expect(text).not.toContain(secret)
  })

  it('keeps a well-formed X-Request-Id, makes one otherwise, echoes it, and puts it on every line of the request, errors too', async () => {
    const { logger, lines } = capturedLogger()
    const { http, store } = await testApp({}, { logger })
    const kept = await http.post('/api/contact').set('X-Request-Id', 'edge-4f2a.9:1').send(validContact()).expect(201)
    expect(kept.headers['x-request-id']).toBe('edge-4f2a.9:1')
    // The request's line names the record, so the emails queued with it (their `about`) are found from it.
    expect(lines.at(-1)).toMatchObject({ requestId: 'edge-4f2a.9:1', status: 201, recordId: kept.body.id })
    const ids = new Set<string>()
    for (const given of [undefined, 'has spaces in it', 'x'.repeat(129), '{"json":1}']) {
      const req = http.get('/healthz')
      const res = await (given === undefined ? req : req.set('X-Request-Id', given))
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      expect(lines.at(-1)!.requestId).toBe(res.headers['x-request-id'])
      ids.add(res.headers['x-request-id']!)
    }
    expect(ids.size).toBe(4)
    // A request that fails inside (a write the store cannot make): its error line and its request line carry the same id.
    store.addContact = () => Promise.reject(new Error('the disk is full'))
    const before = lines.length
    await http
      .post('/api/contact')
      .set('X-Request-Id', 'failing-request-1')
      .send(validContact({ message: 'After the store closed' }))
    const ofRequest = lines.slice(before)
    expect(ofRequest.length).toBeGreaterThanOrEqual(2)
    expect(ofRequest.filter((line) => line.level === 50)).not.toEqual([])
    for (const line of ofRequest) expect(line.requestId).toBe('failing-request-1')
  })
})
