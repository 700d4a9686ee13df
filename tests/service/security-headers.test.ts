import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../forms-service/middleware/securityHeaders.js'
import { testApp } from './helpers.js'

describe('security headers', () => {
  it('sends the Content-Security-Policy and helmet headers on every answer, errors included', async () => {
    const { http } = await testApp({ corsOrigins: ['https://site.example.com'] })
    for (const res of [await http.get('/healthz'), await http.post('/api/contact').send({}), await http.get('/api/nothing')]) {
      const csp = res.headers['content-security-policy']
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain('frame-src https://www.google.com')
      expect(csp).toContain("connect-src 'self' https://site.example.com")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
    }
  })

  it('keeps the policy in one constant', () => {
    expect(Object.keys(contentSecurityPolicy)).toEqual([
      'default-src', 'script-src', 'style-src', 'img-src', 'font-src', 'connect-src', 'frame-src', 'frame-ancestors', 'base-uri', 'form-action',
    ])
  })
})
