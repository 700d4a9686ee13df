import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir, testApp } from './helpers.js'

/** A tiny built site: pages, a hashed asset, section 404 pages and redirects. */
function siteFixture(options: { sectionPages?: boolean } = {}): string {
  const dir = tempDir()
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  write('index.html', '<h1>Home</h1>')
  write('404.html', '<h1>Page Not Found</h1>')
  write('blog/automation-workflows/index.html', '<h1>Automation workflows</h1>')
  write('assets/entries/client.AbC123.js', 'console.log(1)')
  write('robots.txt', 'User-agent: *')
  write('_redirects', '# legacy ids\n/case-study/smart-support-ai /case-study/smart-support 301\n')
  if (options.sectionPages !== false) {
    write('service/404.html', '<h1>Service Not Found</h1>')
    write('case-study/404.html', '<h1>404 Page Not Found</h1>')
  }
  return dir
}

describe('static site', () => {
  it('serves / and folder pages with and without the trailing slash, revalidated', async () => {
    const { http } = await testApp({ siteDir: siteFixture() })
    const home = await http.get('/').expect(200)
    expect(home.text).toBe('<h1>Home</h1>')
    expect(home.headers['content-type']).toMatch(/text\/html/)
    expect(home.headers['cache-control']).toBe('no-cache')
    for (const url of ['/blog/automation-workflows/', '/blog/automation-workflows']) {
      expect((await http.get(url).expect(200)).text).toBe('<h1>Automation workflows</h1>')
    }
  })

  it('caches hashed assets forever', async () => {
    const { http } = await testApp({ siteDir: siteFixture() })
    const res = await http.get('/assets/entries/client.AbC123.js').expect(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-type']).toMatch(/javascript/)
  })

  it('answers 304 to a conditional request for an unchanged file', async () => {
    const { http } = await testApp({ siteDir: siteFixture() })
    const first = await http.get('/robots.txt').expect(200)
    await http.get('/robots.txt').set('If-Modified-Since', first.headers['last-modified']!).expect(304)
  })

  it('answers unknown paths 404 with the not-found page of their section', async () => {
    const { http } = await testApp({ siteDir: siteFixture() })
    expect((await http.get('/nowhere').expect(404)).text).toBe('<h1>Page Not Found</h1>')
    expect((await http.get('/service/unknown').expect(404)).text).toBe('<h1>Service Not Found</h1>')
    expect((await http.get('/case-study/unknown').expect(404)).text).toBe('<h1>404 Page Not Found</h1>')
    expect((await http.get('/blog/unknown/').expect(404)).headers['content-type']).toMatch(/text\/html/)
  })

  it('falls back to 404.html when a section has no page of its own', async () => {
    const { http } = await testApp({ siteDir: siteFixture({ sectionPages: false }) })
    expect((await http.get('/service/unknown').expect(404)).text).toBe('<h1>Page Not Found</h1>')
  })

  it('answers the lines of _redirects as permanent redirects', async () => {
    const { http } = await testApp({ siteDir: siteFixture() })
    for (const url of ['/case-study/smart-support-ai', '/case-study/smart-support-ai/']) {
      const res = await http.get(url).expect(301)
      expect(res.headers.location).toBe('/case-study/smart-support')
    }
  })

  it('does not serve dot files or paths outside the site', async () => {
    const dir = siteFixture()
    writeFileSync(path.join(dir, '.build-stamp'), 'x')
    const { http } = await testApp({ siteDir: dir })
    await http.get('/.build-stamp').expect(404)
    const res = await http.get('/..%2f..%2fetc%2fpasswd')
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })

  it('leaves /api/* to the API', async () => {
    const { http } = await testApp({ siteDir: siteFixture() })
    expect((await http.get('/api/unknown').expect(404)).body).toEqual({ error: 'Not Found' })
  })
})
