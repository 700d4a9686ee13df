import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { afterOffer, expectAccessible, expectNoErrors, hydrated, openPage, painted, siteForTests, viewports, type ViewportName } from './harness'

// The service offers dates from its own clock: it agrees with the page's.
const site = siteForTests({ now: () => afterOffer })

const dialogName = 'Book Your Free Consultation'
const dialog = (page: Page) => page.getByRole('dialog', { name: dialogName })

async function fillValid(page: Page) {
  const form = dialog(page)
  await form.getByLabel('Business name').fill('Lone Star Bakery')
  await form.getByLabel('Website').fill('https://lonestar.example')
  await form.getByLabel('Contact name').fill('Dana Ruiz')
  await form.getByLabel('Email').fill('dana@lonestar.example')
  await form.getByLabel('Phone').fill('214 555 0199')
  await form.getByLabel('Service of interest').selectOption('automation')
  await form.getByLabel('Preferred date').selectOption({ label: 'Wed, Jul 9' })
  await form.getByLabel('Preferred time').selectOption('afternoon')
  await form.getByLabel('Tell us about your goals').fill('Online orders')
}

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`consultation dialog at ${viewport} width`, () => {
    test('every consultation button on every page type opens the one dialog', { timeout: 60_000 }, async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      const buttons: [string, string][] = [
        ['/', 'Book a Free Consultation'],
        ['/', 'Start Your Project'],
        ['/', 'Start Your Free Analysis'],
        ['/', 'Get Started'],
        ['/service/website-design/', 'Start Your Project'],
        ['/service/website-design/', 'Schedule a Consultation'],
        ['/case-study/shopeasy/', 'Start Your Project'],
        ['/blog/automation-workflows/', 'Book a Free Consultation'],
        ['/privacy-policy/', 'Get Started'],
      ]
      for (const [route, name] of buttons) {
        await t.goto(route)
        const visible = () => t.page.getByRole('link', { name, exact: true }).filter({ visible: true })
        // On a phone the header's Get Started is in the menu.
        if ((await visible().count()) === 0) {
          await hydrated(t.page, 'header')
          await t.page.getByRole('button', { name: 'Open menu' }).click()
        }
        await visible().first().click()
        await expect.poll(() => dialog(t.page).isVisible(), { message: `${name} on ${route}` }).toBe(true)
        expect(new URL(t.page.url()).hash).toBe('')
        await t.page.keyboard.press('Escape')
        await expect.poll(() => dialog(t.page).count()).toBe(0)
      }
      expectNoErrors(t)
    })

    test('a click before the dialog code has loaded still opens it, and its code is not loaded with the page', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      // Nothing loads the dialog before its first use, whatever the clock does.
      await t.page.clock.pauseAt(new Date(afterOffer.getTime() + 60_000))
      const loaded: string[] = []
      t.page.on('request', (request) => loaded.push(request.url()))
      await t.goto('/blog/')
      expect(await t.page.locator('[data-island="consultation"][data-hydrated]').count()).toBe(0)
      const before = loaded.length
      await t.page.locator('[data-consultation]').first().dispatchEvent('click')
      await dialog(t.page).waitFor()
      expect(loaded.length).toBeGreaterThan(before)
      expectNoErrors(t)
    })

    test('keyboard only: focus moves in, is trapped, Escape closes and focus returns to the button', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/')
      const opener = t.page.getByRole('link', { name: 'Book a Free Consultation' })
      await opener.focus()
      await t.page.keyboard.press('Enter')
      await dialog(t.page).waitFor()
      await expect.poll(() => t.page.evaluate(() => document.activeElement?.id)).toBe('consultation-businessName')
      // Tab through every control and past the end: focus never leaves the dialog.
      for (let step = 0; step < 16; step++) {
        await t.page.keyboard.press('Tab')
        expect(await t.page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true)
      }
      await t.page.keyboard.press('Shift+Tab')
      expect(await t.page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true)
      await t.page.keyboard.press('Escape')
      await expect.poll(() => dialog(t.page).count()).toBe(0)
      await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true)
      expectNoErrors(t)
    })

    test('Cancel and the close button close it and return focus', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/service/app-design/')
      const opener = t.page.getByRole('link', { name: 'Schedule a Consultation' })
      for (const close of ['Cancel', 'Close']) {
        await opener.click()
        await dialog(t.page).getByRole('button', { name: close, exact: true }).click()
        await expect.poll(() => dialog(t.page).count()).toBe(0)
        await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true)
      }
      expectNoErrors(t)
    })

    test('shows every rule message under its field and sends nothing while one remains', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      const posts: string[] = []
      t.page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
      await t.goto('/')
      await t.page.getByRole('link', { name: 'Book a Free Consultation' }).click()
      const form = dialog(t.page)
      await form.getByRole('button', { name: 'Schedule Consultation' }).click()
      const expected: [string, string][] = [
        ['Business name', 'Business name is required'],
        ['Contact name', 'Contact name is required'],
        ['Email', 'Email is required'],
        ['Phone', 'Phone number is required'],
        ['Service of interest', 'Please select a service'],
        ['Preferred date', 'Please select a date'],
        ['Preferred time', 'Please select a time slot'],
      ]
      for (const [label, message] of expected) {
        const field = form.getByLabel(label)
        expect(await field.getAttribute('aria-invalid'), label).toBe('true')
        const describedBy = await field.getAttribute('aria-describedby')
        expect(await t.page.locator(`[id="${describedBy}"]`).textContent()).toBe(message)
      }
      expect(await form.getByLabel('Website').getAttribute('aria-invalid')).toBeNull()
      expect(await form.getByLabel('Tell us about your goals').getAttribute('aria-invalid')).toBeNull()
      await expect.poll(() => t.page.evaluate(() => document.activeElement?.id)).toBe('consultation-businessName')

      await form.getByLabel('Email').fill('dana@nowhere')
      expect(await form.getByText('Email is invalid').isVisible()).toBe(true)
      await form.getByLabel('Business name').fill('   ')
      await form.getByRole('button', { name: 'Schedule Consultation' }).click()
      expect(await form.getByText('Business name is required').isVisible()).toBe(true)
      // Any phone text will do (no format check), and a fixed error goes away as soon as it is fixed.
      await form.getByLabel('Phone').fill('call me')
      expect(await form.getByText('Phone number is required').count()).toBe(0)
      expect(posts).toEqual([])
      expectNoErrors(t)
    })

    test('offers the next 14 days without weekends, computed in the browser', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/')
      await t.page.getByRole('link', { name: 'Book a Free Consultation' }).click()
      await dialog(t.page).waitFor()
      const options = await dialog(t.page).getByLabel('Preferred date').locator('option').allTextContents()
      expect(options).toEqual([
        'Select a date',
        'Tue, Jul 8',
        'Wed, Jul 9',
        'Thu, Jul 10',
        'Fri, Jul 11',
        'Mon, Jul 14',
        'Tue, Jul 15',
        'Wed, Jul 16',
        'Thu, Jul 17',
        'Fri, Jul 18',
        'Mon, Jul 21',
      ])
      expect(await dialog(t.page).getByLabel('Service of interest').locator('option').allTextContents()).toEqual([
        'Select a service',
        'Website Design',
        'App Design',
        'Digital Marketing',
        'Automation Creation',
        'AI Agents',
      ])
      expect(await dialog(t.page).getByLabel('Preferred time').locator('option').allTextContents()).toEqual([
        'Select a time slot',
        'Morning (9AM-12PM)',
        'Afternoon (1PM-5PM)',
        'Evening (6PM-8PM)',
      ])
      // A later day (Friday): the choices follow the browser's clock, not the build's.
      await t.page.clock.setSystemTime(new Date('2025-07-11T09:00:00-05:00'))
      await t.page.keyboard.press('Escape')
      await t.page.getByRole('link', { name: 'Book a Free Consultation' }).click()
      const later = await dialog(t.page).getByLabel('Preferred date').locator('option').allTextContents()
      expect(later.slice(1, 3)).toEqual(['Mon, Jul 14', 'Tue, Jul 15'])
      expect(later.at(-1)).toBe('Fri, Jul 25')
      expectNoErrors(t)
    })

    test('submits, thanks the visitor, and closes by itself after 3,000 ms', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/')
      await t.page.getByRole('link', { name: 'Start Your Free Analysis' }).click()
      await fillValid(t.page)
      const request = t.page.waitForRequest((candidate) => candidate.url().endsWith('/api/consultation'))
      const response = t.page.waitForResponse((candidate) => candidate.url().endsWith('/api/consultation'))
      await t.page.clock.pauseAt(new Date(afterOffer.getTime() + 60_000))
      await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
      expect((await request).postDataJSON()).toEqual({
        businessName: 'Lone Star Bakery',
        website: 'https://lonestar.example',
        contactName: 'Dana Ruiz',
        email: 'dana@lonestar.example',
        phone: '214 555 0199',
        serviceInterest: 'automation',
        date: '2025-07-09',
        timeSlot: 'afternoon',
        // A start of the window chosen for the visitor (its first free one: 1 to 5 PM Central daylight time), and their zone.
        start: expect.stringMatching(/^2025-07-09T(1[89]|2[01]):[03]0:00\.000Z$/),
        timeZone: 'America/Chicago',
        message: 'Online orders',
        _gotcha: '',
        // How long the form was on screen, for the service's spam rule.
        _elapsedMs: expect.any(Number),
        // Where the visit came from (contract/wire/source.ts): it began on this page.
        source: { page: '/', landing: '/' },
      })
      expect((await request).headers()['content-type']).toBe('application/json')
      expect((await response).status()).toBe(201)
      const thanks = t.page.getByRole('dialog', { name: 'Thank you! Your consultation has been scheduled.' })
      await thanks.waitFor()
      expect(await thanks.getByText("We'll send a confirmation email with meeting details shortly.").isVisible()).toBe(true)
      await t.page.clock.runFor(2900)
      expect(await thanks.isVisible()).toBe(true)
      await t.page.clock.runFor(200)
      await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0)
      // The next opening starts from an empty form.
      await t.page.getByRole('link', { name: 'Start Your Free Analysis' }).click()
      expect(await dialog(t.page).getByLabel('Business name').inputValue()).toBe('')
      expectNoErrors(t)
    })

    test('a failed submit shows the alert and keeps every value', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      t.expectError(/status of 500/)
      await t.goto('/case-study/taskmate/')
      await t.page.getByRole('link', { name: 'Start Your Project' }).click()
      await fillValid(t.page)
      const failure = 'There was an error submitting your consultation request. Please try again later.'
      for (const fail of [
        () => t.page.route('**/api/consultation', (route) => route.fulfill({ status: 500, body: 'down' })),
        () => t.page.route('**/api/consultation', (route) => route.abort('connectionrefused')),
      ]) {
        await t.page.unrouteAll()
        await fail()
        await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
        await expect.poll(() => dialog(t.page).getByRole('alert').textContent()).toBe(failure)
        expect(await dialog(t.page).getByLabel('Business name').inputValue()).toBe('Lone Star Bakery')
        expect(await dialog(t.page).getByLabel('Preferred date').inputValue()).toBe('2025-07-09')
        expect(await dialog(t.page).getByLabel('Tell us about your goals').inputValue()).toBe('Online orders')
      }
      // Trying again once the service is back works.
      await t.page.unrouteAll()
      await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
      await t.page.getByRole('dialog', { name: 'Thank you! Your consultation has been scheduled.' }).waitFor()
      t.errors.splice(0, t.errors.length, ...t.errors.filter((error) => !/ERR_CONNECTION_REFUSED/.test(error)))
      expectNoErrors(t)
    })

    // Three axe passes over a page with the dialog open: each takes seconds on a loaded machine.
    test('is accessible while open, with errors shown and after a failure', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      t.expectError(/status of 500/)
      await t.goto('/')
      await t.page.getByRole('link', { name: 'Book a Free Consultation' }).click()
      // On screen, so its overlay's fade has begun: measured halfway, the page behind it fails on contrast.
      await dialog(t.page).waitFor()
      await painted(t.page)
      await expectAccessible(t.page)
      await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
      // The page around the dialog was checked once above; the errors and the alert are the dialog's own.
      await expectAccessible(t.page, '[role="dialog"]')
      await fillValid(t.page)
      await t.page.route('**/api/consultation', (route) => route.fulfill({ status: 500 }))
      await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
      await dialog(t.page).getByRole('alert').waitFor()
      await expectAccessible(t.page, '[role="dialog"]')
      expectNoErrors(t)
    }, 90_000)
  })
}

test('the dialog fits a phone screen and scrolls inside itself', async () => {
  const t = await openPage(site, { viewport: 'phone', clock: afterOffer })
  await t.goto('/')
  await hydrated(t.page, 'header')
  await t.page.getByRole('button', { name: 'Open menu' }).click()
  await t.page.locator('#mobile-menu').getByRole('link', { name: 'Get Started' }).click()
  const box = await dialog(t.page).boundingBox()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewports.phone.width)
  expect(box!.height).toBeLessThanOrEqual(viewports.phone.height)
  await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).scrollIntoViewIfNeeded()
  expect(await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).isVisible()).toBe(true)
  expectNoErrors(t)
})
