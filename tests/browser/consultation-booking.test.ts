import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoErrors, hydrated, openPage, painted, siteForTests } from './harness'

// What makes the consultation request read as the booking it is: no closed days, a recap of the
// exact meeting, a draft that survives closing the dialog, and the service of the page it came from.

/** The day before Thanksgiving 2026, in Dallas; content/closed-days.json closes Nov 26 and 27. */
const beforeThanksgiving = new Date('2026-11-25T10:00:00-06:00')

const site = siteForTests({ now: () => beforeThanksgiving })

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Book Your Free Consultation' })

async function openDialog(page: Page, route = '/', button = 'Book a Free Consultation') {
  await page.goto(route, { waitUntil: 'load' })
  await page.getByRole('link', { name: button, exact: true }).first().click()
  await dialog(page).waitFor()
  await painted(page)
}

async function fill(scope: ReturnType<Page['locator']>) {
  await scope.getByLabel('Business name').fill('Lone Star Bakery')
  await scope.getByLabel('Contact name').fill('Dana Ruiz')
  await scope.getByLabel('Email').fill('dana@lonestar.example')
  await scope.getByLabel('Phone').fill('214 555 0199')
  await scope.getByLabel('Service of interest').selectOption('automation')
  await scope.getByLabel('Preferred date').selectOption({ label: 'Tue, Dec 1' })
  await scope.getByLabel('Preferred time').selectOption('morning')
}

describe('the consultation dialog', () => {
  test('skips Thanksgiving and the day after among the date choices', async () => {
    const t = await openPage(site, { clock: beforeThanksgiving })
    await openDialog(t.page)
    const options = await dialog(t.page).getByLabel('Preferred date').locator('option').allTextContents()
    expect(options).toEqual(['Select a date', 'Mon, Nov 30', 'Tue, Dec 1', 'Wed, Dec 2', 'Thu, Dec 3', 'Fri, Dec 4', 'Mon, Dec 7', 'Tue, Dec 8', 'Wed, Dec 9'])
    expectNoErrors(t)
  })

  test('after a successful request, the thank-you keeps its text and recaps the exact meeting', async () => {
    const t = await openPage(site, { clock: beforeThanksgiving })
    await openDialog(t.page)
    await fill(dialog(t.page))
    await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
    const thanks = t.page.getByRole('dialog', { name: 'Thank you! Your consultation has been scheduled.' })
    await thanks.waitFor()
    expect(await thanks.getByText("We'll send a confirmation email with meeting details shortly.").isVisible()).toBe(true)
    // The first start of the morning window.
    expect(await thanks.getByText('Tuesday, December 1 · 9:00–9:30 AM Central time (Dallas)').isVisible()).toBe(true)
    expectNoErrors(t)
  })

  test('keeps what was typed after Escape, Cancel and a click outside', async () => {
    const t = await openPage(site, { clock: beforeThanksgiving })
    await openDialog(t.page)
    await fill(dialog(t.page))
    const close = [
      () => t.page.keyboard.press('Escape'),
      () => dialog(t.page).getByRole('button', { name: 'Cancel' }).click(),
      () => t.page.mouse.click(5, 400),
    ]
    for (const closeIt of close) {
      await closeIt()
      await expect.poll(() => dialog(t.page).count()).toBe(0)
      await t.page.getByRole('link', { name: 'Book a Free Consultation' }).first().click()
      await dialog(t.page).waitFor()
      // Seen before it is clicked outside of (a click sent sooner is lost: see painted()).
      await painted(t.page)
      expect(await dialog(t.page).getByLabel('Business name').inputValue()).toBe('Lone Star Bakery')
      expect(await dialog(t.page).getByLabel('Preferred date').inputValue()).toBe('2026-12-01')
      expect(await dialog(t.page).getByLabel('Preferred time').inputValue()).toBe('morning')
    }
    expectNoErrors(t)
  })

  test.each([
    ['/service/automation-creation/', 'Start Your Project', 'automation'],
    ['/service/website-design/', 'Schedule a Consultation', 'website-design'],
    ['/service/ai-agents/', 'Start Your Project', 'ai-agents'],
    ['/case-study/shopeasy/', 'Start Your Project', 'website-design'],
  ])('%s: %s opens it with the service chosen', async (route, button, service) => {
    const t = await openPage(site, { clock: beforeThanksgiving })
    await openDialog(t.page, route, button)
    expect(await dialog(t.page).getByLabel('Service of interest').inputValue()).toBe(service)
    expectNoErrors(t)
  })
})

test('the /consultation page recaps the exact meeting after a successful request', async () => {
  const t = await openPage(site, { clock: beforeThanksgiving })
  await t.goto('/consultation/')
  await hydrated(t.page, 'consultation-page')
  const form = t.page.locator('[data-island="consultation-page"]')
  await fill(form)
  await form.getByLabel('Preferred time').selectOption('evening')
  await form.getByRole('button', { name: 'Schedule Consultation' }).click()
  await form.getByText('Thank you! Your consultation has been scheduled.').waitFor()
  expect(await form.getByText('Tuesday, December 1 · 6:00–6:30 PM Central time (Dallas)').isVisible()).toBe(true)
  expectNoErrors(t)
})
