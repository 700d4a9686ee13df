// Page weight: the JavaScript and CSS a built page makes the browser fetch, gzip-compressed (level 9),
// measured two ways, shared by `npm run bench` (scripts/bench-size.ts) and tests/site/budgets.test.ts.
//
// - Static first load (`staticPageWeight`): read from the HTML file alone. The page's
//   <script type="module" src>, <link rel="modulepreload"> and <link rel="stylesheet">, then,
//   recursively, the static `import … from "…"`, `import "…"` and `export … from "…"` statements of those
//   JS files (and `@import` of those CSS files). Dynamic `import()` is not followed.
// - Loaded until idle (`browserPageWeight`): islands hydrate through dynamic `import()` (on load, on
//   idle, or when visible), which no static reading can follow honestly. So the page is opened in
//   headless Chromium, scrolled to the bottom in viewport steps (so every "visible" island intersects),
//   and left until every `data-island` marker is hydrated (except on-demand ones, loaded at first use) and the network has been quiet for 500 ms.
//   Every .js/.css response from the page's own origin is counted once, gzip-computed from its file in
//   dist/ (so the figure does not depend on whether the server compresses).
//
// THE BUDGET APPLIES TO THE BROWSER FIGURE: issue 4 budgets "JavaScript on the first load", i.e.
// everything the page fetches before it is idle, islands included. The static figure is printed beside
// it to show how much is on the critical path. kB here means 1,000 bytes.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createGzip, gzipSync } from 'node:zlib'
import type { Browser, Request } from 'playwright-core'

export const kB = 1000

/** Budgets of issue 4 (gzip bytes). `js: null`: the issue sets no JavaScript budget for that page type. */
export const budgets = {
  homeJs: 100 * kB,
  articleOrLegalJs: 80 * kB,
  css: 25 * kB,
}

export type PageKind = 'home' | 'service' | 'case-study' | 'portfolio' | 'blog' | 'article' | 'legal' | 'sitemap' | 'admin' | '404'

export interface PageType {
  kind: PageKind
  /** The URL path the page is served at. */
  route: string
  /** Gzip byte budgets; `null` when issue 4 sets none for this page type (the figure is still printed). */
  budget: { js: number | null; css: number }
}

/** One page of each type, with its budget. */
export const pageTypes: PageType[] = [
  { kind: 'home', route: '/', budget: { js: budgets.homeJs, css: budgets.css } },
  { kind: 'service', route: '/service/website-design', budget: { js: null, css: budgets.css } },
  { kind: 'case-study', route: '/case-study/smart-support', budget: { js: null, css: budgets.css } },
  { kind: 'portfolio', route: '/portfolio', budget: { js: null, css: budgets.css } },
  { kind: 'blog', route: '/blog', budget: { js: null, css: budgets.css } },
  { kind: 'article', route: '/blog/automation-workflows', budget: { js: budgets.articleOrLegalJs, css: budgets.css } },
  { kind: 'legal', route: '/privacy-policy', budget: { js: budgets.articleOrLegalJs, css: budgets.css } },
  { kind: 'sitemap', route: '/sitemap', budget: { js: null, css: budgets.css } },
  { kind: 'admin', route: '/admin/newsletter', budget: { js: null, css: budgets.css } },
  { kind: '404', route: '/404.html', budget: { js: null, css: budgets.css } },
]

export const defaultDistDir = path.resolve(process.env.DIST_DIR ?? 'dist')

export interface Asset {
  /** URL path, e.g. /assets/chunks/chunk-X.js */
  url: string
  type: 'js' | 'css'
  bytes: number
  gzip: number
}

export interface Weight {
  assets: Asset[]
  jsGzip: number
  cssGzip: number
}

export interface BrowserWeight extends Weight {
  /** data-island names on the page, and those that had not hydrated when measuring stopped. */
  islands: string[]
  notHydrated: string[]
}

const gzipCache = new Map<string, { bytes: number; gzip: number }>()

/** Raw and gzip (level 9) size of a file. */
export function fileSizes(file: string): { bytes: number; gzip: number } {
  let sizes = gzipCache.get(file)
  if (!sizes) {
    const content = fs.readFileSync(file)
    sizes = { bytes: content.length, gzip: gzipSync(content, { level: 9 }).length }
    gzipCache.set(file, sizes)
  }
  return sizes
}

