// Loaded until idle: islands hydrate through dynamic `import()` (on load, on idle, or when visible), which
// no static reading can follow honestly. So the page is opened in headless Chromium, scrolled to the
// bottom in viewport steps (so every "visible" island intersects), and left until every `data-island`
// marker is hydrated (except on-demand ones, loaded at first use) and the network has been quiet for
// 500 ms. Every .js/.css response from the page's own origin is counted once, gzip-computed from its file
// in dist/ (so the figure does not depend on whether the server compresses).
import fs from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { Browser, Request } from 'playwright-core'
import { budgets, pageTypes, textPageKinds, type PageType } from './budgets.ts'
import { defaultDistDir, fileForUrlPath, fileSizes } from './dist.ts'
import { staticPageWeight, weightOf, type Asset, type Weight } from './staticWeight.ts'

export interface BrowserWeight extends Weight {
  /** data-island names on the page, and those that had not hydrated when measuring stopped. */
  islands: string[]
  notHydrated: string[]
}

/**
 * Loads `siteUrl + route` in Chromium until it is idle, islands hydrated (or, with `until: 'interaction'`,
 * until the network is quiet with idle callbacks held back), and counts every JS and CSS file fetched from
 * the site's origin, gzip-sized from dist/.
 */
export async function browserPageWeight(
  browser: Browser,
  siteUrl: string,
  route: string,
  distDir = defaultDistDir,
  { until = 'idle' }: { until?: 'idle' | 'interaction' } = {},
): Promise<BrowserWeight> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  // Before the visitor interacts: the browser never idles (requestIdleCallback never calls back) and
  // nothing is scrolled, so what loads is what the page asks for on its own.
  if (until === 'interaction') await context.addInitScript('window.requestIdleCallback = () => 0')
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
    const type: Asset['type'] | null =
      /\.(m?js)$/.test(url.pathname) || kind === 'script' ? 'js' : /\.css$/.test(url.pathname) || kind === 'stylesheet' ? 'css' : null
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
    if (until === 'interaction') {
      await Promise.all(pending)
      return { ...weightOf([...fetched.values()]), islands: [], notHydrated: [] }
    }
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
      .waitForFunction(
        `[...document.querySelectorAll('[data-island]:not([data-hydrate="on-demand"])')].every((element) => element.dataset.hydrated !== undefined)`,
        undefined,
        { timeout: 10_000 },
      )
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

export interface PageReport {
  page: PageType
  static: Weight
  /** Until the network is quiet, idle callbacks held back and nothing scrolled. */
  beforeInteraction: Weight
  loaded: BrowserWeight
  /** The figures the budgets apply to (the browser's); a text page's JS before interaction too. */
  jsOk: boolean
  cssOk: boolean
}

/** Measures every page type (static and in the browser) against its budget. */
export async function measurePages(browser: Browser, siteUrl: string, distDir = defaultDistDir, pages = pageTypes): Promise<PageReport[]> {
  const reports: PageReport[] = []
  for (const page of pages) {
    const staticWeight = staticPageWeight(page.route, distDir)
    const beforeInteraction = await browserPageWeight(browser, siteUrl, page.route, distDir, { until: 'interaction' })
    const loaded = await browserPageWeight(browser, siteUrl, page.route, distDir)
    const textPage = textPageKinds.includes(page.kind)
    reports.push({
      page,
      static: staticWeight,
      beforeInteraction,
      loaded,
      jsOk: (page.budget.js === null || loaded.jsGzip <= page.budget.js) && (!textPage || beforeInteraction.jsGzip <= budgets.textPageJsBeforeInteraction),
      cssOk: loaded.cssGzip <= page.budget.css,
    })
  }
  return reports
}
