import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { fixtureFrontMatter, fixtureIds, fixtureJson } from '../fixtures/fixture'
import { afterOffer, expectNoErrors, hydrated, openPage, scrollToIsland, siteForTests, viewports, type ViewportName } from './harness'

const site = siteForTests()

// What the fixture content (tests/fixtures) holds: the carousels' totals, the portfolio's cases.
const serviceCount = fixtureIds('services').length
const testimonialCount = fixtureJson<unknown[]>('testimonials.json').length
const caseCategories = fixtureIds('case-studies').map((id) => fixtureFrontMatter('case-studies', id).category)

const header = (page: Page) => page.locator('header').first()
const headerIsSolid = (page: Page) => header(page).evaluate((element) => getComputedStyle(element).backgroundColor === 'rgb(255, 255, 255)')
const headerStyle = (page: Page) =>
  header(page).evaluate((element) => {
    const style = getComputedStyle(element)
    return { background: style.backgroundColor, color: style.color, shadow: style.boxShadow !== 'none' }
  })

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`at ${viewport} width`, () => {
    test('header: transparent with white text at the top of home, white with a shadow past 50 px and on other pages', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/')
      await hydrated(t.page, 'header')
      expect(await headerStyle(t.page)).toEqual({ background: 'rgba(0, 0, 0, 0)', color: 'rgb(255, 255, 255)', shadow: false })
      await t.page.evaluate(() => window.scrollTo({ top: 50, behavior: 'instant' }))
      await t.page.waitForTimeout(100)
      expect(await headerIsSolid(t.page)).toBe(false)
      await t.page.evaluate(() => window.scrollTo({ top: 51, behavior: 'instant' }))
      await expect.poll(() => headerIsSolid(t.page)).toBe(true)
      await expect.poll(async () => (await headerStyle(t.page)).background).toBe('rgb(255, 255, 255)')
      expect((await headerStyle(t.page)).shadow).toBe(true)
      await t.page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
      await expect.poll(() => headerIsSolid(t.page)).toBe(false)
      for (const route of ['/blog/', '/service/ai-agents/', '/privacy-policy/']) {
        await t.goto(route)
        expect(await headerIsSolid(t.page), route).toBe(true)
      }
      expectNoErrors(t)
    })

    test('header links: anchors on other pages lead to / plus the anchor', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/blog/')
      const hrefs = await header(t.page)
        .locator('nav a:not([data-consultation])')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      for (const anchor of ['#services', '#portfolio', '#about', '#contact']) expect(hrefs).toContain(`/${anchor}`)
      expect(hrefs.every((href) => !href!.startsWith('#'))).toBe(true)
      expectNoErrors(t)
    })

    if (viewport === 'phone') {
      test('mobile menu: the toggle opens it, choosing an item closes it', async () => {
        const t = await openPage(site, { viewport, clock: afterOffer })
        await t.goto('/')
        await hydrated(t.page, 'header')
        const toggle = t.page.getByRole('button', { name: 'Open menu' })
        await toggle.click()
        const menu = t.page.locator('#mobile-menu')
        expect(await menu.isVisible()).toBe(true)
        expect(await t.page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
        await menu.getByRole('link', { name: 'Services' }).click()
        await expect.poll(() => menu.isVisible()).toBe(false)
        await expect.poll(() => t.page.evaluate(() => location.hash)).toBe('#services')
        // Keyboard: Enter opens, Escape closes.
        await t.page.getByRole('button', { name: 'Open menu' }).focus()
        await t.page.keyboard.press('Enter')
        expect(await menu.isVisible()).toBe(true)
        await t.page.keyboard.press('Escape')
        await expect.poll(() => menu.isVisible()).toBe(false)
        expectNoErrors(t)
      })
    }

    test('carousels: 3 at a time, arrows move by one within 0..total-3, dots jump to page starts, all by keyboard', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/')
      for (const [island, noun, total] of [
        ['services-carousel', 'services', serviceCount],
        ['testimonials-carousel', 'testimonials', testimonialCount],
      ] as const) {
        await scrollToIsland(t.page, island)
        const carousel = t.page.locator(`[data-island="${island}"] section[aria-roledescription="carousel"]`)
        const counter = () => carousel.locator('[aria-live="polite"]').textContent()
        const slides = () => carousel.locator('[aria-roledescription="slide"]').count()
        const previous = carousel.getByRole('button', { name: 'Previous' })
        const next = carousel.getByRole('button', { name: 'Next' })
        expect(await counter()).toBe(`Showing 1-3 of ${total} ${noun}`)
        expect(await slides()).toBe(3)
        expect(await previous.isDisabled()).toBe(true)
        await next.focus()
        for (let start = 2; start <= total - 2; start++) {
          await t.page.keyboard.press('Enter')
          await expect.poll(counter).toBe(`Showing ${start}-${start + 2} of ${total} ${noun}`)
        }
        expect(await next.isDisabled()).toBe(true)
        expect(await slides()).toBe(3)
        await previous.focus()
        await t.page.keyboard.press('Enter')
        await expect.poll(counter).toBe(`Showing ${total - 3}-${total - 1} of ${total} ${noun}`)
        const dots = carousel.getByRole('button', { name: /^Show items/ })
        const pageStarts = [0, 3, 6].filter((start) => start < total).map((start) => Math.min(start, total - 3))
        expect(await dots.count()).toBe(new Set(pageStarts).size)
        for (const [index, start] of [...new Set(pageStarts)].entries()) {
          await dots.nth(index).focus()
          await t.page.keyboard.press(' ')
          await expect.poll(counter).toBe(`Showing ${start + 1}-${start + 3} of ${total} ${noun}`)
          expect(await dots.nth(index).getAttribute('aria-current')).toBe('true')
        }
      }
      expectNoErrors(t)
    })

    test('portfolio filter: All omits the featured case from the grid, a category shows all of its cases; teasers are cut', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/')
      await scrollToIsland(t.page, 'portfolio')
      const island = t.page.locator('[data-island="portfolio"]')
      const grid = island.locator('ul li')
      const filters = island.getByRole('group', { name: 'Filter projects by category' }).getByRole('button')
      expect(await filters.allTextContents()).toEqual(expect.arrayContaining(['All', 'AI Agents', 'Website Design', 'App Design', 'Automation']))
      expect(await filters.first().getAttribute('aria-pressed')).toBe('true')
      const featuredTitle = await island.locator('h3').first().textContent()
      expect(await grid.count()).toBe(caseCategories.length - 1)
      expect(await grid.filter({ hasText: featuredTitle! }).count()).toBe(0)
      const teasers = await grid.locator('p').allTextContents()
      for (const text of teasers.filter((text) => text.endsWith('...'))) expect(text.length).toBeLessThanOrEqual(103)
      expect(teasers.some((text) => text.endsWith('...'))).toBe(true)
      await island.getByRole('button', { name: 'AI Agents' }).click()
      expect(await island.getByRole('button', { name: 'AI Agents' }).getAttribute('aria-pressed')).toBe('true')
      await expect.poll(() => grid.count()).toBe(caseCategories.filter((category) => category === 'AI Agents').length)
      await island.getByRole('button', { name: 'All' }).click()
      await expect.poll(() => grid.count()).toBe(caseCategories.length - 1)
      expectNoErrors(t)
    })
  })
}

