// The built site on 127.0.0.1 for the benchmarks: the real forms service, or a plain static server.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createGzip } from 'node:zlib'
import { defaultDistDir, fileForUrlPath } from './dist.ts'

export interface RunningSite {
  url: string
  /** 'forms-service' when the real service serves dist/, 'static' for the fallback server. */
  server: 'forms-service' | 'static'
  close(): Promise<void>
}

/**
 * Serves dist/ on 127.0.0.1 with the real forms service (memory store, no logs, no rate limit), or, if it
 * cannot be loaded, with a minimal static server that answers like a plain static host.
 */
export async function serveSite(distDir = defaultDistDir): Promise<RunningSite> {
  if (process.env.BENCH_STATIC_SERVER !== '1') {
    try {
      const { startService } = (await import('../../forms-service/service.js')) as typeof import('../../forms-service/service.js')
      const service = await startService({ host: '127.0.0.1', port: 0, dataFile: null, siteDir: distDir, logLevel: 'silent', rateLimitPerMinute: 0, production: false })
      return { url: service.url, server: 'forms-service', close: () => service.close() }
    } catch (error) {
      console.warn(`The forms service could not start (${(error as Error).message}); serving dist/ with a static server.`)
    }
  }
  return staticServer(distDir)
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
}

/**
 * A plain static host over dist/: /route -> /route/index.html, unknown paths -> 404.html with status 404,
 * text compressed with gzip as static hosts and CDNs do.
 */
export async function staticServer(distDir = defaultDistDir): Promise<RunningSite> {
  const server = http.createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname
    let file = fileForUrlPath(urlPath, distDir) ?? ''
    if (urlPath === '/') file = path.join(distDir, 'index.html')
    if (file && fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html')
    let status = 200
    if (!file || !fs.existsSync(file)) {
      status = 404
      file = path.join(distDir, '404.html')
    }
    const type = contentTypes[path.extname(file)] ?? 'application/octet-stream'
    const gzip = /text|javascript|json|xml|svg/.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    response.writeHead(status, {
      'content-type': type,
      'cache-control': urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    })
    const stream = fs.createReadStream(file)
    if (gzip) stream.pipe(createGzip()).pipe(response)
    else stream.pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    server: 'static',
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
