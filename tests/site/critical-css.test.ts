// Each built page carries its own rules inline and defers the whole stylesheet (builder/criticalCss.ts).
// What must hold: the inline rules alone give every element of every page exactly the look the whole
// stylesheet gives it, at a phone's width and a desktop's, so nothing moves when it arrives; the whole
// stylesheet is not fetched before the page has loaded, and applies once it is.
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../scripts/page-weight/browserWeight'
import { serveSite, type RunningSite } from '../../scripts/page-weight/serveSite'
import { distDir, htmlFiles } from './dist'

const pages = htmlFiles(distDir)
  .filter((file) => !fs.readFileSync(file, 'utf8').includes('http-equiv="refresh"'))
  .map((file) => `/${path.relative(distDir, file).split(path.sep).join('/')}`.replace(/index\.html$/, ''))

let site: RunningSite
let browser: Browser
beforeAll(async () => {
  site = await serveSite(distDir, 'plain')
  browser = await chromium.launch(chromiumLaunchOptions)
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

/** Every computed property of every element in the body, in document order. */
async function computedStyles(route: string, width: number, { wholeStylesheet }: { wholeStylesheet: boolean }) {
  // Without JavaScript the <noscript> link loads the whole stylesheet; blocking it leaves the inline rules.
  // Inter is blocked either way: the text then shows in its metric-matched fallback in both loads.
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.route('**/*.woff2', (route) => route.abort())
  if (!wholeStylesheet) await page.route('**/*.css', (route) => route.abort())
  await page.goto(new URL(route, site.url).href, { waitUntil: 'load' })
  const styles = await page.evaluate(() => {
    // Running animations (a spinner) would differ by the moment they are read.
    for (const animation of document.getAnimations()) {
      animation.pause()
      animation.currentTime = 0
    }
    const elements = [...document.querySelectorAll('body *')].map((element) => {
      const style = getComputedStyle(element)
      const properties: Record<string, string> = {}
      // Custom properties (Tailwind's --tw-* on every element) count through the properties that use them.
      for (const name of style) if (!name.startsWith('--')) properties[name] = style.getPropertyValue(name)
      return { element: `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`, properties }
    })
    // One string crosses to the test: Playwright's own serialisation of ~100,000 values took most of the test's time.
    return JSON.stringify(elements)
  })
  await context.close()
  return JSON.parse(styles) as { element: string; properties: Record<string, string> }[]
}

/** One page of each kind (the Vike page it is rendered by): the home page, one article, one service page… */
const onePerKind = [
  ...new Map(
    pages.map((route) => {
      const [first = '', ...rest] = route.split('/').filter(Boolean)
      const kind = rest.length > 0 ? `${first}/*` : /\.html$/.test(first) || ['admin', 'thank-you'].includes(first) ? first : route
      return [kind, route]
    }),
  ).values(),
]

describe('the inline rules of each page', () => {
  it('finds the pages', () => expect(pages.length).toBeGreaterThan(20))

  it.each(onePerKind)('give every element of %s the look the whole stylesheet gives it', { timeout: 60_000 }, async (route) => {
    for (const width of [375, 1280]) {
      const [inline, whole] = await Promise.all([
        computedStyles(route, width, { wholeStylesheet: false }),
        computedStyles(route, width, { wholeStylesheet: true }),
      ])
      expect(inline.length).toBe(whole.length)
      const differences = inline.flatMap(({ element, properties }, index) => {
        const wanted = whole[index]!.properties
        return [...new Set([...Object.keys(properties), ...Object.keys(wanted)])]
          .filter((name) => properties[name] !== wanted[name])
          .map((name) => `${width}px ${element} ${name}: ${properties[name]}; with the whole stylesheet: ${wanted[name]}`)
      })
      expect(differences).toEqual([])
    }
  })
})

describe('the whole stylesheet, with JavaScript', () => {
  it('is fetched only after the page has loaded, and then applies', async () => {
    const page = await browser.newPage()
    const events: string[] = []
    page.on('request', (request) => request.url().endsWith('.css') && events.push('stylesheet requested'))
    page.once('load', () => events.push('page loaded'))
    await page.goto(new URL('/blog/automation-workflows', site.url).href)
    await expect.poll(() => page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.endsWith('.css')))).toBe(true)
    expect(events).toEqual(['page loaded', 'stylesheet requested'])
    expect(await page.locator('template[data-whole-stylesheet]').count()).toBe(0)
    await page.close()
  })

  it('applies before an island hydrates, however slowly it comes', async () => {
    const page = await browser.newPage()
    await page.route('**/*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    // Notes, at the moment the header island is marked hydrated, whether the stylesheet had applied.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const header = document.querySelector('[data-island="header"]')
        if (header?.hasAttribute('data-hydrated') && !('stylesheetAtHydration' in window))
          Object.assign(window, { stylesheetAtHydration: [...document.styleSheets].some((sheet) => sheet.href?.endsWith('.css')) })
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
    })
    await page.goto(new URL('/blog/automation-workflows', site.url).href)
    await page.locator('[data-island="header"][data-hydrated]').waitFor({ state: 'attached' })
    expect(await page.evaluate(() => (window as unknown as { stylesheetAtHydration: boolean }).stylesheetAtHydration)).toBe(true)
    await page.close()
  })
})

it('leaves no inline script in any page (the service allows none) and a <noscript> copy of the stylesheet in each', () => {
  for (const route of pages) {
    const html = fs.readFileSync(path.join(distDir, route.endsWith('/') ? `${route}index.html` : route), 'utf8')
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>/g)]
    expect(inlineScripts, route).toEqual([])
    expect(html, route).toMatch(/<noscript><link rel="stylesheet"[^>]*href="\/assets\/static\/[^"]+\.css"><\/noscript>/)
  }
})