describe('scroll reveal', () => {
  test('elements appear once 10% is visible and stay; nothing is hidden for reduced motion or without JavaScript', async () => {
    const t = await openPage(site, { clock: afterOffer })
    await t.goto('/blog/')
    const last = t.page.locator('[data-reveal]').last()
    expect(await last.evaluate((element) => element.hasAttribute('data-revealed'))).toBe(false)
    await expect.poll(() => last.evaluate((element) => getComputedStyle(element).opacity)).toBe('0')
    await last.scrollIntoViewIfNeeded()
    await expect.poll(() => last.evaluate((element) => element.hasAttribute('data-revealed'))).toBe(true)
    await t.page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    await t.page.waitForTimeout(200)
    expect(await last.evaluate((element) => element.hasAttribute('data-revealed'))).toBe(true)
    expectNoErrors(t)

    const reduced = await openPage(site, { reducedMotion: 'reduce' })
    await reduced.goto('/blog/')
    const opacities = await reduced.page.locator('[data-reveal]').evaluateAll((elements) => elements.map((element) => getComputedStyle(element).opacity))
    expect(new Set(opacities)).toEqual(new Set(['1']))

    const context = await site.browser.newContext({ javaScriptEnabled: false, baseURL: site.url })
    const page = await context.newPage()
    await page.goto('/')
    const hidden = await page.locator('[data-reveal]').evaluateAll((elements) => elements.filter((element) => getComputedStyle(element).opacity !== '1').length)
    expect(hidden).toBe(0)
  })
})