/** The HTML file a static host serves for a route: '/blog' -> dist/blog/index.html, '/404.html' -> dist/404.html. */
export function htmlFileForRoute(route: string, distDir = defaultDistDir): string {
  const clean = decodeURIComponent(route.split(/[?#]/)[0]!)
  if (path.extname(clean)) return path.join(distDir, clean)
  return path.join(distDir, clean, 'index.html')
}

/** The file in dist/ behind a URL path of the site, or null if it points outside it. */
function fileForUrlPath(urlPath: string, distDir: string): string | null {
  const file = path.join(distDir, decodeURIComponent(urlPath))
  return file.startsWith(distDir + path.sep) ? file : null
}

const sumGzip = (assets: Asset[], type: Asset['type']) => assets.filter((asset) => asset.type === type).reduce((sum, asset) => sum + asset.gzip, 0)

function weightOf(assets: Asset[]): Weight {
  const sorted = [...assets].sort((a, b) => a.url.localeCompare(b.url))
  return { assets: sorted, jsGzip: sumGzip(sorted, 'js'), cssGzip: sumGzip(sorted, 'css') }
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))?.slice(1).find((value) => value !== undefined)

/** The JS and CSS URLs an HTML document asks for before any script runs. */
export function declaredAssets(html: string): { js: string[]; css: string[] } {
  const js: string[] = []
  const css: string[] = []
  // Comments could hold markup that is never fetched.
  const markup = html.replace(/<!--[\s\S]*?-->/g, '')
  for (const [tag] of markup.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src')
    if (src && attr(tag, 'type')?.toLowerCase() === 'module') js.push(src)
    else if (src) js.push(src) // a classic script is fetched too
  }
  for (const [tag] of markup.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
    const href = attr(tag, 'href')
    if (!href) continue
    if (rel.includes('modulepreload')) js.push(href)
    else if (rel.includes('stylesheet')) css.push(href)
  }
  return { js, css }
}

/**
 * Static import specifiers of an ES module as bundlers emit it (minified or not):
 * `import{a as b}from"./x.js"`, `import x,{y}from'./x.js'`, `import*as x from"./x.js"`, `import"./x.js"`,
 * `export{a}from"./x.js"`, `export*from"./x.js"`. Not `import("./x.js")` (dynamic) nor `import.meta`.
 */
export function staticImports(code: string): string[] {
  const specifiers: string[] = []
  const pattern = /(?:^|[;}\n\r)])\s*(?:import|export)\s*(?:(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+|\*|\{[^}]*\})?\s*from\s*|(?=["']))(["'])([^"'\n]+)\1/g
  for (const match of code.matchAll(pattern)) specifiers.push(match[2]!)
  return specifiers
}

