import fs from 'node:fs/promises'
import path from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import { api, pathOf } from '../../contract/wire/api'
import type { ConsultationView } from '../../contract/wire/records'
import { spamRule } from '../../forms-service/spam'
import { expectNoErrors, hydrated, openPage, painted, siteForTests, type TestPage, adminHeader } from './harness'

// The spam rule's timing as a person meets it: measured from the page's load, so that someone who reads
// the page and then lets autofill fill the dialog in under a second reaches the agency as a lead; a form
// sent a second after the page loaded is suspected, and reaches the agency all the same, as "possible spam".

/** The day before Thanksgiving 2026, 10:00 in Dallas: the service's clock and the page's. */
const day = new Date('2026-11-25T10:00:00-06:00')
const site = siteForTests({ now: () => day })

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Book Your Free Consultation' })

/** Every field of the dialog, as autofill and three taps fill it: Playwright's fill, no typing delay. */
async function fillEveryField(page: Page, business: string, email: string) {
  const form = dialog(page)
  await form.getByLabel('Business name').fill(business)
  await form.getByLabel('Website').fill('https://example.com')
  await form.getByLabel('Contact name').fill('Dana Ruiz')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone').fill('214 555 0199')
  await form.getByLabel('Service of interest').selectOption('automation')
  await form.getByLabel('Preferred date').selectOption({ label: 'Tue, Dec 1' })
  await form.getByLabel('Preferred time').selectOption('morning')
  await form.getByLabel('Tell us about your goals').fill('A new site for the bakery.')
}

/** Submits the dialog; the id of the stored request. */
async function submit(page: Page): Promise<string> {
  const answer = page.waitForResponse((response) => response.url().endsWith(api.forms.consultation.path) && response.request().method() === 'POST')
  await dialog(page).getByRole('button', { name: 'Schedule Consultation' }).click()
  const response = await answer
  expect(response.status()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/** The agency's notification about `business`, from the service's outbox folder (written shortly after the POST). */
async function notification(business: string): Promise<ParsedMail> {
  const folder = site.service.email.delivery === 'folder' ? site.service.email.folder : ''
  let found: ParsedMail | undefined
  await expect
    .poll(async () => {
      const files = (await fs.readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'))
      const mails = await Promise.all(files.map(async (file) => simpleParser(await fs.readFile(path.join(folder, file)))))
      found = mails.find((mail) => mail.subject?.includes(business) && /new consultation/i.test(mail.subject))
      return found
    })
    .toBeDefined()
  return found!
}

async function recordOf(id: string): Promise<ConsultationView> {
  const response = await fetch(site.url + pathOf(adminApi.consultations.record.path, { id }), { headers: adminHeader })
  expect(response.status).toBe(200)
  return (await response.json()) as ConsultationView
}

const pageNow = (page: Page) => page.evaluate(() => performance.now())

test('a person who reads the page, then fills the whole dialog in under a second, is a lead: notified without "possible spam", New, not suspected', async () => {
  const t: TestPage = await openPage(site, { clock: day })
  await t.goto('/')
  await hydrated(t.page, 'header')
  // Reading the page: a few seconds on the page's clock.
  await t.page.clock.fastForward(spamRule.minElapsedMs + 2000)
  await t.page.getByRole('link', { name: 'Book a Free Consultation' }).first().click()
  await dialog(t.page).getByLabel('Business name').waitFor()
  await painted(t.page)
  // Autofill and three taps: every field filled and sent 800 ms after the dialog was painted, by the
  // page's clock, held from then on while Playwright fills, however busy the machine is (measured from
  // before the pause, a loaded machine's round trips counted as the visitor's time).
  // Paused a little ahead of now: a pause at a moment the page's clock has already passed (a loaded
  // machine's round trip) is refused.
  await t.page.clock.pauseAt(new Date((await t.page.evaluate(() => Date.now())) + 2000))
  const opened = await pageNow(t.page)
  await fillEveryField(t.page, 'Autofill Bakery', 'autofill@example.com')
  await t.page.clock.runFor(800)
  expect((await pageNow(t.page)) - opened).toBeLessThan(1000)
  const id = await submit(t.page)

  const mail = await notification('Autofill Bakery')
  expect(mail.subject).toMatch(/^New consultation: Autofill Bakery/)
  expect(mail.subject).not.toMatch(/possible spam/i)
  const record = await recordOf(id)
  expect(record.status).toBe('new')
  expect(record.suspicion).toBeUndefined()
  expectNoErrors(t)
})

test('a form sent a second after the page loaded is suspected: stored New with its meeting, and notified as "possible spam"', async () => {
  const t: TestPage = await openPage(site, { clock: day })
  // The page's clock stands still one second after it starts: whatever the machine's speed, the form
  // is sent one second after the page loaded. Timers run only when the test moves the clock on.
  await t.page.clock.pauseAt(new Date(day.getTime() + 1000))
  await t.goto('/')
  const link = t.page.getByRole('link', { name: 'Book a Free Consultation' }).first()
  await expect
    .poll(async () => {
      await t.page.clock.runFor(20)
      return (await t.page.locator('[data-island="header"][data-hydrated]').count()) > 0
    })
    .toBe(true)
  await link.click()
  await dialog(t.page).getByLabel('Business name').waitFor()
  await t.page.clock.runFor(20)
  await fillEveryField(t.page, 'Instant Bakery', 'instant@example.com')
  const sent = await pageNow(t.page)
  expect(sent).toBeLessThan(spamRule.minElapsedMs)
  const id = await submit(t.page)

  const mail = await notification('Instant Bakery')
  expect(mail.subject).toMatch(/^Possible spam: new consultation: Instant Bakery/)
  const record = await recordOf(id)
  expect(record).toMatchObject({ status: 'new', suspicion: 'fast', meeting: { state: 'booked' } })
  expectNoErrors(t)
})
