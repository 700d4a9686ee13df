import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { formatMeeting } from '../../contract/booking/booking'
import { api } from '../../contract/wire/api'
import { adminApi } from '../../contract/wire/adminApi'
import type { AdminMeeting, AdminMeetings, ConsultationCreated } from '../../contract/wire/meetingApi'
import { urls } from '../../contract/wire/urls'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import {
  emailsTo,
  expectAccessible,
  expectNoErrors,
  hydrated,
  linkTo,
  openPage,
  startSite,
  checkedWidths,
  type Site,
  type TestPage,
  adminHeader,
} from './harness'
import { signIn } from './inboxSteps'

// A booked consultation as a meeting, seen from the visitor's and the agency's side: the real service
// (its store, its outbox folder of .eml files), the fixture site and Chromium.

const ui = fixtureUi<UiStrings>()

/** The day before Thanksgiving 2026 in Dallas; the fixture closes Nov 26 and 27. */
const now = new Date('2026-11-25T10:00:00-06:00')

let site: Site
/** The service's clock: `now`, until a test moves it past a meeting's start to mark it. */
let serviceNow = now
beforeAll(async () => {
  site = await startSite({ now: () => serviceNow })
})
afterEach(() => site.closePages())
afterAll(() => site.close())

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Book Your Free Consultation' })
const thanks = (page: Page) => page.getByRole('dialog', { name: 'Thank you! Your consultation has been scheduled.' })

async function openDialog(t: TestPage) {
  await t.goto('/')
  await t.page.getByRole('link', { name: 'Book a Free Consultation', exact: true }).first().click()
  await dialog(t.page).waitFor()
}

type Visitor = { business: string; name: string; email: string }

/** Fills the dialog as a visitor would; `date` is the label the date choice reads ('Tue, Dec 1'). */
async function fillDialog(page: Page, visitor: Visitor, date: string, slot: string) {
  const form = dialog(page)
  await form.getByLabel('Business name').fill(visitor.business)
  await form.getByLabel('Contact name').fill(visitor.name)
  await form.getByLabel('Email').fill(visitor.email)
  await form.getByLabel('Phone').fill('214 555 0199')
  await form.getByLabel('Service of interest').selectOption('automation')
  await form.getByLabel('Preferred date').selectOption({ label: date })
  await form.getByLabel('Preferred time').selectOption(slot)
}

