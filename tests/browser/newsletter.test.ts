import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { readRoute } from '../site/dist'
import { afterOffer, expectAccessible, expectNoErrors, openPage, scrollToIsland, siteForTests, viewports, type ViewportName } from './harness'

const site = siteForTests()

// The blog's own sign-up, in the page's main content (the footer has one too).
const email = (page: Page) => page.getByRole('main').getByLabel('Email address')
const subscribeButton = (page: Page) =>
  page
    .getByRole('main')
    .locator('[data-island="newsletter"]')
    .getByRole('button', { name: /Subscrib/ })
const region = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Notifications (F8)' })
const toasts = (page: Page) => region(page).locator('li')

async function open(viewport: ViewportName) {
  const t = await openPage(site, { viewport, clock: afterOffer })
  await t.goto('/blog/')
  await scrollToIsland(t.page, 'newsletter')
  return t
}

test('without JavaScript the browser checks the required email field and posts the form', () => {
  const html = readRoute('/blog')
  const island = html.slice(html.indexOf('data-island="newsletter"'))
  expect(island).toMatch(/<input[^>]*type="email"[^>]*required=""/)
  expect(island).toMatch(/<label[^>]*>Email address<\/label>/)
  expect(island).toMatch(/<form [^>]*action="\/api\/newsletter-subscription" method="post"/)
  expect(island).toMatch(/<button type="submit" class="[^"]*">Subscribe<\/button>/)
})

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`newsletter at ${viewport} width`, () => {
    test('an empty email gives the Email Required toast and sends nothing', async () => {
      const t = await open(viewport)
      const posts: string[] = []
      t.page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
      await subscribeButton(t.page).click()
      const toast = toasts(t.page)
      await toast.waitFor()
      expect(await toast.getAttribute('data-variant')).toBe('destructive')
      expect(await toast.innerText()).toContain('Email Required\nPlease enter your email address to subscribe.')
      expect(posts).toEqual([])
      await expectAccessible(t.page)
      expectNoErrors(t)
    })

    test('reads Subscribing... while sending, then thanks and clears the field', async () => {
      const t = await open(viewport)
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await t.page.route('**/api/newsletter-subscription', async (route) => {
        await held
        await route.continue()
      })
      await email(t.page).fill(`reader-${viewport}@example.com`)
      await subscribeButton(t.page).click()
      await expect.poll(() => subscribeButton(t.page).textContent()).toBe('Subscribing...')
      expect(await subscribeButton(t.page).isDisabled()).toBe(true)
      release()
      const toast = toasts(t.page)
      await toast.waitFor()
      expect(await toast.getAttribute('data-variant')).toBe('default')
      expect(await toast.innerText()).toContain(
        "Successfully Subscribed!\nThank you for subscribing to our newsletter. You'll receive the latest digital strategies and insights.",
      )
      expect(await email(t.page).inputValue()).toBe('')
      expect(await subscribeButton(t.page).textContent()).toBe('Subscribe')
      expect(await subscribeButton(t.page).isEnabled()).toBe(true)
      expectNoErrors(t)
    })

    test('a failed call gives the Subscription Failed toast', async () => {
      const t = await open(viewport)
      t.expectError(/status of 500/)
      for (const fail of [
        () => t.page.route('**/api/newsletter-subscription', (route) => route.fulfill({ status: 500 })),
        () => t.page.route('**/api/newsletter-subscription', (route) => route.abort('connectionreset')),
      ]) {
        await t.page.unrouteAll()
        await fail()
        await email(t.page).fill('reader@example.com')
        await subscribeButton(t.page).click()
        await expect
          .poll(() =>
            toasts(t.page)
              .innerText()
              .catch(() => ''),
          )
          .toContain('Subscription Failed\nThere was an error subscribing to our newsletter. Please try again later.')
        expect(await toasts(t.page).getAttribute('data-variant')).toBe('destructive')
        expect(await email(t.page).inputValue()).toBe('reader@example.com')
        await t.page.keyboard.press('Escape')
      }
      t.errors.splice(0, t.errors.length, ...t.errors.filter((error) => !/ERR_CONNECTION_RESET/.test(error)))
      expectNoErrors(t)
    })

    test('one toast at a time, each for 5,000 ms', async () => {
      const t = await open(viewport)
      await t.page.clock.pauseAt(new Date(afterOffer.getTime() + 60_000))
      await subscribeButton(t.page).click()
      await toasts(t.page).waitFor()
      await t.page.clock.runFor(3000)
      await subscribeButton(t.page).click()
      await t.page.clock.runFor(100)
      expect(await toasts(t.page).count()).toBe(1)
      // The new toast has its own 5,000 ms.
      await t.page.clock.runFor(4800)
      expect(await toasts(t.page).count()).toBe(1)
      await t.page.clock.runFor(300)
      await expect.poll(() => toasts(t.page).count()).toBe(0)
      expectNoErrors(t)
    })

    test('a swipe right past 50 px dismisses the toast, a shorter one does not', async () => {
      const t = await open(viewport)
      await subscribeButton(t.page).click()
      const toast = toasts(t.page)
      await toast.waitFor()
      const swipe = async (distance: number) => {
        const box = (await toast.boundingBox())!
        const y = box.y + box.height / 2
        await t.page.mouse.move(box.x + 20, y)
        await t.page.mouse.down()
        for (let step = 1; step <= 5; step++) await t.page.mouse.move(box.x + 20 + (distance * step) / 5, y)
        await t.page.mouse.up()
      }
      await swipe(30)
      await t.page.waitForTimeout(100)
      expect(await toast.count()).toBe(1)
      await swipe(80)
      await expect.poll(() => toast.count()).toBe(0)
      expectNoErrors(t)
    })

    test('F8 moves focus to the notification region', async () => {
      const t = await open(viewport)
      await subscribeButton(t.page).click()
      await toasts(t.page).waitFor()
      await t.page.keyboard.press('F8')
      await expect.poll(() => region(t.page).evaluate((element) => element.contains(document.activeElement))).toBe(true)
      expectNoErrors(t)
    })
  })
}
