import { describe, expect, it } from 'vitest'
import { testApp } from './helpers.js'

/** A Content-Security-Policy header as directive -> sources. */
function policyOf(header: string | undefined): Record<string, string[]> {
  const directives = (header ?? '')
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter(([name]) => name)
  return Object.fromEntries(directives.map(([name, ...sources]) => [name, sources]))
}

const siteOrigin = 'https://site.example.com'

// What the site needs and nothing more (operator guide, "Headers" and "A static site on another origin"):
// its own scripts only, never inline ones; its own styles, plus style attributes (an island's
// `style="display:contents"`); its own images and self-hosted fonts; calls to itself and to the origins
// of CORS_ORIGINS; the Google Maps frame, the one thing from another host; no page of it in anyone's frame.
const expectedPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", siteOrigin],
  'frame-src': ['https://www.google.com'],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
}

describe('security headers', () => {
  it('sends the Content-Security-Policy and helmet headers on every answer, errors included', async () => {
    const { http } = await testApp({ corsOrigins: [siteOrigin] })
    for (const res of [await http.get('/healthz'), await http.post('/api/contact').send({}), await http.get('/api/nothing')]) {
      expect(policyOf(res.headers['content-security-policy'])).toEqual(expectedPolicy)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
    }
  })

  it('allows no other origin to be called when CORS_ORIGINS is empty', async () => {
    const { http } = await testApp({ corsOrigins: [] })
    const res = await http.get('/healthz')
    expect(policyOf(res.headers['content-security-policy'])).toEqual({ ...expectedPolicy, 'connect-src': ["'self'"] })
  })
})
