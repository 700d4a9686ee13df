import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { consultationDates } from '../../contract/booking/consultationDates'
import { urls } from '../../contract/wire/urls'
import { readRoute } from '../site/dist'
import { closedDays, expectAccessible, expectNoErrors, openPage, siteForTests, viewports, type ViewportName, adminHeader } from './harness'
import { dallasClock, dallasDate, dayName } from '../usTime'

// With JavaScript off every form is a plain HTML form: the service stores it and redirects to the
// site's thank-you page, or answers the site's error page with the forms' messages; Back keeps the values.

const site = siteForTests()

async function noScriptPage(route: string, viewport: ViewportName = 'desktop') {
  const t = await openPage(site, { viewport, javaScript: false })
  // The service answers an invalid form with 400, which Chromium logs.
  t.expectError(/status of 400/)
  await t.goto(route)
  return t
}

async function stored(list: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${site.url}/api/admin/${list}`, { headers: adminHeader })
  expect(response.status).toBe(200)
  const body = (await response.json()) as Record<string, unknown>[] | { items: Record<string, unknown>[] }
  return Array.isArray(body) ? body : body.items
}

/** The note under "Please select a date" for a weekend day: which rule it broke ('December 5 is a Saturday: …'). */
function weekendRule(date: string): string {
  const day = new Date(`${date}T12:00:00Z`)
  const month = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][day.getUTCMonth()]
  const weekday = day.getUTCDay() === 6 ? 'Saturday' : 'Sunday'
  return `${month} ${day.getUTCDate()} is a ${weekday}: consultations are on weekdays.`
}

async function expectErrorPage(page: Page, messages: string[]) {
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('There is a problem')
  expect(await page.locator('#error-summary li').allTextContents()).toEqual(messages)
  // Focus is on the summary without any script (autofocus), so it is read first.
  expect(await page.locator('#error-summary:focus').count()).toBe(1)
  expect(await page.getByText("Use your browser's Back button to return to the form").isVisible()).toBe(true)
  // "Go back to the form" needs script: it stays hidden.
  expect(await page.getByRole('button', { name: 'Go back to the form' }).count()).toBe(0)
}

async function expectValues(fields: [Locator, string][]) {
  for (const [field, value] of fields) expect(await field.inputValue()).toBe(value)
}

/** The dates the consultation form offers today, and a weekend day in the same window (never offered). */
function consultationDays() {
  const offered = consultationDates(new Date(), closedDays)
  const saturday = new Date()
  do saturday.setDate(saturday.getDate() + 1)
  while (saturday.getDay() !== 6)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { offered: offered[0]!.value, weekend: `${saturday.getFullYear()}-${pad(saturday.getMonth() + 1)}-${pad(saturday.getDate())}` }
}

test('every form is an HTML form posting to the service, sendable before any script runs', () => {
  for (const [route, action] of [
    ['/', '/api/contact'],
    ['/blog', '/api/newsletter-subscription'],
    ['/consultation', '/api/consultation'],
  ] as const) {
    const html = readRoute(route)
    const form = html.match(new RegExp(`<form[^>]*action="${action}"[^>]*>[\\s\\S]*?</form>`))?.[0]
    expect(form, route).toBeDefined()
    expect(form).toMatch(/method="post"/)
    expect(form).toContain('<input type="hidden" name="_key" value=""/>')
    expect(form).toMatch(/name="_gotcha"/)
    expect(form).toMatch(/<button type="submit"/)
    expect(form).not.toMatch(/<button[^>]*disabled=""/)
  }
  // The consultation date: a native date input with its hint until the island offers today's days.
  const consultation = readRoute('/consultation')
  expect(consultation).toMatch(/<input[^>]*type="date"[^>]*name="date"/)
  expect(consultation).toContain('A weekday within the next two weeks')
})

test('the consultation buttons lead to the consultation page', () => {
  for (const route of ['/', '/service/website-design', '/case-study/shopeasy', '/blog/automation-workflows']) {
    const links = readRoute(route).match(/<a [^>]*data-consultation[^>]*>/g) ?? []
    expect(links.length, route).toBeGreaterThan(0)
    for (const link of links) expect(link, route).toContain('href="/consultation"')
  }
})

test('the thank-you and error pages are noindex and in no sitemap', () => {
  const sitemapXml = readRoute('/sitemap.xml')
  for (const route of ['/thank-you/consultation', '/thank-you/contact', '/thank-you/newsletter', '/forms/error']) {
    expect(readRoute(route), route).toContain('<meta name="robots" content="noindex" />')
    expect(sitemapXml).not.toContain(route)
    expect(readRoute('/sitemap')).not.toContain(`href="${route}`)
  }
  expect(readRoute('/forms/error')).toContain('<!--form-errors-->')
  expect(sitemapXml).toContain('/consultation</loc>')
})

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`without JavaScript at ${viewport} width`, () => {
    test('the contact form: the error page lists the messages, Back keeps the values, then the thank-you page', async () => {
      const t = await noScriptPage('/', viewport)
      const form = t.page.getByRole('form', { name: 'Contact form' })
      const email = `dana-${viewport}@lonestar.example`
      const fields: [Locator, string][] = [
        [form.getByLabel('Name', { exact: true }), '   '],
        [form.getByLabel('Email'), email.replace('.example', '')],
        [form.getByLabel('Phone'), '555-0199'],
        [form.getByLabel('Business name'), 'Lone Star Bakery'],
        [form.getByLabel('Message'), `No script here (${viewport})`],
      ]
      for (const [field, value] of fields) await field.fill(value)
      await form.getByLabel('Service').selectOption('website')
      await form.getByRole('button', { name: 'Send Message' }).click()
      await t.page.waitForURL('**/api/contact')
      await expectErrorPage(t.page, ['Name is required', 'Email is invalid', 'Please enter a valid phone number'])

      await t.page.goBack()
      await expectValues(fields)
      expect(await form.getByLabel('Service').inputValue()).toBe('website')

      await form.getByLabel('Name', { exact: true }).fill('Dana Ruiz')
      await form.getByLabel('Email').fill(email)
      await form.getByLabel('Phone').fill('(214) 555-0199')
      await form.getByRole('button', { name: 'Send Message' }).click()
      await t.page.waitForURL('**/thank-you/contact/')
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe("Thank you! We'll reach out within 24 hours.")
      expect(await t.page.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/')
      const messages = await stored('messages')
      expect(messages.filter((message) => message.email === email)).toMatchObject([
        { name: 'Dana Ruiz', phone: '(214) 555-0199', business: 'Lone Star Bakery', service: 'website', message: `No script here (${viewport})` },
      ])
      expectNoErrors(t)
    })

    test('the newsletter form: the error page, Back, then the thank-you page', async () => {
      const t = await noScriptPage('/blog/', viewport)
      const email = t.page.getByRole('main').getByLabel('Email address')
      await email.fill(`reader-${viewport}@example`)
      await t.page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()
      await t.page.waitForURL('**/api/newsletter-subscription')
      await expectErrorPage(t.page, ['Email is invalid'])

      await t.page.goBack()
      await expectValues([[email, `reader-${viewport}@example`]])
      await email.fill(`reader-${viewport}@example.com`)
      await t.page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()
      await t.page.waitForURL('**/thank-you/newsletter/')
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe('Successfully Subscribed!')
      expect(
        await t.page.getByText("Thank you for subscribing to our newsletter. You'll receive the latest digital strategies and insights.").isVisible(),
      ).toBe(true)
      expect((await stored('newsletter-subscribers')).map((subscriber) => subscriber.email)).toContain(`reader-${viewport}@example.com`)
      expectNoErrors(t)
    })

    test('a consultation button leads to the consultation page, whose form sends without the dialog', async () => {
      const t = await noScriptPage('/service/app-design/', viewport)
      await t.page.getByRole('link', { name: 'Schedule a Consultation' }).click()
      await t.page.waitForURL('**/consultation')
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe('Book Your Free Consultation')

      const { offered, weekend } = consultationDays()
      const email = `dana-${viewport}@lonestar.example`
      const fields: [Locator, string][] = [
        [t.page.getByLabel('Business name'), 'Lone Star Bakery'],
        [t.page.getByLabel('Website'), 'https://lonestar.example'],
        [t.page.getByLabel('Contact name'), 'Dana Ruiz'],
        [t.page.getByRole('main').getByLabel('Email'), email],
        [t.page.getByLabel('Phone'), '214 555 0199'],
        [t.page.getByLabel('Preferred date'), weekend],
        [t.page.getByLabel('Tell us about your goals'), `Online orders (${viewport})`],
      ]
      for (const [field, value] of fields) await field.fill(value)
      await t.page.getByLabel('Service of interest').selectOption('automation')
      await t.page.getByLabel('Preferred time').selectOption('afternoon')
      // The fixture's booking.json offers a choice of how to meet.
      await t.page.getByLabel('How would you like to meet?').selectOption({ label: 'Phone call (we call you)' })
      expect(await t.page.getByLabel('Preferred date').getAttribute('aria-describedby')).toBe('consultation-page-date-hint')
      await t.page.getByRole('button', { name: 'Schedule Consultation' }).click()
      await t.page.waitForURL('**/api/consultation')
      await expectErrorPage(t.page, ['Please select a date', weekendRule(weekend)])

      await t.page.goBack()
      await expectValues(fields)
      await t.page.getByLabel('Preferred date').fill(offered)
      await t.page.getByRole('button', { name: 'Schedule Consultation' }).click()
      await t.page.waitForURL((url) => url.pathname === '/thank-you/consultation/')
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you! Your consultation has been scheduled.')
      expect(await t.page.getByText("We'll send a confirmation email with meeting details shortly.").isVisible()).toBe(true)
      const requests = (await stored('consultations')).filter((request) => request.email === email)
      expect(requests).toMatchObject([
        { businessName: 'Lone Star Bakery', contactName: 'Dana Ruiz', serviceInterest: 'automation', date: offered, timeSlot: 'afternoon', place: 'phone' },
      ])
      // The exact time, as the dialog's recap says it: an afternoon start in Dallas, 30 minutes long.
      const { start, end } = requests[0]!.meeting as { start: string; end: string }
      const [from, to] = [dallasClock(start), dallasClock(end)]
      expect(Number(from.slice(0, 2))).toBeGreaterThanOrEqual(13)
      expect(Date.parse(end) - Date.parse(start)).toBe(30 * 60_000)
      const twelve = (clock: string) => `${Number(clock.slice(0, 2)) % 12 || 12}:${clock.slice(3)}`
      const when = `${dayName(dallasDate(start))} · ${twelve(from)}–${twelve(to)} ${Number(to.slice(0, 2)) < 12 ? 'AM' : 'PM'} Central time (Dallas)`
      expect(await t.page.getByText(when, { exact: true }).isVisible()).toBe(true)
      // Nothing personal in the address.
      for (const value of [email, 'Dana Ruiz', 'Lone Star Bakery', '214 555 0199']) expect(decodeURIComponent(t.page.url())).not.toContain(value)
      expectNoErrors(t)
    })
  })
}

