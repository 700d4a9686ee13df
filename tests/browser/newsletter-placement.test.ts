import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { afterOffer, expectAccessible, expectNoErrors, hydrated, openPage, siteForTests, viewports, type ViewportName, adminHeader } from './harness'

// The newsletter sign-up at the end of every article and in the footer of every page: the blog's form,
// one island, hydrated at the visitor's first focus or pointer on it.
const site = siteForTests()

const article = '/blog/automation-workflows/'
const success = "Successfully Subscribed!\nThank you for subscribing to our newsletter. You'll receive the latest digital strategies and insights."

/** Where a sign-up sits: the article's own (in the page's main content) or the footer's. */
const signUp = (page: Page, where: 'article' | 'footer'): Locator =>
  where === 'article' ? page.getByRole('article').locator('[data-island="newsletter"]') : page.getByRole('contentinfo').locator('[data-island="newsletter"]')
const toastIn = (page: Page, where: 'article' | 'footer') =>
  (where === 'article' ? page.getByRole('main') : page.getByRole('contentinfo')).getByRole('region', { name: 'Notifications (F8)' }).locator('li')

async function subscribers(): Promise<string[]> {
  const response = await fetch(`${site.url}/api/admin/newsletter-subscribers`, { headers: adminHeader })
  return ((await response.json()) as Array<{ email: string }>).map((subscriber) => subscriber.email)
}

/** The page's islands that have hydrated, by name. */
const hydratedIslands = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-island][data-hydrated]')].map((element) => element.dataset.island))

test('each article ends with the sign-up and every page has one in its footer, as plain HTML forms', async () => {
  for (const route of [article, '/', '/service/website-design/']) {
    const html = await (await fetch(`${site.url}${route}`)).text()
    const footer = html.slice(html.indexOf('<footer'))
    expect(footer, route).toMatch(/<form [^>]*action="\/api\/newsletter-subscription" method="post"/)
    expect(footer, route).toMatch(/<input[^>]*type="email"[^>]*required=""/)
  }
  const html = await (await fetch(`${site.url}${article}`)).text()
  const body = html.slice(html.indexOf('<article'), html.indexOf('</article>'))
  expect(body).toMatch(/data-island="newsletter" data-hydrate="on-demand"/)
  expect(body).toMatch(/<form [^>]*action="\/api\/newsletter-subscription" method="post"/)
})

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`at ${viewport} width`, () => {
    for (const [where, route] of [
      ['article', article],
      ['footer', '/'],
    ] as const) {
      test(`signs up from the ${where === 'article' ? "article's end" : 'footer'}, with SPEC's toasts, by keyboard`, async () => {
        const t = await openPage(site, { viewport, clock: afterOffer })
        await t.goto(route)
        const island = signUp(t.page, where)
        const email = island.getByLabel('Email address')
        await email.scrollIntoViewIfNeeded()
        // Nothing of the form's code before the visitor reaches it.
        expect(await hydratedIslands(t.page)).not.toContain('newsletter')
        await email.focus()
        await hydrated(t.page, 'newsletter')
        expect(await email.evaluate((element) => element === document.activeElement)).toBe(true)

        // Empty: SPEC's Email Required toast, nothing sent.
        await t.page.keyboard.press('Enter')
        const toast = toastIn(t.page, where)
        await expect.poll(() => toast.innerText().catch(() => '')).toContain('Email Required\nPlease enter your email address to subscribe.')
        expect(await toast.getAttribute('data-variant')).toBe('destructive')

        const address = `${where}-${viewport}@example.com`
        await email.focus()
        await t.page.keyboard.type(address)
        // Tab to the button and press it, as a keyboard user does.
        await t.page.keyboard.press('Tab')
        expect(await island.getByRole('button', { name: 'Subscribe' }).evaluate((element) => element === document.activeElement)).toBe(true)
        await t.page.keyboard.press('Enter')
        await expect.poll(() => toast.innerText().catch(() => '')).toContain(success)
        expect(await toast.getAttribute('data-variant')).toBe('default')
        expect(await email.inputValue()).toBe('')
        expect(await subscribers()).toContain(address)
        await expectAccessible(t.page)
        expectNoErrors(t)
      })
    }
  })
}

describe('at 1440 px and 375 px', () => {
  for (const width of [1440, 375]) {
    for (const route of [article, '/']) {
      test(`${route} at ${width} px: the sign-ups, hydrated, have no serious or critical axe violation`, async () => {
        const t = await openPage(site, { clock: afterOffer })
        await t.page.setViewportSize({ width, height: 900 })
        await t.goto(route)
        for (const island of await t.page.locator('[data-island="newsletter"]').all()) await island.getByLabel('Email address').focus()
        await expect.poll(() => t.page.locator('[data-island="newsletter"]:not([data-hydrated])').count()).toBe(0)
        await t.page.getByRole('contentinfo').scrollIntoViewIfNeeded()
        await expectAccessible(t.page)
        expectNoErrors(t)
      })
    }
  }
})

test('without JavaScript the footer form subscribes through the thank-you page', async () => {
  const t = await openPage(site, { javaScript: false })
  await t.goto('/')
  const footer = t.page.getByRole('contentinfo')
  await footer.getByLabel('Email address').fill('footer-no-js@example.com')
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await t.page.waitForURL('**/thank-you/newsletter/')
  expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe('Successfully Subscribed!')
  expect(await subscribers()).toContain('footer-no-js@example.com')
  expectNoErrors(t)
})
