import { describe, expect, it } from 'vitest'
import { testApp } from './helpers.js'

describe('CORS', () => {
  it('allows the configured origins, with credentials, on the API', async () => {
    const { http } = await testApp({ corsOrigins: ['https://site.example.com'] })
    const preflight = await http
      .options('/api/newsletter-subscription')
      .set('Origin', 'https://site.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')
      .expect(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('https://site.example.com')
    expect(preflight.headers['access-control-allow-credentials']).toBe('true')
    expect(preflight.headers['access-control-allow-methods']).toContain('POST')
    const post = await http.post('/api/newsletter-subscription').set('Origin', 'https://site.example.com').send({ email: 'a@example.com' }).expect(201)
    expect(post.headers['access-control-allow-origin']).toBe('https://site.example.com')
  })

  it('sends no CORS headers to other origins, or when no origin is configured', async () => {
    const configured = await testApp({ corsOrigins: ['https://site.example.com'] })
    const other = await configured.http.post('/api/newsletter-subscription').set('Origin', 'https://evil.example.net').send({ email: 'a@example.com' })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    const none = await testApp()
    const res = await none.http.post('/api/newsletter-subscription').set('Origin', 'https://site.example.com').send({ email: 'a@example.com' })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})
