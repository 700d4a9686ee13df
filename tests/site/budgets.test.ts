// Page-weight budgets (gzip, kB = 1,000 bytes), checked on the built dist/:
//   JavaScript of `/` <= 100 kB; of every blog article and legal page <= 80 kB; CSS <= 25 kB on every page.
//
// The budgets apply to what Chromium actually fetches until the page is idle, scrolled to the bottom, with
// every island hydrated (islands come through dynamic import(), so reading the HTML is not enough); see
// scripts/page-weight/. Sizes are gzip-computed from the files in dist/, so the check is deterministic:
// it does not depend on timing, the machine, or whether the server compresses.
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserPageWeight, chromiumLaunchOptions, type BrowserWeight } from '../../scripts/page-weight/browserWeight'
import { budgets, formatKb, pageTypes, textPageKinds } from '../../scripts/page-weight/budgets'
import { developmentBuildFiles } from '../../scripts/page-weight/dist'
import { serveSite, type RunningSite } from '../../scripts/page-weight/serveSite'
import { staticPageWeight, type Weight } from '../../scripts/page-weight/staticWeight'
import { urls } from '../../contract/wire/urls'
import { fixtureIds } from '../fixtures/fixture'
import { distDir, htmlFiles } from './dist'

const isRedirect = (file: string) => fs.readFileSync(file, 'utf8').includes('http-equiv="refresh"')

/** Every built blog article (not the legacy redirects) and every legal page. */
const articleRoutes = fs
  .readdirSync(path.join(distDir, 'blog'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(distDir, 'blog', entry.name, 'index.html')))
  .filter((entry) => !isRedirect(path.join(distDir, 'blog', entry.name, 'index.html')))
  .map((entry) => urls.post(entry.name))
/** The legal pages of the content the site was built from (tests/fixtures/content). */
const legalRoutes = fixtureIds('legal').map((slug) => urls.legal(slug))

const jsBudgets: [route: string, budget: number][] = [
  ['/', budgets.homeJs],
  ...articleRoutes.map((route): [string, number] => [route, budgets.articleOrLegalJs]),
  ...legalRoutes.map((route): [string, number] => [route, budgets.articleOrLegalJs]),
]

/** Chromium's figures, one load per route, shared by the tests below. */
const loaded = new Map<string, BrowserWeight>()
let site: RunningSite
let browser: Browser

async function measure(route: string): Promise<BrowserWeight> {
  let weight = loaded.get(route)
  if (!weight) {
    weight = await browserPageWeight(browser, site.url, route, distDir)
    loaded.set(route, weight)
  }
  return weight
}

/** The files behind a figure, largest first, for the failure message. */
const breakdown = (weight: Weight, type: 'js' | 'css') =>
  weight.assets
    .filter((asset) => asset.type === type)
    .sort((a, b) => b.gzip - a.gzip)
    .map((asset) => `${asset.url} ${formatKb(asset.gzip)}`)
    .join('\n  ')

beforeAll(async () => {
  site = await serveSite(distDir)
  browser = await chromium.launch(chromiumLaunchOptions)
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

describe('page-weight budgets (gzip)', () => {
  it('finds the pages it budgets', () => {
    expect(articleRoutes.length).toBeGreaterThan(0)
    expect(legalRoutes.length).toBeGreaterThan(0)
    for (const [route] of jsBudgets) expect(fs.existsSync(path.join(distDir, route, 'index.html')), route).toBe(true)
  })

  it('measures a production build', () => {
    // A build run with NODE_ENV=test (vitest's) ships React's development build; the budgets are for what
    // visitors get. The build must run with NODE_ENV=production (e.g. in tests/globalSetup.ts).
    expect(developmentBuildFiles(distDir), 'dist/ was built with NODE_ENV other than production').toEqual([])
  })

  it.each(jsBudgets)('JavaScript loaded by %s stays within %d bytes', { timeout: 60_000 }, async (route, budget) => {
    const weight = await measure(route)
    expect(weight.notHydrated, `${route}: islands that never hydrated, so the figure would be short`).toEqual([])
    expect(weight.jsGzip, `${route} loads ${formatKb(weight.jsGzip)} of JS (budget ${formatKb(budget)}):\n  ${breakdown(weight, 'js')}\n`).toBeLessThanOrEqual(
      budget,
    )
  })

  // React and each widget's code come at the widget's first use or when the browser idles, never before.
  const textPages = [...new Set([...pageTypes.filter((page) => textPageKinds.includes(page.kind)).map((page) => page.route), ...articleRoutes, ...legalRoutes])]
  it.each(textPages)('JavaScript loaded by the text page %s before the visitor interacts stays within 10 kB', { timeout: 60_000 }, async (route) => {
    const weight = await browserPageWeight(browser, site.url, route, distDir, { until: 'interaction' })
    expect(weight.jsGzip, `${route} loads ${formatKb(weight.jsGzip)} of JS before any interaction:\n  ${breakdown(weight, 'js')}\n`).toBeLessThanOrEqual(
      budgets.textPageJsBeforeInteraction,
    )
  })

  it.each(pageTypes.map((page) => page.route))('CSS loaded by %s stays within 25 kB', { timeout: 60_000 }, async (route) => {
    const weight = await measure(route)
    expect(weight.notHydrated, `${route}: islands that never hydrated, so the figure would be short`).toEqual([])
    expect(weight.cssGzip, `${route} loads ${formatKb(weight.cssGzip)} of CSS:\n  ${breakdown(weight, 'css')}\n`).toBeLessThanOrEqual(budgets.css)
  })

  it('keeps the stylesheets every built page links within the CSS budget', () => {
    for (const file of htmlFiles(distDir).filter((file) => !isRedirect(file))) {
      const route = `/${path.relative(distDir, file).split(path.sep).join('/')}`.replace(/\/?index\.html$/, '') || '/'
      const weight = staticPageWeight(route, distDir)
      expect(weight.cssGzip, `${route} links ${formatKb(weight.cssGzip)} of CSS`).toBeLessThanOrEqual(budgets.css)
    }
  })

  // The static reading and the browser must agree on the first-load files; if not, one of them is wrong.
  it.each(['/', '/blog/automation-workflows'])('measures in Chromium every file %s declares or statically imports', { timeout: 60_000 }, async (route) => {
    const declared = staticPageWeight(route, distDir)
      .assets.filter((asset) => !asset.inline)
      .map((asset) => asset.url)
    const fetched = (await measure(route)).assets.map((asset) => asset.url)
    expect(declared.length).toBeGreaterThan(0)
    expect(fetched).toEqual(expect.arrayContaining(declared))
  })
})
