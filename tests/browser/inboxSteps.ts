import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { spamRule } from '../../forms-service/spam'
import { adminPassword, hydrated, scrollToIsland, type Site, type TestPage } from './harness'

// What a visitor and the agency do in the admin inbox tests: leads sent through the real forms, and
// the signed-in admin screens.

export type Lead = { business: string; name: string; email: string; message: string }

/**
 * A person takes a while to fill a form in: the page's clock runs on until the form has been on screen
 * longer than the service's spam rule allows a robot (forms-service/spam.ts), measured from `since`,
 * taken once the form showed (it appeared a moment before, so a second more is allowed for that).
 */
async function takeAsLongAsAPerson(page: Page, since: number) {
  await page.waitForFunction(([start, ms]) => performance.now() - start! >= ms!, [since, spamRule.minElapsedMs + 1000], { polling: 100 })
}

const pageNow = (page: Page) => page.evaluate(() => performance.now())

/** A consultation request through the home page's dialog: Wed, Jul 9, afternoon (the page's clock must be afterOffer). */
export async function bookConsultation(t: TestPage, lead: Lead) {
  await t.goto('/')
  await t.page.getByRole('link', { name: 'Book a Free Consultation' }).click()
  const form = t.page.getByRole('dialog', { name: 'Book Your Free Consultation' })
  await form.getByLabel('Business name').waitFor()
  const shown = await pageNow(t.page)
  await form.getByLabel('Business name').fill(lead.business)
  await form.getByLabel('Website').fill('https://lonestar.example')
  await form.getByLabel('Contact name').fill(lead.name)
  await form.getByLabel('Email').fill(lead.email)
  await form.getByLabel('Phone').fill('(214) 555-0199')
  await form.getByLabel('Service of interest').selectOption('automation')
  await form.getByLabel('Preferred date').selectOption({ label: 'Wed, Jul 9' })
  await form.getByLabel('Preferred time').selectOption('afternoon')
  await form.getByLabel('Tell us about your goals').fill(lead.message)
  await takeAsLongAsAPerson(t.page, shown)
  await form.getByRole('button', { name: 'Schedule Consultation' }).click()
  await t.page.getByRole('dialog', { name: 'Thank you! Your consultation has been scheduled.' }).waitFor()
}

/** A message through the home page's contact form. */
export async function sendContactMessage(t: TestPage, lead: Lead) {
  await t.goto('/')
  await scrollToIsland(t.page, 'contact-form')
  const form = t.page.getByRole('form', { name: 'Contact form' })
  await hydrated(t.page, 'contact-form')
  const shown = await pageNow(t.page)
  await form.getByLabel('Name', { exact: true }).fill(lead.name)
  await form.getByLabel('Email').fill(lead.email)
  await form.getByLabel('Phone').fill('214.555.0123')
  await form.getByLabel('Business name').fill(lead.business)
  await form.getByLabel('Service').selectOption('ai-agents')
  await form.getByLabel('Message').fill(lead.message)
  await takeAsLongAsAPerson(t.page, shown)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await form.getByText("Thank you! We'll reach out within 24 hours.").waitFor()
}

// The weekdays the service offers at afterOffer (Monday, July 7, 2025) and its three windows: each
// window holds a few meetings only (tests/fixtures/content/booking.json), so requests are spread over them.
const offeredDays = ['2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11', '2025-07-14', '2025-07-15', '2025-07-16', '2025-07-17', '2025-07-18']
const windows = ['morning', 'afternoon', 'evening']
let posted = 0

/**
 * Posts consultation requests straight to the API, as the dialog would, each in the next of the offered windows;
 * `headers` such as X-Forwarded-For (read by a service with `trustProxy`: where the request came from).
 */
export async function postConsultations(site: Site, businesses: string[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  for (const business of businesses) {
    const slot = posted++
    const response = await fetch(`${site.url}/api/consultation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({
        businessName: business,
        contactName: 'Pat Doe',
        email: 'pat@example.com',
        phone: '214 555 0100',
        serviceInterest: 'ai-agents',
        date: offeredDays[slot % offeredDays.length],
        timeSlot: windows[Math.floor(slot / offeredDays.length) % windows.length],
        ...extra,
      }),
    })
    expect(response.status).toBe(201)
  }
}

/** Opens an admin screen signed out (the API answers 401, by design) and signs in. */
export async function signIn(t: TestPage, route: string) {
  t.expectError(/status of 401/)
  await t.goto(route)
  await hydrated(t.page, 'admin')
  await t.page.getByLabel('Admin password').fill(adminPassword)
  await t.page.getByRole('button', { name: 'Sign In' }).click()
  await t.page.getByLabel('Admin password').waitFor({ state: 'detached' })
}

export const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' })

/** The list's row of a business (its row header). */
export const rowOf = (page: Page, business: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: business, exact: true }) })

/** The detail's fields as term -> text. */
export function detailFields(page: Page): Promise<Record<string, string>> {
  return page
    .locator('article dl')
    .first()
    .evaluate((list) => {
      const fields: Record<string, string> = {}
      for (const term of list.querySelectorAll('dt')) fields[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? ''
      return fields
    })
}

export const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    return { tag: element?.tagName, text: element?.textContent?.trim(), role: element?.getAttribute('role'), label: element?.getAttribute('aria-label') }
  })

export const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
