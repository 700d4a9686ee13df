import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import { api } from '../../contract/wire/api'
import { startTakenMessage, type AdminMeetings } from '../../contract/wire/meetingApi'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import { readRoute } from '../site/dist'
import { checkedWidths, expectAccessible, expectNoErrors, hydrated, openPage, painted, siteForTests, type TestPage, adminHeader } from './harness'

// The visitor picks the exact start: the chosen window's free starts as radio buttons in Central time
// (and the visitor's own time), the first one chosen, a start taken meanwhile, the exact time kept on
// the page after the thank-you closes, and Add to calendar; the real service on a fixed clock.

const ui = fixtureUi<UiStrings>().consultation

/** The day before Thanksgiving 2026, in Dallas (Central standard time, UTC-6); the fixture closes Nov 26 and 27. */
const now = new Date('2026-11-25T10:00:00-06:00')
const site = siteForTests({ now: () => now })

/** The fixture's booking.json: 30-minute meetings every 30 minutes, 1 PM to 5 PM. */
const afternoon = ['1:00 PM', '1:30 PM', '2:00 PM', '2:30 PM', '3:00 PM', '3:30 PM', '4:00 PM', '4:30 PM']

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Book Your Free Consultation' })
const thanks = (page: Page) => page.getByRole('dialog', { name: 'Thank you! Your consultation has been scheduled.' })
const startGroup = (scope: Locator) => scope.getByRole('group', { name: ui.startLegend })
const failure = 'There was an error submitting your consultation request. Please try again later.'

async function openDialog(t: TestPage) {
  await t.goto('/')
  await t.page.getByRole('link', { name: 'Book a Free Consultation', exact: true }).first().click()
  await dialog(t.page).waitFor()
  await painted(t.page)
}

type Visitor = { business: string; email: string }

async function fill(scope: Locator, visitor: Visitor, date: string, slot: string) {
  await scope.getByLabel('Business name').fill(visitor.business)
  await scope.getByLabel('Contact name').fill('Dana Ruiz')
  await scope.getByLabel('Email').fill(visitor.email)
  await scope.getByLabel('Phone').fill('214 555 0199')
  await scope.getByLabel('Service of interest').selectOption('automation')
  await scope.getByLabel('Preferred date').selectOption({ label: date })
  await scope.getByLabel('Preferred time').selectOption(slot)
}

/** The text of each start choice, and which one is checked. */
async function choices(scope: Locator) {
  const radios = startGroup(scope).getByRole('radio')
  await radios.first().waitFor()
  const labels = await startGroup(scope).locator('label').allInnerTexts()
  const checked = await radios.evaluateAll((inputs) => inputs.findIndex((input) => (input as HTMLInputElement).checked))
  return { labels: labels.map((label) => label.replace(/\s+/g, ' ').trim()), checked }
}