test('with JavaScript the error page offers a button back to the form', async () => {
  const t = await openPage(site)
  t.expectError(/status of 400/)
  await t.goto('/blog/')
  // Posted as the HTML form would be, before the island has hydrated.
  await t.page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form[action$="/api/newsletter-subscription"]')!
    form.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'reader@example'
    HTMLFormElement.prototype.submit.call(form)
  })
  await t.page.waitForURL('**/api/newsletter-subscription')
  const back = t.page.getByRole('button', { name: 'Go back to the form' })
  await back.click()
  await t.page.waitForURL('**/blog/')
  expect(await t.page.getByRole('main').getByLabel('Email address').inputValue()).toBe('reader@example')
  expectNoErrors(t)
})

// axe runs as a script in the page, which a context without JavaScript does not allow: these pages
// have JavaScript on but the site's own scripts refused, so they are what a visitor without it gets.
describe("accessibility of the pages without the site's scripts", () => {
  async function withoutSiteScripts(viewport: ViewportName) {
    const t = await openPage(site, { viewport })
    await t.context.route('**/assets/**/*.js', (route) => route.abort())
    t.expectError(/ERR_FAILED|status of 400/)
    return t
  }

  for (const viewport of Object.keys(viewports) as ViewportName[]) {
    test(`the consultation page, the error page as the service serves it, and the thank-you pages at ${viewport} width`, async () => {
      const t = await withoutSiteScripts(viewport)
      await t.goto('/consultation/')
      expect(await t.page.locator('input[type="date"][name="date"]').count()).toBe(1)
      await expectAccessible(t.page)
      await t.page.getByLabel('Business name').fill('   ')
      await t.page.getByLabel('Contact name').fill('Dana Ruiz')
      await t.page.getByRole('main').getByLabel('Email').fill('dana@lonestar.example')
      await t.page.getByLabel('Phone').fill('214 555 0199')
      await t.page.getByLabel('Service of interest').selectOption('automation')
      await t.page.getByLabel('Preferred date').fill(consultationDays().weekend)
      await t.page.getByLabel('Preferred time').selectOption('morning')
      await t.page.getByRole('button', { name: 'Schedule Consultation' }).click()
      await t.page.waitForURL('**/api/consultation')
      await expectErrorPage(t.page, ['Business name is required', 'Please select a date', weekendRule(consultationDays().weekend)])
      await expectAccessible(t.page)
      for (const [form, title] of [
        ['consultation', 'Thank you! Your consultation has been scheduled.'],
        ['contact', "Thank you! We'll reach out within 24 hours."],
        ['newsletter', 'Successfully Subscribed!'],
      ] as const) {
        await t.goto(`${urls.thankYou(form)}/`)
        expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
        expect(await t.page.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/')
        await expectAccessible(t.page)
      }
      expectNoErrors(t)
    })
  }
})
