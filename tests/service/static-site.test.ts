import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../forms-service/app.js'
import { precompress } from '../../builder/precompress.js'
import { silentLogger, tempDir, testApp } from './helpers.js'

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

describe('precompressed copies', () => {
  /** A raw GET on 127.0.0.1: the body as sent, not decoded. */
  function rawGet(server: http.Server, urlPath: string, acceptEncoding: string) {
    const { port } = server.address() as AddressInfo
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: urlPath, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        })
        .on('error', reject)
    })
  }

  it('are written by the build for text files and served by Accept-Encoding: br, else gzip, else the file', async () => {
    const dir = siteFixture()
    const page = `<!DOCTYPE html><title>Big</title>${'<p>Automation workflows for small businesses.</p>'.repeat(200)}`
    const script = `export const words = ${JSON.stringify('lorem ipsum '.repeat(400))}`
    mkdirSync(path.join(dir, 'blog/big'), { recursive: true })
    writeFileSync(path.join(dir, 'blog/big/index.html'), page)
    writeFileSync(path.join(dir, 'assets/entries/big.Xy9.js'), script)
    await precompress(dir)
    // The small files (under 1 kB) are left alone.
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(false)

    const { config, store, booking } = await testApp({ siteDir: dir })
    const server = http.createServer(createApp(config, store, { logger: silentLogger, booking }).callback())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      for (const [urlPath, original, type] of [
        ['/blog/big/', page, /text\/html/],
        ['/assets/entries/big.Xy9.js', script, /javascript/],
      ] as const) {
        const br = await rawGet(server, urlPath, 'gzip, deflate, br')
        expect(br.status).toBe(200)
        expect(br.headers['content-encoding']).toBe('br')
        expect(br.headers['content-type']).toMatch(type)
        expect(br.headers.vary).toMatch(/accept-encoding/i)
        expect(zlib.brotliDecompressSync(br.body).toString()).toBe(original)
        // The copy on disk is what went out: no second compression on the way.
        const file = path.join(dir, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath)
        expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true)

        const gz = await rawGet(server, urlPath, 'gzip')
        expect(gz.headers['content-encoding']).toBe('gzip')
        expect(zlib.gunzipSync(gz.body).toString()).toBe(original)

        const plain = await rawGet(server, urlPath, 'identity')
        expect(plain.headers['content-encoding']).toBeUndefined()
        expect(plain.body.toString()).toBe(original)
      }
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