/** Posts a consultation request straight to the API, as the dialog does. */
async function book(date: string, timeSlot: string, visitor: Visitor, on = site) {
  const response = await fetch(`${on.url}${api.forms.consultation.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      businessName: visitor.business,
      contactName: visitor.name,
      email: visitor.email,
      phone: '214 555 0100',
      serviceInterest: 'ai-agents',
      date,
      timeSlot,
    }),
  })
  return { status: response.status, body: (await response.json()) as ConsultationCreated & { fields?: Record<string, string> } }
}

/** Books others into a window until the service refuses: the window is then full. */
async function fillWindow(date: string, timeSlot: string) {
  for (let i = 0; i < 40; i++) {
    const { status, body } = await book(date, timeSlot, { business: `Filler ${i}`, name: 'Pat Doe', email: `filler-${date}-${timeSlot}-${i}@example.com` })
    if (status === 400) {
      expect(body.fields?.timeSlot).toMatch(/^Please select a time slot/)
      return
    }
    expect(status).toBe(201)
  }
  throw new Error(`the ${timeSlot} of ${date} never filled up`)
}

/** The agenda as the admin API gives it. */
async function agenda(): Promise<AdminMeeting[]> {
  const response = await fetch(`${site.url}${adminApi.meetings.list.path}?from=2026-11-25&days=15`, { headers: adminHeader })
  expect(response.status).toBe(200)
  return ((await response.json()) as AdminMeetings).meetings
}

const meetingOf = async (business: string) => (await agenda()).find((meeting) => meeting.businessName === business)

/** The flows below drive several pages, and axe, in a row: more than one default test's time on a busy machine. */
const longFlow = 120_000

/** The cancel page's question, opened by its button; `reason` is typed before confirming. */
const cancelQuestion = (page: Page) => page.getByRole('alertdialog', { name: ui.meeting.cancelQuestion })
async function confirmCancel(page: Page, reason?: string) {
  await page.getByRole('button', { name: ui.meeting.cancelConfirm }).click()
  await cancelQuestion(page).waitFor()
  if (reason) await cancelQuestion(page).getByLabel(ui.meeting.cancelReason).fill(reason)
  await cancelQuestion(page).getByRole('button', { name: ui.meeting.cancelFinal }).click()
}

const timeOption = (page: Page, slot: string) => dialog(page).getByLabel('Preferred time').locator(`option[value="${slot}"]`)

test(
  'a booking is a meeting: the recap names it, the email’s cancel link cancels it, the admin shows it cancelled, and its start is free again',
  async () => {
    const dana = { business: 'Lone Star Bakery', name: 'Dana Ruiz', email: 'dana@lonestar.example' }
    const t = await openPage(site, { clock: now })
    await openDialog(t)
    await fillDialog(t.page, dana, 'Tue, Dec 1', 'morning')
    await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
    await thanks(t.page).waitFor()
    // SPEC's two sentences, then the exact time: the morning's first start, as the issue writes it.
    expect(await thanks(t.page).getByText("We'll send a confirmation email with meeting details shortly.").isVisible()).toBe(true)
    const when = 'Tuesday, December 1 · 9:00–9:30 AM Central time (Dallas)'
    expect(await thanks(t.page).getByText(when).isVisible()).toBe(true)
    expectNoErrors(t)

    // Others take the rest of that morning: a visitor opening the dialog now sees it unavailable, and why.
    await fillWindow('2026-12-01', 'morning')
    const later = await openPage(site, { clock: now })
    await openDialog(later)
    await dialog(later.page).getByLabel('Preferred date').selectOption({ label: 'Tue, Dec 1' })
    await expect.poll(() => timeOption(later.page, 'morning').isDisabled()).toBe(true)
    expect(await timeOption(later.page, 'morning').textContent()).toBe('Morning (9AM-12PM), fully booked')
    expect(await timeOption(later.page, 'afternoon').isDisabled()).toBe(false)

    // The confirmation's cancel link: the page shows the meeting; its button asks first, with the meeting
    // and an optional reason. Escape, or Keep, leaves the meeting booked.
    const cancelLink = await linkTo(dana.email, urls.meetingCancel, site)
    const c = await openPage(site, { clock: now })
    await c.goto(cancelLink)
    await hydrated(c.page, 'meeting')
    await c.page.getByText(when).waitFor()
    expect((await meetingOf(dana.business))?.state).toBe('booked')
    const cancelButton = c.page.getByRole('button', { name: ui.meeting.cancelConfirm })
    await cancelButton.click()
    await cancelQuestion(c.page).getByText(when, { exact: false }).waitFor()
    await c.page.keyboard.press('Escape')
    await cancelQuestion(c.page).waitFor({ state: 'detached' })
    await expect.poll(() => cancelButton.evaluate((button) => button === document.activeElement)).toBe(true)
    await cancelButton.click()
    await cancelQuestion(c.page).getByRole('button', { name: ui.meeting.keep }).click()
    await cancelQuestion(c.page).waitFor({ state: 'detached' })
    expect((await meetingOf(dana.business))?.state).toBe('booked')
    // Confirmed, with a reason: cancelled, and the reason is in the meeting's history.
    await confirmCancel(c.page, 'Our oven broke; we will book again in spring.')
    await c.page.getByRole('status').filter({ hasText: ui.meeting.cancelled }).waitFor()
    const cancelledMeeting = await meetingOf(dana.business)
    expect(cancelledMeeting?.state).toBe('cancelled')
    expect(cancelledMeeting?.history.at(-1)).toMatchObject({ state: 'cancelled', reason: 'Our oven broke; we will book again in spring.' })
    expectNoErrors(c)

    // Opened again, the link says the meeting is cancelled (not that the link is not valid), and offers a new booking only.
    const again = await openPage(site, { clock: now })
    await again.goto(cancelLink)
    await hydrated(again.page, 'meeting')
    await again.page.getByText(ui.meeting.alreadyCancelled).waitFor()
    expect(await again.page.getByText(when).evaluate((time) => getComputedStyle(time.parentElement!).textDecorationLine)).toBe('line-through')
    expect(await again.page.getByRole('link', { name: ui.meeting.bookAgain }).isVisible()).toBe(true)
    expect(await again.page.getByRole('button', { name: ui.meeting.cancelConfirm }).count()).toBe(0)
    expect(await again.page.getByText(ui.meeting.invalid.split('{email}')[0]!).count()).toBe(0)
    expectNoErrors(again)

    // The agency's agenda shows it cancelled.
    const admin = await openPage(site, { clock: now })
    await signIn(admin, `${urls.admin.meetings}/`)
    const row = admin.page.getByRole('listitem').filter({ has: admin.page.getByRole('link', { name: `Open the request of ${dana.business}` }) })
    await row.getByText('Cancelled', { exact: true }).waitFor()
    expectNoErrors(admin)

    // Its start is offered again, and booked again.
    const next = await openPage(site, { clock: now })
    await openDialog(next)
    await fillDialog(next.page, { business: 'Pecan Street Dental', name: 'Sam Okafor', email: 'sam@pecan.example' }, 'Tue, Dec 1', 'morning')
    expect(await timeOption(next.page, 'morning').textContent()).toBe('Morning (9AM-12PM)')
    await dialog(next.page).getByRole('button', { name: 'Schedule Consultation' }).click()
    await thanks(next.page).getByText(when).waitFor()
    expectNoErrors(next)
  },
  longFlow,
)

test('the recap adds the visitor’s own time when their browser is elsewhere', async () => {
  const t = await openPage(site, { clock: now, timezoneId: 'Europe/Berlin' })
  await openDialog(t)
  await fillDialog(t.page, { business: 'Kaffeehaus', name: 'Jonas Weber', email: 'jonas@kaffeehaus.example' }, 'Fri, Dec 4', 'evening')
  await dialog(t.page).getByRole('button', { name: 'Schedule Consultation' }).click()
  // 6:00 PM in Dallas is 1:00 AM the next day in Berlin.
  await thanks(t.page).getByText('Friday, December 4 · 6:00–6:30 PM Central time (Dallas)').waitFor()
  expect(await thanks(t.page).getByText('Your time: Saturday, December 5 · 1:00–1:30 AM Central European Standard Time').isVisible()).toBe(true)
  expectNoErrors(t)
})

test('without JavaScript: the cancel page cancels with a plain form, and a second try says the meeting is cancelled', async () => {
  const visitor = { business: 'Bishop Arts Florist', name: 'Rosa Vega', email: 'rosa@florist.example' }
  expect((await book('2026-12-08', 'morning', visitor)).status).toBe(201)
  const link = await linkTo(visitor.email, urls.meetingCancel, site)
  const t = await openPage(site, { clock: now, javaScript: false })
  await t.goto(link)
  await t.page.getByLabel(ui.meeting.cancelReason).fill('Closed for inventory that week.')
  await t.page.getByRole('button', { name: ui.meeting.cancelConfirm }).click()
  await t.page.waitForURL((url) => url.pathname.replace(/\/$/, '') === urls.meetingCancelled)
  await t.page.getByRole('heading', { name: ui.meeting.cancelledTitle }).waitFor()
  const cancelled = await meetingOf(visitor.business)
  expect(cancelled?.state).toBe('cancelled')
  expect(cancelled?.history.at(-1)?.reason).toBe('Closed for inventory that week.')

  // The same email's link again: the page still has its form (it cannot know), the answer says what happened.
  await t.goto(link)
  await t.page.getByRole('button', { name: ui.meeting.cancelConfirm }).click()
  await t.page.getByRole('alert').getByText(ui.meeting.alreadyCancelled).waitFor()
  expect(await t.page.getByText(/This link is not valid/).count()).toBe(0)
  expect((await meetingOf(visitor.business))?.state).toBe('cancelled')
})

describe('the reschedule page', () => {
  test('without JavaScript: a plain form moves the meeting, and the same link moves it again', async () => {
    const visitor = { business: 'Trinity Bikes', name: 'Alex Chen', email: 'alex@trinity.example' }
    const booked = await book('2026-12-02', 'afternoon', visitor)
    expect(booked.status).toBe(201)
    const link = await linkTo(visitor.email, urls.meetingReschedule, site)

    const t = await openPage(site, { clock: now, javaScript: false })
    await t.goto(link)
    await t.page.getByLabel(ui.meeting.newDate).fill('2026-12-03')
    await t.page.getByLabel(ui.meeting.newTime).selectOption('evening')
    await t.page.getByRole('button', { name: ui.meeting.rescheduleConfirm }).click()
    await t.page.waitForURL((url) => url.pathname.replace(/\/$/, '') === urls.meetingMoved)
    await t.page.getByRole('heading', { name: ui.meeting.movedTitle }).waitFor()
    const moved = await meetingOf(visitor.business)
    expect(moved?.state).toBe('moved')
    expect(formatMeeting(moved!)).toBe('Thursday, December 3 · 6:00–6:30 PM Central time (Dallas)')

    await t.goto(link)
    await t.page.getByLabel(ui.meeting.newDate).fill('2026-12-04')
    await t.page.getByLabel(ui.meeting.newTime).selectOption('morning')
    await t.page.getByRole('button', { name: ui.meeting.rescheduleConfirm }).click()
    await t.page.waitForURL((url) => url.pathname.replace(/\/$/, '') === urls.meetingMoved)
    expect(formatMeeting((await meetingOf(visitor.business))!)).toBe('Friday, December 4 · 9:00–9:30 AM Central time (Dallas)')
  })

  test('with JavaScript: offers the free windows, a full one unavailable, and moves the meeting', async () => {
    const visitor = { business: 'Deep Ellum Roasters', name: 'Maria Gonzalez', email: 'maria@roasters.example' }
    expect((await book('2026-12-07', 'morning', visitor)).status).toBe(201)
    await fillWindow('2026-12-08', 'afternoon')
    const t = await openPage(site, { clock: now })
    await t.goto(await linkTo(visitor.email, urls.meetingReschedule, site))
    await hydrated(t.page, 'meeting')
    await t.page.getByText('Monday, December 7 · 9:00–9:30 AM Central time (Dallas)').waitFor()
    await t.page.getByLabel(ui.meeting.newDate).selectOption({ label: 'Tue, Dec 8' })
    const afternoon = t.page.getByLabel(ui.meeting.newTime).locator('option[value="afternoon"]')
    expect(await afternoon.isDisabled()).toBe(true)
    expect(await afternoon.textContent()).toBe('Afternoon (1PM-5PM), fully booked')
    await t.page.getByLabel(ui.meeting.newTime).selectOption('evening')
    await t.page.getByRole('button', { name: ui.meeting.rescheduleConfirm }).click()
    const now8 = 'Tuesday, December 8 · 6:00–6:30 PM Central time (Dallas)'
    await t.page.getByRole('status').filter({ hasText: now8 }).waitFor()
    expect(formatMeeting((await meetingOf(visitor.business))!)).toBe(now8)
    expectNoErrors(t)
  })
})

test('a page left open after the meeting changed says what became of it when the visitor acts', async () => {
  const visitor = { business: 'Cedars Print Shop', name: 'Kim Tran', email: 'kim@cedars.example' }
  expect((await book('2026-12-09', 'afternoon', visitor)).status).toBe(201)
  const t = await openPage(site, { clock: now })
  await t.goto(await linkTo(visitor.email, urls.meetingCancel, site))
  await hydrated(t.page, 'meeting')
  const cancel = t.page.getByRole('button', { name: ui.meeting.cancelConfirm })
  await cancel.waitFor()
  // Meanwhile the agency cancels it.
  const meeting = (await meetingOf(visitor.business))!
  const response = await fetch(`${site.url}/api/admin/meetings/${meeting.id}/cancel`, {
    method: 'POST',
    headers: { ...adminHeader, 'Content-Type': 'application/json' },
    body: '{}',
  })
  expect(response.status).toBe(200)
  // The service refuses the change (409: the meeting can no longer be changed), and the page reads the meeting again.
  t.expectError(/status of 409/)
  await confirmCancel(t.page)
  const note = t.page.getByText(ui.meeting.alreadyCancelled)
  await note.waitFor()
  await expect.poll(() => note.evaluate((element) => element.closest('[tabindex]') === document.activeElement)).toBe(true)
  expect(await cancel.count()).toBe(0)
  expectNoErrors(t)
})

test('a meeting that has begun shows that it can no longer be changed', async () => {
  const visitor = { business: 'Elm Street Tailor', name: 'Noor Aziz', email: 'noor@tailor.example' }
  // A service of its own, whose clock then moves past the meeting's start.
  let clock = now
  const begun = await startSite({ now: () => clock })
  try {
    const booked = await book('2026-12-10', 'afternoon', visitor, begun)
    expect(booked.status).toBe(201)
    const link = await linkTo(visitor.email, urls.meetingReschedule, begun)
    clock = new Date(Date.parse(booked.body.meeting.start) + 5 * 60_000)
    const t = await openPage(begun, { clock: now })
    await t.goto(link)
    await hydrated(t.page, 'meeting')
    await t.page.getByText(ui.meeting.closed.split('{email}')[0]!).waitFor()
    expect(await t.page.getByLabel(ui.meeting.newDate).count()).toBe(0)
    expectNoErrors(t)
  } finally {
    await begun.close()
  }
})

test('a tampered link changes nothing and says it is not valid', async () => {
  const visitor = { business: 'Bishop Arts Books', name: 'Lee Park', email: 'lee@books.example' }
  expect((await book('2026-12-09', 'morning', visitor)).status).toBe(201)
  const link = await linkTo(visitor.email, urls.meetingCancel, site)
  // One character of the signature changed (not its last, whose low bits base64 may not carry).
  const at = link.length - 5
  const tampered = `${link.slice(0, at)}${link[at] === 'A' ? 'B' : 'A'}${link.slice(at + 1)}`
  const t = await openPage(site, { clock: now })
  t.expectError(/status of 400/)
  await t.goto(tampered)
  await t.page
    .getByRole('alert')
    .filter({ hasText: ui.meeting.invalid.split('{email}')[0]! })
    .waitFor()
  expect(await t.page.getByRole('button', { name: ui.meeting.cancelConfirm }).count()).toBe(0)
  expect((await meetingOf(visitor.business))?.state).toBe('booked')
})

describe.each(Object.values(checkedWidths).map((size) => [size.width, size] as const))('at %i px', (width, viewport) => {
  test(
    'the meeting pages and the admin’s Upcoming meetings have no serious accessibility problem',
    async () => {
      const visitor = { business: `Axe ${width}`, name: 'Robin Axe', email: `axe-${width}@example.com` }
      expect((await book('2026-12-03', 'afternoon', visitor)).status).toBe(201)
      for (const page of [urls.meetingCancel, urls.meetingReschedule]) {
        const t = await openPage(site, { clock: now, viewport })
        await t.goto(await linkTo(visitor.email, page, site))
        await hydrated(t.page, 'meeting')
        await t.page.getByText('Thursday, December 3 · 1:00–1:30 PM Central time (Dallas)').waitFor()
        await expectAccessible(t.page)
        expectNoErrors(t)
      }
      // Cancelled: the outcome, then the same link opened again.
      const c = await openPage(site, { clock: now, viewport })
      const cancelLink = await linkTo(visitor.email, urls.meetingCancel, site)
      await c.goto(cancelLink)
      await hydrated(c.page, 'meeting')
      await c.page.getByRole('button', { name: ui.meeting.cancelConfirm }).click()
      await cancelQuestion(c.page).waitFor()
      await expectAccessible(c.page)
      await cancelQuestion(c.page).getByRole('button', { name: ui.meeting.cancelFinal }).click()
      await c.page.getByRole('status').filter({ hasText: ui.meeting.cancelled }).waitFor()
      await expectAccessible(c.page)
      await c.goto(cancelLink)
      await hydrated(c.page, 'meeting')
      await c.page.getByText(ui.meeting.alreadyCancelled).waitFor()
      await expectAccessible(c.page)
      expectNoErrors(c)

      const admin = await openPage(site, { clock: now, viewport })
      await signIn(admin, `${urls.admin.meetings}/`)
      await admin.page.getByRole('link', { name: `Open the request of ${visitor.business}` }).waitFor()
      await expectAccessible(admin.page)
      await admin.page.getByRole('button', { name: ui.adminMeetings.move }).first().click()
      await admin.page.getByRole('dialog').waitFor()
      await expectAccessible(admin.page)
      await admin.page.keyboard.press('Escape')
      await admin.page.getByRole('dialog').waitFor({ state: 'detached' })
      await admin.page.getByRole('button', { name: ui.adminMeetings.cancel }).first().click()
      await admin.page.getByRole('alertdialog').waitFor()
      await expectAccessible(admin.page)
      expectNoErrors(admin)
    },
    longFlow,
  )
})

test(
  'the agency moves a meeting to a free start, cancels one with a line to the visitor, and marks one held; the request shows every change',
  async () => {
    const ana = { business: 'Oak Cliff Florist', name: 'Ana Lopez', email: 'ana@florist.example' }
    const ben = { business: 'Uptown Barbers', name: 'Ben Carter', email: 'ben@barbers.example' }
    const booked = await book('2026-11-30', 'morning', ana)
    expect(booked.status).toBe(201)
    expect((await book('2026-11-30', 'afternoon', ben)).status).toBe(201)

    const t = await openPage(site, { clock: now })
    await signIn(t, `${urls.admin.meetings}/`)
    const row = (business: string) => t.page.getByRole('listitem').filter({ has: t.page.getByRole('link', { name: `Open the request of ${business}` }) })

    // Move: 10:00 that Monday in Dallas (16:00 UTC in standard time) is free.
    await row(ana.business).getByRole('button', { name: ui.adminMeetings.move }).click()
    const move = t.page.getByRole('dialog', { name: `Move the meeting with ${ana.name}` })
    await move.getByLabel(ui.adminMeetings.newStart).selectOption('2026-11-30T16:00:00.000Z')
    // A line to the visitor, in the updated invitation.
    const moveLine = 'Our designer starts later that morning.'
    await move.getByLabel(ui.adminMeetings.cancelMessage).fill(moveLine)
    await move.getByRole('button', { name: ui.adminMeetings.moveConfirm }).click()
    const movedTo = 'Monday, November 30 · 10:00–10:30 AM Central time (Dallas)'
    await t.page
      .getByRole('status')
      .filter({ hasText: `Meeting with ${ana.name} moved to ${movedTo}` })
      .waitFor()
    await row(ana.business).getByText('Moved', { exact: true }).waitFor()
    expect(formatMeeting((await meetingOf(ana.business))!)).toBe(movedTo)
    await expect.poll(async () => (await emailsTo(ana.email, site)).some((mail) => (mail.text ?? '').includes(moveLine))).toBe(true)

    // Cancel, with a line the visitor reads in the cancellation.
    const line = 'Our designer is ill that day; we will call you to find another time.'
    await row(ben.business).getByRole('button', { name: ui.adminMeetings.cancel }).click()
    const cancel = t.page.getByRole('alertdialog', { name: `Cancel the meeting with ${ben.name}?` })
    await cancel.getByLabel(ui.adminMeetings.cancelMessage).fill(line)
    await cancel.getByRole('button', { name: ui.adminMeetings.cancelConfirm }).click()
    await t.page
      .getByRole('status')
      .filter({ hasText: `Meeting with ${ben.name} cancelled` })
      .waitFor()
    await row(ben.business).getByText('Cancelled', { exact: true }).waitFor()
    expect((await meetingOf(ben.business))?.state).toBe('cancelled')
    await expect.poll(async () => (await emailsTo(ben.email, site)).some((mail) => (mail.text ?? '').includes(line))).toBe(true)
    expectNoErrors(t)

    // The calendar feed, a view of its own at the top: its address, and Replace (after a confirmation)
    // makes the old one stop working.
    await t.page.getByRole('navigation', { name: ui.adminMeetings.viewsLabel }).getByRole('link', { name: ui.adminMeetings.viewFeed }).click()
    expect(new URL(t.page.url()).search).toBe('?view=feed')
    const feed = t.page.getByLabel(ui.adminMeetings.feedLabel)
    await expect.poll(() => feed.inputValue()).toMatch(/\/api\/calendar\/[^/]+\.ics$/)
    const oldFeed = await feed.inputValue()
    expect((await fetch(oldFeed)).status).toBe(200)
    await t.page.getByRole('button', { name: ui.adminMeetings.feedReplace }).click()
    await t.page
      .getByRole('alertdialog', { name: ui.adminMeetings.feedReplaceTitle })
      .getByRole('button', { name: ui.adminMeetings.feedReplaceConfirm })
      .click()
    await t.page.getByRole('status').filter({ hasText: ui.adminMeetings.feedReplaced }).waitFor()
    const newFeed = await feed.inputValue()
    expect(newFeed).not.toBe(oldFeed)
    expect((await fetch(oldFeed)).status).toBe(404)
    const calendar = await fetch(newFeed)
    expect(calendar.status).toBe(200)
    // iCalendar folds long lines (RFC 5545 §3.1): unfolded, the meeting names the business.
    expect((await calendar.text()).replace(/\r?\n[ \t]/g, '')).toContain(ana.business)

    // Once it has started, the moved meeting can be marked held.
    serviceNow = new Date('2026-11-30T10:15:00-06:00')
    const later = await openPage(site, { clock: serviceNow })
    await signIn(later, `${urls.admin.meetings}/`)
    const started = later.page.getByRole('listitem').filter({ has: later.page.getByRole('link', { name: `Open the request of ${ana.business}` }) })
    expect(await started.getByRole('button', { name: ui.adminMeetings.move }).count()).toBe(0)
    const markHeld = started.getByRole('button', { name: `Mark the meeting with ${ana.name} held` })
    await markHeld.click()
    // The button reads "Held" too: the row is held once that button is gone, and no-show is offered instead.
    await markHeld.waitFor({ state: 'detached' })
    await started.getByRole('button', { name: `Mark the meeting with ${ana.name} a no-show` }).waitFor()
    expect((await meetingOf(ana.business))?.state).toBe('held')

    // The request shows its meeting and each change.
    await later.goto(`${urls.admin.consultations}/?id=${encodeURIComponent(booked.body.id)}`)
    const meeting = later.page.getByRole('region', { name: ui.adminMeetings.meeting, exact: true })
    await meeting.getByText(movedTo, { exact: true }).waitFor()
    const changes = await meeting.getByRole('listitem').allTextContents()
    expect(changes.map((change) => change.split(',')[0])).toEqual(['Held', 'Moved', 'Booked'])
    expect(changes[1]).toContain(`for ${movedTo}`)
    expect(changes[2]).toContain('for Monday, November 30 · 9:00–9:30 AM Central time (Dallas)')
    expectNoErrors(later)
    serviceNow = now
  },
  longFlow,
)

test(
  'past meetings: a Past view lists those not marked yet first, the admin bar counts them, a mark is set and cleared; at 375, 768 and 1440 px',
  async () => {
    // A service of its own, so that no other test's meeting is among the past ones.
    let clock = now
    const own = await startSite({ now: () => clock })
    try {
      const cara = { business: 'Deep Ellum Bikes', name: 'Cara Diaz', email: 'cara@bikes.example' }
      const dev = { business: 'Bishop Arts Tea', name: 'Dev Patel', email: 'dev@tea.example' }
      expect((await book('2026-11-30', 'morning', cara, own)).status).toBe(201)
      expect((await book('2026-11-30', 'afternoon', dev, own)).status).toBe(201)
      expect((await book('2026-12-01', 'morning', ana2, own)).status).toBe(201)
      // Monday, November 30, 3:00 PM: both of the day's meetings have begun; Tuesday's has not.
      clock = new Date('2026-11-30T15:00:00-06:00')
      for (const viewport of [{ width: 375, height: 740 }, { width: 768, height: 1024 }, checkedWidths.wide]) {
        const t = await openPage(own, { clock, viewport })
        await signIn(t, `${urls.admin.meetings}/?view=past`)
        const toMark = t.page.getByRole('region', { name: ui.adminMeetings.pastUnmarked })
        await toMark.getByRole('link', { name: `Open the request of ${cara.business}` }).waitFor()
        // Latest first; Tuesday's is not among them.
        expect(await toMark.getByRole('link', { name: /^Open the request of / }).allTextContents()).toEqual([dev.business, cara.business])
        await t.page.getByRole('heading', { name: '2 meetings to mark' }).waitFor()
        await t.page
          .getByRole('navigation', { name: 'Admin' })
          .getByRole('link', { name: /Upcoming meetings.*2 to mark/ })
          .waitFor()
        expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
        await expectAccessible(t.page)
        if (viewport.width === 1440) {
          // Held: it leaves the ones to mark; the count follows; cleared, it comes back.
          await toMark.getByRole('button', { name: `Mark the meeting with ${cara.name} held` }).click()
          const marked = t.page.getByRole('region', { name: ui.adminMeetings.pastMarked })
          await marked.getByRole('link', { name: `Open the request of ${cara.business}` }).waitFor()
          await t.page.getByRole('heading', { name: '1 meeting to mark' }).waitFor()
          await t.page
            .getByRole('navigation', { name: 'Admin' })
            .getByRole('link', { name: /Upcoming meetings.*1 to mark/ })
            .waitFor()
          await expectAccessible(t.page)
          await marked.getByRole('button', { name: `Clear the mark of the meeting with ${cara.name}` }).click()
          await t.page
            .getByRole('status')
            .filter({ hasText: `The meeting with ${cara.name} is not marked any more` })
            .waitFor()
          await toMark.getByRole('link', { name: `Open the request of ${cara.business}` }).waitFor()
          // The upcoming view still has Tuesday's, and no mark buttons on it.
          await t.page.getByRole('navigation', { name: ui.adminMeetings.viewsLabel }).getByRole('link', { name: ui.adminMeetings.viewUpcoming }).click()
          const tuesday = t.page.getByRole('listitem').filter({ has: t.page.getByRole('link', { name: `Open the request of ${ana2.business}` }) })
          await tuesday.getByRole('button', { name: ui.adminMeetings.move }).waitFor()
          expect(await tuesday.getByRole('button', { name: `Mark the meeting with ${ana2.name} held` }).count()).toBe(0)
        }
        expectNoErrors(t)
        await t.page.context().close()
      }
    } finally {
      await own.close()
    }
  },
  longFlow,
)

const ana2 = { business: 'Lakewood Books', name: 'Eve Moss', email: 'eve@books.example' }