/** Books through the API as another visitor would, at `start` when given (else the window's first free start). */
async function book(date: string, timeSlot: string, email: string, start?: string) {
  const response = await fetch(`${site.url}${api.forms.consultation.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      businessName: `Other ${email}`,
      contactName: 'Pat Doe',
      email,
      phone: '214 555 0100',
      serviceInterest: 'automation',
      date,
      timeSlot,
      ...(start ? { start } : {}),
    }),
  })
  return { status: response.status, body: (await response.json()) as { meeting?: { start: string }; fields?: Record<string, string> } }
}

/** The agency's meetings, as the admin API lists them. */
async function meetingOf(business: string) {
  const response = await fetch(`${site.url}${adminApi.meetings.list.path}?from=2026-11-25&days=15`, { headers: adminHeader })
  expect(response.status).toBe(200)
  return ((await response.json()) as AdminMeetings).meetings.find((meeting) => meeting.businessName === business)
}

describe('the start of the meeting', () => {
  test('the chosen window’s free starts show in Central time, the first chosen, and another choice is booked exactly', async () => {
    const t = await openPage(site, { clock: now })
    const sent: Record<string, unknown>[] = []
    t.page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === api.forms.consultation.path) sent.push(request.postDataJSON())
    })
    await openDialog(t)
    const form = dialog(t.page)
    // No window chosen yet: no starts.
    await form.getByLabel('Preferred date').selectOption({ label: 'Tue, Dec 1' })
    expect(await startGroup(form).count()).toBe(0)
    const visitor = { business: 'Trinity Florist', email: 'lee@trinity.example' }
    await fill(form, visitor, 'Tue, Dec 1', 'afternoon')
    // In Dallas's own zone the visitor's time is not repeated.
    expect(await choices(form)).toEqual({ labels: afternoon, checked: 0 })
    // Big enough to tap.
    for (const box of await Promise.all((await startGroup(form).locator('label').all()).map((label) => label.boundingBox()))) {
      expect(box!.height).toBeGreaterThanOrEqual(44)
    }
    await startGroup(form).getByRole('radio', { name: '2:30 PM' }).check()
    await form.getByRole('button', { name: 'Schedule Consultation' }).click()
    await thanks(t.page).getByText('Tuesday, December 1 · 2:30–3:00 PM Central time (Dallas)').waitFor()
    // 2:30 PM Central standard time is 20:30 UTC.
    expect(sent).toMatchObject([{ start: '2026-12-01T20:30:00.000Z', timeZone: 'America/Chicago', timeSlot: 'afternoon' }])
    expect((await meetingOf(visitor.business))?.start).toBe('2026-12-01T20:30:00.000Z')
    expectNoErrors(t)
  })

  test('a visitor in another zone sees their own time beside each start', async () => {
    const t = await openPage(site, { clock: now, timezoneId: 'America/New_York' })
    await openDialog(t)
    const form = dialog(t.page)
    await form.getByLabel('Preferred date').selectOption({ label: 'Wed, Dec 2' })
    await form.getByLabel('Preferred time').selectOption('afternoon')
    const { labels, checked } = await choices(form)
    expect(checked).toBe(0)
    expect(labels.slice(0, 3)).toEqual(['1:00 PM 2:00 PM your time', '1:30 PM 2:30 PM your time', '2:00 PM 3:00 PM your time'])
    expectNoErrors(t)
  })

  test('a start taken just before the submit: every field kept, the sentence under the starts still free, the first chosen', async () => {
    const t = await openPage(site, { clock: now })
    await openDialog(t)
    const form = dialog(t.page)
    const visitor = { business: 'Bishop Arts Books', email: 'ana@bishop.example' }
    await fill(form, visitor, 'Thu, Dec 3', 'morning')
    await startGroup(form).getByRole('radio', { name: '10:00 AM' }).check()
    // Two others (the fixture holds two meetings at once) take 10:00 first; with the 15-minute buffer
    // each also holds 10:30, so 9:30 (which runs into 10:00) and 10:30 are gone too.
    for (const email of ['first@other.example', 'second@other.example']) {
      expect((await book('2026-12-03', 'morning', email, '2026-12-03T16:00:00.000Z')).status).toBe(201)
    }
    t.expectError(/status of 400/)
    await form.getByRole('button', { name: 'Schedule Consultation' }).click()
    const group = startGroup(form)
    await group.getByRole('alert').getByText(startTakenMessage).waitFor()
    await expect.poll(async () => (await choices(form)).labels).toEqual(['9:00 AM', '11:00 AM', '11:30 AM'])
    expect((await choices(form)).checked).toBe(0)
    // Focus on the start now chosen, whose group the sentence describes.
    await expect.poll(() => t.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('2026-12-03T15:00:00.000Z')
    expect(await group.getAttribute('aria-describedby')).toBeTruthy()
    expect(await form.getByText(failure).count()).toBe(0)
    expect(await form.getByLabel('Business name').inputValue()).toBe(visitor.business)
    expect(await form.getByLabel('Email').inputValue()).toBe(visitor.email)
    expect(await form.getByLabel('Service of interest').inputValue()).toBe('automation')
    expect(await form.getByLabel('Preferred date').inputValue()).toBe('2026-12-03')
    expect(await form.getByLabel('Preferred time').inputValue()).toBe('morning')
    // Sent again as it stands: the first start still free.
    await form.getByRole('button', { name: 'Schedule Consultation' }).click()
    await thanks(t.page).getByText('Thursday, December 3 · 9:00–9:30 AM Central time (Dallas)').waitFor()
    expect((await meetingOf(visitor.business))?.start).toBe('2026-12-03T15:00:00.000Z')
    expectNoErrors(t)
  })

  test('the last start taken just before the submit: the window is said to be full, and another can be chosen', async () => {
    const t = await openPage(site, { clock: now })
    await openDialog(t)
    const form = dialog(t.page)
    const visitor = { business: 'Oak Cliff Cycles', email: 'sam@oakcliff.example' }
    await fill(form, visitor, 'Fri, Dec 4', 'evening')
    expect((await choices(form)).checked).toBe(0)
    // Others fill the whole evening meanwhile.
    for (let i = 0; ; i++) {
      const { status } = await book('2026-12-04', 'evening', `filler-${i}@other.example`)
      if (status === 400) break
      expect(status).toBe(201)
      expect(i).toBeLessThan(10)
    }
    t.expectError(/status of 400/)
    await form.getByRole('button', { name: 'Schedule Consultation' }).click()
    // Under Preferred time: the service's sentence, and that the window is now full.
    await form.getByText(`${startTakenMessage} ${ui.windowNowFull.replace('{slot}', 'Evening (6PM-8PM)')}`).waitFor()
    expect(await startGroup(form).count()).toBe(0)
    await expect.poll(() => form.getByLabel('Preferred time').locator('option[value="evening"]').isDisabled()).toBe(true)
    // Focus on Preferred time, which says why.
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('timeSlot')
    expect(await form.getByText(failure).count()).toBe(0)
    expect(await form.getByLabel('Business name').inputValue()).toBe(visitor.business)
    expect(await form.getByLabel('Preferred date').inputValue()).toBe('2026-12-04')
    // Another window of the same day books.
    await form.getByLabel('Preferred time').selectOption('afternoon')
    expect((await choices(form)).checked).toBe(0)
    await form.getByRole('button', { name: 'Schedule Consultation' }).click()
    await thanks(t.page).getByText('Friday, December 4 · 1:00–1:30 PM Central time (Dallas)').waitFor()
    expectNoErrors(t)
  })
})

test('the exact time stays on the page after the thank-you closes, with Add to calendar at the meeting’s instants', async () => {
  const t = await openPage(site, { clock: now })
  await openDialog(t)
  const form = dialog(t.page)
  await fill(form, { business: 'Deep Ellum Tacos', email: 'jo@tacos.example' }, 'Mon, Dec 7', 'morning')
  await form.getByRole('button', { name: 'Schedule Consultation' }).click()
  const when = 'Monday, December 7 · 9:00–9:30 AM Central time (Dallas)'
  await thanks(t.page).getByText(when).waitFor()
  // SPEC: the dialog closes itself 3 seconds after.
  await expect.poll(() => thanks(t.page).count(), { timeout: 6000 }).toBe(0)
  const card = t.page.getByRole('region', { name: ui.recapTitle })
  await card.getByText(when).waitFor()
  expect(await card.evaluate((section) => section.closest('[role="status"]') !== null)).toBe(true)
  // 9:00 AM Central standard time is 15:00 UTC.
  const google = new URL((await card.getByRole('link', { name: ui.calendarGoogle }).getAttribute('href'))!)
  expect(google.searchParams.get('dates')).toBe('20261207T150000Z/20261207T153000Z')
  expect(google.searchParams.get('text')).toBe('Free consultation with Bluebonnet Digital')
  const outlook = new URL((await card.getByRole('link', { name: ui.calendarOutlook }).getAttribute('href'))!)
  expect([outlook.searchParams.get('startdt'), outlook.searchParams.get('enddt')]).toEqual(['2026-12-07T15:00:00.000Z', '2026-12-07T15:30:00.000Z'])
  const ics = card.getByRole('link', { name: ui.calendarIcs })
  expect(await ics.getAttribute('download')).toBe('consultation.ics')
  const file = decodeURIComponent((await ics.getAttribute('href'))!.split(',')[1]!)
  expect(file).toContain('DTSTART:20261207T150000Z')
  expect(file).toContain('DTEND:20261207T153000Z')
  await card.getByRole('button', { name: ui.recapDismiss }).click()
  expect(await card.count()).toBe(0)
  expectNoErrors(t)
})

describe.each(Object.entries(checkedWidths))('at the %s width', (_name, viewport) => {
  test('the dialog with its starts, and the thank-you with Add to calendar, pass axe', async () => {
    const t = await openPage(site, { clock: now, viewport, timezoneId: 'America/New_York' })
    await openDialog(t)
    const form = dialog(t.page)
    await fill(form, { business: `Axe ${viewport.width}`, email: `axe-${viewport.width}@example.com` }, 'Tue, Dec 8', 'afternoon')
    await choices(form)
    await expectAccessible(t.page)
    await form.getByRole('button', { name: 'Schedule Consultation' }).click()
    await thanks(t.page).getByRole('link', { name: ui.calendarGoogle }).waitFor()
    await expectAccessible(t.page)
    await expect.poll(() => thanks(t.page).count(), { timeout: 6000 }).toBe(0)
    await t.page.getByRole('region', { name: ui.recapTitle }).waitFor()
    await expectAccessible(t.page)
    expectNoErrors(t)
    // Three whole-page axe runs: under load each takes seconds (one run went past 30 s).
  }, 60_000)
})

describe('without JavaScript', () => {
  test('the date input is bounded by the days a visitor may book today, and the thank-you adds the meeting to a calendar', async () => {
    // The site's scripts refused (axe itself runs as a script): what a visitor without JavaScript gets.
    const t = await openPage(site)
    await t.context.route('**/assets/**/*.js', (route) => route.abort())
    t.expectError(/ERR_FAILED/)
    // As built (a static host serves it so), the page has no bounds: the build's today would be frozen in it.
    expect(readRoute('/consultation')).toMatch(/<input[^>]*type="date"[^>]*data-offered-dates=""/)
    expect(readRoute('/consultation')).not.toMatch(/<input[^>]*type="date"[^>]*\smin=/)
    await t.goto('/consultation/')
    const date = t.page.getByLabel('Preferred date')
    // Tomorrow and Friday are Thanksgiving's closed days; today + 14 is Wednesday, December 9.
    expect([await date.getAttribute('min'), await date.getAttribute('max')]).toEqual(['2026-11-30', '2026-12-09'])
    await t.page.getByLabel('Business name').fill('Knox Street Yoga')
    await t.page.getByLabel('Contact name').fill('Ray Kim')
    await t.page.getByRole('main').getByLabel('Email').fill('ray@knox.example')
    await t.page.getByLabel('Phone').fill('214 555 0142')
    await t.page.getByLabel('Service of interest').selectOption('website-design')
    await date.fill('2026-12-09')
    await t.page.getByLabel('Preferred time').selectOption('morning')
    await t.page.getByRole('button', { name: 'Schedule Consultation' }).click()
    await t.page.waitForURL((url) => url.pathname === '/thank-you/consultation/')
    await t.page.getByText('Wednesday, December 9 · 9:00–9:30 AM Central time (Dallas)').waitFor()
    const google = new URL((await t.page.getByRole('link', { name: ui.calendarGoogle }).getAttribute('href'))!)
    expect(google.searchParams.get('dates')).toBe('20261209T150000Z/20261209T153000Z')
    const ics = t.page.getByRole('link', { name: ui.calendarIcs })
    expect(await ics.isVisible()).toBe(true)
    expect(decodeURIComponent((await ics.getAttribute('href'))!.split(',')[1]!)).toContain('DTSTART:20261209T150000Z')
    for (const viewport of Object.values(checkedWidths)) {
      await t.page.setViewportSize(viewport)
      await expectAccessible(t.page)
    }

    // The page without a booking the service knows shows no time and no links.
    await t.goto('/thank-you/consultation/')
    expect(await t.page.getByText(ui.addToCalendar).isVisible()).toBe(false)
    expect(await t.page.getByRole('link', { name: ui.calendarGoogle }).isVisible()).toBe(false)
    expectNoErrors(t)
  })
})

test('the /consultation/ page offers the starts too, once hydrated', async () => {
  const t = await openPage(site, { clock: now })
  await t.goto('/consultation/')
  await hydrated(t.page, 'consultation-page')
  const form = t.page.locator('[data-island="consultation-page"]')
  await form.getByLabel('Preferred date').selectOption({ label: 'Wed, Dec 9' })
  await form.getByLabel('Preferred time').selectOption('evening')
  expect(await choices(form)).toEqual({ labels: ['6:00 PM', '6:30 PM', '7:00 PM', '7:30 PM'], checked: 0 })
  expectNoErrors(t)
})

test('without availability (the service unreachable for it) the form offers every window and sends no start, as before', async () => {
  const t = await openPage(site, { clock: now })
  await t.context.route('**/api/availability', (route) => route.abort())
  t.expectError(/ERR_FAILED/)
  const sent: Record<string, unknown>[] = []
  t.page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === api.forms.consultation.path) sent.push(request.postDataJSON())
  })
  await openDialog(t)
  const form = dialog(t.page)
  await fill(form, { business: 'Lakewood Deli', email: 'max@lakewood.example' }, 'Wed, Dec 9', 'afternoon')
  expect(await startGroup(form).count()).toBe(0)
  await form.getByRole('button', { name: 'Schedule Consultation' }).click()
  await thanks(t.page).getByText('Wednesday, December 9 · 1:00–1:30 PM Central time (Dallas)').waitFor()
  expect(sent).toHaveLength(1)
  expect(sent[0]).not.toHaveProperty('start')
  expect(sent[0]).toMatchObject({ timeSlot: 'afternoon', timeZone: 'America/Chicago' })
  expectNoErrors(t)
})
