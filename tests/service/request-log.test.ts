import { describe, expect, it } from 'vitest'
import { adminPassword, capturedLogger, testApp } from './helpers.js'

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
})
