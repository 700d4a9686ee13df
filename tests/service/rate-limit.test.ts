import { describe, expect, it } from 'vitest'
import { midMinute, testApp } from './helpers.js'

describe('rate limit on the POSTs', () => {
  it('answers 429 with Retry-After past RATE_LIMIT_PER_MINUTE per client address', async () => {
    const { http } = await testApp({ rateLimitPerMinute: 3 }, { now: midMinute().now })
    for (let i = 0; i < 3; i++)
      await http
        .post('/api/newsletter-subscription')
        .send({ email: `a${i}@example.com` })
        .expect(201)
    const res = await http.post('/api/contact').send({}).expect(429)
    expect(res.body).toEqual({ error: 'Too many requests, please try again later' })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60)
  })

  it('counts addresses separately behind a trusted proxy', async () => {
    const { http } = await testApp({ rateLimitPerMinute: 1, trustProxy: 1 }, { now: midMinute().now })
    await http.post('/api/newsletter-subscription').set('X-Forwarded-For', '203.0.113.1').send({ email: 'a@example.com' }).expect(201)
    await http.post('/api/newsletter-subscription').set('X-Forwarded-For', '203.0.113.2').send({ email: 'b@example.com' }).expect(201)
    await http.post('/api/newsletter-subscription').set('X-Forwarded-For', '203.0.113.1').send({ email: 'c@example.com' }).expect(429)
  })

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const { http } = await testApp({ rateLimitPerMinute: 1 }, { now: midMinute().now })
    await http.post('/api/newsletter-subscription').set('X-Forwarded-For', '203.0.113.1').send({ email: 'a@example.com' }).expect(201)
    await http.post('/api/newsletter-subscription').set('X-Forwarded-For', '203.0.113.2').send({ email: 'b@example.com' }).expect(429)
  })

  it('is off with 0', async () => {
    const { http } = await testApp({ rateLimitPerMinute: 0 }, { now: midMinute().now })
    for (let i = 0; i < 20; i++)
      await http
        .post('/api/newsletter-subscription')
        .send({ email: `a${i}@example.com` })
        .expect(201)
  })

  it('does not limit reading pages or the health check', async () => {
    const { http } = await testApp({ rateLimitPerMinute: 1 }, { now: midMinute().now })
    for (let i = 0; i < 5; i++) await http.get('/healthz').expect(200)
  })
})

describe('client address behind proxies (TRUST_PROXY hops)', () => {
  // The proxy appends the address it saw to whatever X-Forwarded-For the client sent.
  const through = (forged: string, seenByProxy: string) => `${forged}, ${seenByProxy}`

  it('with one trusted proxy, a client who writes X-Forwarded-For still gets one rate limit', async () => {
    const { http } = await testApp({ rateLimitPerMinute: 2, trustProxy: 1 }, { now: midMinute().now })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await http
        .post('/api/newsletter-subscription')
        .set('X-Forwarded-For', through(`198.51.100.${i}`, '203.0.113.50'))
        .send({ email: `f${i}@example.com` })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([201, 201, 429, 429, 429, 429])
  })

  it('with two trusted proxies, takes the address the outer proxy saw', async () => {
    const { http } = await testApp({ rateLimitPerMinute: 1, trustProxy: 2 }, { now: midMinute().now })
    // client -> outer proxy (saw 203.0.113.60) -> inner proxy (saw the outer one, 10.0.0.2) -> service
    const send = (forged: string, client: string, email: string) =>
      http.post('/api/newsletter-subscription').set('X-Forwarded-For', `${forged}, ${client}, 10.0.0.2`).send({ email })
    await send('198.51.100.1', '203.0.113.60', 'a@example.com').expect(201)
    await send('198.51.100.2', '203.0.113.60', 'b@example.com').expect(429)
    await send('198.51.100.2', '203.0.113.61', 'c@example.com').expect(201)
  })
})
