import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { afterOffer, expectAccessible, expectNoErrors, hydrated, openPage, siteForTests } from './harness'

// /consultation: where the consultation buttons lead without JavaScript. With it, the same form as
// the dialog's, checked and sent in place.

const site = siteForTests({ now: () => afterOffer })

async function open() {
  const t = await openPage(site, { clock: afterOffer })
  await t.goto('/consultation/')
  await hydrated(t.page, 'consultation-page')
  return t
}

const form = (page: Page) => page.locator('[data-island="consultation-page"] form')

test("once hydrated, the date is a select of the days offered from the browser's today", async () => {
  const t = await open()
  const date = t.page.getByLabel('Preferred date')
  expect(await date.evaluate((element) => element.tagName)).toBe('SELECT')
  const labels = await date.locator('option').allTextContents()
  expect(labels).toHaveLength(11)
  expect(labels.slice(0, 3)).toEqual(['Select a date', 'Tue, Jul 8', 'Wed, Jul 9'])
  expect(await date.getAttribute('aria-describedby')).toBeNull()
  await expectAccessible(t.page)
  expectNoErrors(t)
})

test('checks in place, then sends once as JSON with an idempotency key and thanks in place', async () => {
  const t = await open()
  const posts: { body: unknown; key?: string }[] = []
  t.page.on('request', (request) => request.method() === 'POST' && posts.push({ body: request.postDataJSON(), key: request.headers()['idempotency-key'] }))
  await form(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
  expect(await form(t.page).getByText('Business name is required').isVisible()).toBe(true)
  expect(await t.page.evaluate(() => document.activeElement?.id)).toBe('consultation-page-businessName')
  expect(posts).toEqual([])

  await t.page.getByLabel('Business name').fill('Lone Star Bakery')
  await t.page.getByLabel('Contact name').fill('Dana Ruiz')
  await t.page.getByRole('main').getByLabel('Email').fill('dana@lonestar.example')
  await t.page.getByLabel('Phone').fill('214 555 0199')
  await t.page.getByLabel('Service of interest').selectOption('automation')
  await t.page.getByLabel('Preferred date').selectOption({ label: 'Wed, Jul 9' })
  await t.page.getByLabel('Preferred time').selectOption('afternoon')
  await form(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
  const thanks = t.page.getByRole('status').filter({ hasText: 'Thank you! Your consultation has been scheduled.' })
  await thanks.waitFor()
  expect(await thanks.getByText("We'll send a confirmation email with meeting details shortly.").isVisible()).toBe(true)
  await expect.poll(() => thanks.evaluate((element) => element === document.activeElement)).toBe(true)
  expect(posts).toHaveLength(1)
  expect(posts[0]!.body).toEqual({
    businessName: 'Lone Star Bakery',
    website: '',
    contactName: 'Dana Ruiz',
    email: 'dana@lonestar.example',
    phone: '214 555 0199',
    serviceInterest: 'automation',
    date: '2025-07-09',
    timeSlot: 'afternoon',
    // The window's first free start, chosen for the visitor (1:00 PM Central daylight time), and their zone.
    start: '2025-07-09T18:00:00.000Z',
    timeZone: 'America/Chicago',
    message: '',
    _gotcha: '',
    _elapsedMs: expect.any(Number),
    // Where the visit came from (contract/wire/source.ts): it began on this page.
    source: { page: '/consultation', landing: '/consultation' },
  })
  expect(posts[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/)
  // The thanks stay: there is no dialog to close.
  await t.page.clock.runFor(5000)
  expect(await thanks.isVisible()).toBe(true)
  await expectAccessible(t.page)
  expectNoErrors(t)
})