/** `@import` URLs of a stylesheet. */
export function cssImports(code: string): string[] {
  return [...code.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)["']?/g)].map((match) => match[1]!)
}

/** Resolves a reference from a document or module at `baseUrlPath` to a same-site URL path, or null for other origins. */
function resolveUrlPath(reference: string, baseUrlPath: string): string | null {
  const base = new URL(baseUrlPath, 'http://site.invalid')
  const url = new URL(reference, base)
  return url.origin === base.origin ? url.pathname : null
}

/** The first-load JS and CSS of a built page, read from its HTML file and the static imports of its scripts. */
export function staticPageWeight(route: string, distDir = defaultDistDir): Weight {
  const htmlFile = htmlFileForRoute(route, distDir)
  const html = fs.readFileSync(htmlFile, 'utf8')
  const pageUrl = route.endsWith('/') || path.extname(route) ? route : `${route}/`
  const declared = declaredAssets(html)
  const seen = new Map<string, Asset>()
  const visit = (urlPath: string | null, type: Asset['type']) => {
    if (!urlPath || seen.has(urlPath)) return
    const file = fileForUrlPath(urlPath, distDir)
    if (!file || !fs.existsSync(file)) throw new Error(`${route} refers to ${urlPath}, which is not in ${distDir}`)
    seen.set(urlPath, { url: urlPath, type, ...fileSizes(file) })
    const code = fs.readFileSync(file, 'utf8')
    if (type === 'js') for (const specifier of staticImports(code)) visit(resolveUrlPath(specifier, urlPath), 'js')
    else for (const specifier of cssImports(code)) visit(resolveUrlPath(specifier, urlPath), 'css')
  }
  for (const reference of declared.js) visit(resolveUrlPath(reference, pageUrl), 'js')
  for (const reference of declared.css) visit(resolveUrlPath(reference, pageUrl), 'css')
  return weightOf([...seen.values()])
}

/**
 * Loads `siteUrl + route` in Chromium until it is idle, islands hydrated, and counts every JS and CSS file
 * fetched from the site's origin, gzip-sized from dist/.
 */
export async function browserPageWeight(browser: Browser, siteUrl: string, route: string, distDir = defaultDistDir): Promise<BrowserWeight> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const origin = new URL(siteUrl).origin
  const fetched = new Map<string, Asset>()
  // Requests under way. A fetch() whose body the page never reads (an admin 401, say) never "finishes",
  // so API calls count as done once their response has arrived.
  const inFlight = new Set<Request>()
  let lastActivity = Date.now()
  page.on('request', (request) => {
    inFlight.add(request)
    lastActivity = Date.now()
  })
  const settled = (request: Request) => {
    inFlight.delete(request)
    lastActivity = Date.now()
  }
  page.on('requestfinished', settled)
  page.on('requestfailed', settled)
  page.on('response', (response) => {
    if (['fetch', 'xhr', 'eventsource', 'websocket'].includes(response.request().resourceType())) settled(response.request())
  })
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin !== origin || !response.ok()) return
    const kind = response.request().resourceType()
    const type: Asset['type'] | null = /\.(m?js)$/.test(url.pathname) || kind === 'script' ? 'js' : /\.css$/.test(url.pathname) || kind === 'stylesheet' ? 'css' : null
    if (!type || fetched.has(url.pathname)) return
    const file = fileForUrlPath(url.pathname, distDir)
    if (file && fs.existsSync(file)) {
      fetched.set(url.pathname, { url: url.pathname, type, ...fileSizes(file) })
    } else {
      pending.push(
        response.body().then(
          (body) => void fetched.set(url.pathname, { url: url.pathname, type, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
          () => undefined,
        ),
      )
    }
  })
  const quiet = async (quietMs = 500, timeoutMs = 15_000) => {
    const started = Date.now()
    while (Date.now() - started < timeoutMs) {
      if (inFlight.size === 0 && Date.now() - lastActivity >= quietMs) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  try {
    await page.goto(new URL(route, siteUrl).href, { waitUntil: 'load' })
    await quiet()
    // Scroll through the page one viewport at a time, so that every island hydrating when visible
    // intersects the viewport at some point, then let idle callbacks run.
    // (Page code is passed as text: tsx/esbuild would wrap named functions in a `__name` helper that
    // does not exist in the page.)
    await page.evaluate(`(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 60)))
      for (let y = 0; y < document.documentElement.scrollHeight; y += Math.floor(window.innerHeight * 0.8)) {
        window.scrollTo({ top: y, behavior: 'instant' }) // not the site's smooth scrolling
        await frame()
      }
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' })
      await frame()
      await new Promise((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(resolve, { timeout: 5000 }) : setTimeout(resolve, 200)))
    })()`)
    await page
      .waitForFunction(`[...document.querySelectorAll('[data-island]:not([data-hydrate="on-demand"])')].every((element) => element.dataset.hydrated !== undefined)`, undefined, { timeout: 10_000 })
      .catch(() => undefined)
    await quiet()
    await Promise.all(pending)
    const islandState = (await page.evaluate(
      `[...document.querySelectorAll('[data-island]:not([data-hydrate="on-demand"])')].map((element) => ({ name: element.dataset.island, hydrated: element.dataset.hydrated !== undefined }))`,
    )) as { name: string; hydrated: boolean }[]
    return {
      ...weightOf([...fetched.values()]),
      islands: [...new Set(islandState.map((island) => island.name))],
      notHydrated: [...new Set(islandState.filter((island) => !island.hydrated).map((island) => island.name))],
    }
  } finally {
    await context.close()
  }
}

export const chromiumLaunchOptions = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] }

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
      const { startService } = (await import('../forms-service/service.js')) as typeof import('../forms-service/service.js')
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

export interface PageReport {
  page: PageType
  static: Weight
  loaded: BrowserWeight
  /** The figures the budgets apply to (the browser's). */
  jsOk: boolean
  cssOk: boolean
}

/** Measures every page type (static and in the browser) against its budget. */
export async function measurePages(browser: Browser, siteUrl: string, distDir = defaultDistDir, pages = pageTypes): Promise<PageReport[]> {
  const reports: PageReport[] = []
  for (const page of pages) {
    const staticWeight = staticPageWeight(page.route, distDir)
    const loaded = await browserPageWeight(browser, siteUrl, page.route, distDir)
    reports.push({
      page,
      static: staticWeight,
      loaded,
      jsOk: page.budget.js === null || loaded.jsGzip <= page.budget.js,
      cssOk: loaded.cssGzip <= page.budget.css,
    })
  }
  return reports
}

export const formatKb = (bytes: number) => `${(bytes / kB).toFixed(1)} kB`

export function assertDistBuilt(distDir = defaultDistDir) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${path.relative(process.cwd(), distDir) || distDir}/index.html is missing: run \`npm run build\` first.`)
  }
}

/**
 * The JS files of dist/ that hold React's development build. Vite replaces `process.env.NODE_ENV` with the
 * environment's value, so a build run with NODE_ENV=test (as under vitest) ships development React, about
 * 65 kB gzip heavier: such a dist/ says nothing about what visitors download.
 */
export function developmentBuildFiles(distDir = defaultDistDir): string[] {
  const assets = path.join(distDir, 'assets')
  if (!fs.existsSync(assets)) return []
  return (fs.readdirSync(assets, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.js'))
    .filter((file) => /is deprecated in plain JavaScript React classes|react-stack-bottom-frame/.test(fs.readFileSync(path.join(assets, file), 'utf8')))
    .map((file) => `/assets/${file.split(path.sep).join('/')}`)
}
