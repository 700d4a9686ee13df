import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { readRoute } from '../site/dist'
import { afterOffer, expectAccessible, expectNoErrors, openPage, scrollToIsland, siteForTests, viewports, type ViewportName } from './harness'

const site = siteForTests()

const form = (page: Page) => page.getByRole('form', { name: 'Contact form' })

async function fillValid(page: Page) {
  await form(page).getByLabel('Name', { exact: true }).fill('Dana Ruiz')
  await form(page).getByLabel('Email').fill('dana@lonestar.example')
  await form(page).getByLabel('Phone').fill('(214) 555-0199')
  await form(page).getByLabel('Business name').fill('Lone Star Bakery')
  await form(page).getByLabel('Service').selectOption('website')
  await form(page).getByLabel('Message').fill('A new site')
}

test('the server HTML holds the whole labelled form, which posts to the service until hydrated', () => {
  const html = readRoute('/')
  const contact = html.slice(html.indexOf('data-island="contact-form"'))
  for (const label of ['Name', 'Email', 'Phone', 'Business name', 'Service', 'Message']) expect(contact).toContain(`>${label}<`)
  expect(contact).toMatch(/<form [^>]*action="\/api\/contact" method="post"/)
  expect(contact).toMatch(/<button type="submit" class="[^"]*">Send Message<\/button>/)
  expect(contact).toMatch(/name="_gotcha"[^>]*tabindex="-1"|tabindex="-1"[^>]*name="_gotcha"/i)
})

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`contact form at ${viewport} width`, () => {
    test('shows the rule messages, including the US phone rule', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/')
      await scrollToIsland(t.page, 'contact-form')
      await form(t.page).getByRole('button', { name: 'Send Message' }).click()
      const expected: [string, string][] = [
        ['Name', 'Name is required'],
        ['Email', 'Email is required'],
        ['Phone', 'Phone number is required'],
        ['Business name', 'Business name is required'],
        ['Service', 'Please select a service'],
      ]
      for (const [label, message] of expected) {
        const field = form(t.page).getByLabel(label, { exact: label === 'Name' })
        expect(await field.getAttribute('aria-invalid'), label).toBe('true')
        expect(await t.page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).textContent()).toBe(message)
      }
      const phone = form(t.page).getByLabel('Phone')
      const phoneError = () =>
        form(t.page)
          .getByText(/Please enter a valid phone number|Phone number is required/)
          .textContent()
          .catch(() => null)
      for (const bad of ['555-0199', '214-555-01999', '+2 214 555 0199', '(214 555 0199', 'call me']) {
        await phone.fill(bad)
        expect(await phoneError(), bad).toBe('Please enter a valid phone number')
      }
      for (const good of [
        '2145550199',
        '214-555-0199',
        '214.555.0199',
        '214 555 0199',
        '(214) 555-0199',
        '(214)555-0199',
        '+1 214 555 0199',
        '1-214-555-0199',
      ]) {
        await phone.fill(good)
        expect(await form(t.page).getByText('Please enter a valid phone number').count(), good).toBe(0)
      }
      await form(t.page).getByLabel('Email').fill('dana@')
      expect(await form(t.page).getByText('Email is invalid').isVisible()).toBe(true)
      await expectAccessible(t.page, 'form[aria-label="Contact form"]')
      expectNoErrors(t)
    })

    test('sends, shows the success message for 5,000 ms and resets the fields', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      await t.goto('/')
      await scrollToIsland(t.page, 'contact-form')
      await fillValid(t.page)
      const request = t.page.waitForRequest((candidate) => candidate.url().endsWith('/api/contact'))
      await t.page.clock.pauseAt(new Date(afterOffer.getTime() + 60_000))
      await form(t.page).getByRole('button', { name: 'Send Message' }).click()
      expect((await request).postDataJSON()).toEqual({
        name: 'Dana Ruiz',
        email: 'dana@lonestar.example',
        phone: '(214) 555-0199',
        business: 'Lone Star Bakery',
        service: 'website',
        message: 'A new site',
        _gotcha: '',
        // How long the form was on screen, for the service's spam rule.
        _elapsedMs: expect.any(Number),
        // Where the visit came from (contract/wire/source.ts): it began on this page.
        source: { page: '/', landing: '/' },
      })
      const success = form(t.page).getByRole('status').getByText("Thank you! We'll reach out within 24 hours.")
      await success.waitFor()
      for (const label of ['Name', 'Email', 'Phone', 'Business name', 'Service', 'Message']) {
        expect(
          await form(t.page)
            .getByLabel(label, { exact: label === 'Name' })
            .inputValue(),
          label,
        ).toBe('')
      }
      await t.page.clock.runFor(4900)
      expect(await success.isVisible()).toBe(true)
      await t.page.clock.runFor(200)
      await expect.poll(() => success.count()).toBe(0)
      expectNoErrors(t)
    })

    test('a failure shows the alert and keeps the values', async () => {
      const t = await openPage(site, { viewport, clock: afterOffer })
      t.expectError(/status of 503/)
      await t.goto('/')
      await scrollToIsland(t.page, 'contact-form')
      await fillValid(t.page)
      await t.page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: 'busy' }))
      await form(t.page).getByRole('button', { name: 'Send Message' }).click()
      await expect.poll(() => form(t.page).getByRole('alert').textContent()).toBe('There was an error submitting your form. Please try again later.')
      expect(await form(t.page).getByLabel('Business name').inputValue()).toBe('Lone Star Bakery')
      await expectAccessible(t.page, 'form[aria-label="Contact form"]')
      expectNoErrors(t)
    })
  })
}
