import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir, testApp } from './helpers.js'

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

/** A site of one page, and the form error page an HTML form is answered. */
async function siteDir(): Promise<string> {
  const dir = tempDir()
  await mkdir(path.join(dir, 'forms', 'error'), { recursive: true })
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>')
  await writeFile(path.join(dir, 'forms', 'error', 'index.html'), '<!doctype html><title>Problem</title><!--form-errors-->')
  return dir
}

describe('security headers', () => {
  it("sends the site's Content-Security-Policy and helmet's headers on every page, a form's error page included", async () => {
    const { http } = await testApp({ corsOrigins: [siteOrigin], siteDir: await siteDir() })
    const formError = await http.post('/api/contact').set('Content-Type', 'application/x-www-form-urlencoded').send('name=')
    for (const res of [await http.get('/'), formError]) {
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(policyOf(res.headers['content-security-policy'])).toEqual(expectedPolicy)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    }
  })

  it('sends a JSON answer, errors included, a policy that loads nothing and the headers an API needs', async () => {
    const { http } = await testApp({ corsOrigins: [siteOrigin] })
    for (const res of [await http.get('/healthz'), await http.post('/api/contact').send({}), await http.get('/api/nothing')]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(policyOf(res.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] })
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/)
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
      expect(res.headers['x-frame-options']).toBeUndefined()
    }
  })

  it('allows no other origin to be called when CORS_ORIGINS is empty', async () => {
    const { http } = await testApp({ corsOrigins: [], siteDir: await siteDir() })
    const res = await http.get('/')
    expect(policyOf(res.headers['content-security-policy'])).toEqual({ ...expectedPolicy, 'connect-src': ["'self'"] })
  })
})
