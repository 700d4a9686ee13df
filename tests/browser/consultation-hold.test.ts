import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { formatMeeting } from '../../contract/booking/booking'
import { consultationDates } from '../../contract/booking/consultationDates'
import { adminApi } from '../../contract/wire/adminApi'
import { unheldRequestSentence } from '../../contract/wire/challenge'
import type { ConsultationView, ListPage } from '../../contract/wire/records'
import { urls } from '../../contract/wire/urls'
import { defaultConfig } from '../../forms-service/config'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import { checkedWidths, closedDays, expectAccessible, expectNoErrors, hydrated, linkTo, openPage, reachBookingPace, siteForTests, adminHeader } from './harness'

// While the booking challenge is on, a consultation sent without JavaScript is kept without a time, and the
// visitor is emailed a hold link (contract/wire/challenge.ts): its page holds the first free start of the
// window asked for, with JavaScript or without, and says when; the thank-you page without JavaScript shows it.

const site = siteForTests({ config: { bookingChallenge: { ...defaultConfig.bookingChallenge, perHour: 1 } } })
beforeAll(() => reachBookingPace(site))

const ui = fixtureUi<UiStrings>().consultationHold
const holdMinutes = defaultConfig.bookingChallenge.holdMinutes

/** The service's record of `email`'s request, as the admin API lists it. */
async function requestOf(email: string) {
  const response = await fetch(`${site.url}${adminApi.consultations.list.path}?q=${encodeURIComponent(email)}`, {
    headers: adminHeader,
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as ListPage<ConsultationView>).items[0]
}

/** /consultation/ without JavaScript, filled and sent: the thank-you page says no time is held yet. */
async function sendWithoutJavaScript(page: Page, email: string) {
  await page.goto(new URL('/consultation/', site.url).href)
  await page.getByLabel('Business name').fill('Hill Country Tacos')
  await page.getByLabel('Contact name').fill('Rosa Diaz')
  await page.getByRole('main').getByLabel('Email').fill(email)
  await page.getByLabel('Phone').fill('214 555 0177')
  await page.getByLabel('Preferred date').fill(consultationDates(new Date(), closedDays)[2]!.value)
  await page.getByLabel('Service of interest').selectOption('automation')
  await page.getByLabel('Preferred time').selectOption('evening')
  await page.getByRole('button', { name: 'Schedule Consultation' }).click()
  await page.waitForURL((url) => url.pathname === '/thank-you/consultation/')
  await page.getByText(unheldRequestSentence(holdMinutes)).waitFor()
}

describe('the hold link of a request sent without JavaScript', () => {
  test('without JavaScript: the form is kept, the emailed link holds an evening start, and the thank-you page then names it', async () => {
    const t = await openPage(site, { javaScript: false })
    const email = 'rosa@tacos.example'
    await sendWithoutJavaScript(t.page, email)
    expect((await requestOf(email))?.meeting).toBeUndefined()

    await t.goto(await linkTo(email, urls.consultationHold, site))
    expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe(ui.title)
    // (axe runs as a script, which this page does not allow: the page with JavaScript is checked below.)
    // Only the plain form's button: the island's needs JavaScript.
    await expect.poll(() => t.page.getByRole('button', { name: ui.hold }).count()).toBe(1)
    await t.page.getByRole('button', { name: ui.hold }).click()
    await t.page.waitForURL((url) => url.pathname === '/thank-you/consultation/')

    const { meeting } = (await requestOf(email))!
    expect(meeting?.state).toBe('booked')
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', hour12: false }).format(new Date(meeting!.start)))
    expect(hour).toBeGreaterThanOrEqual(18)
    await t.page.getByText(formatMeeting(meeting!)).waitFor()
    expectNoErrors(t)
  })

  for (const [name, viewport] of Object.entries(checkedWidths)) {
    test(`with JavaScript at ${viewport.width} px: one press by keyboard holds the time, says it in both zones, and a second press says the same`, async () => {
      const kept = await openPage(site, { javaScript: false })
      const email = `rosa-${name}@tacos.example`
      await sendWithoutJavaScript(kept.page, email)
      const link = await linkTo(email, urls.consultationHold, site)

      const t = await openPage(site, { viewport, timezoneId: 'Europe/London' })
      await t.goto(link)
      await hydrated(t.page, 'consultation-hold')
      await expectAccessible(t.page)
      const button = t.page.getByRole('button', { name: ui.hold })
      for (let presses = 0; !(await button.evaluate((element) => element === document.activeElement)); presses++) {
        expect(presses, 'the button is reached by Tab').toBeLessThan(40)
        await t.page.keyboard.press('Tab')
      }
      await t.page.keyboard.press('Enter')
      await expect.poll(async () => (await requestOf(email))?.meeting?.state).toBe('booked')
      const { meeting } = (await requestOf(email))!
      const success = t.page.getByRole('status').getByText(ui.success.replace('{meeting}', formatMeeting(meeting!)), { exact: false })
      await success.waitFor()
      await t.page.getByText(`Your time: ${formatMeeting(meeting!, 'Europe/London')}`).waitFor()
      // The answer has the focus, where a screen reader reads it.
      expect(await t.page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(formatMeeting(meeting!))
      await expectAccessible(t.page)

      // The link opened again (from the email, later): the same time, nothing booked twice.
      await t.goto(link)
      await hydrated(t.page, 'consultation-hold')
      await t.page.getByRole('button', { name: ui.hold }).click()
      await success.waitFor()
      expect((await requestOf(email))?.meeting?.start).toBe(meeting!.start)
      expectNoErrors(kept)
      expectNoErrors(t)
    })
  }

  test('a link cut short says so, with the agency’s address', async () => {
    const t = await openPage(site)
    t.expectError(/status of 400/)
    await t.goto(`${urls.consultationHold}/?token=cut-short`)
    await hydrated(t.page, 'consultation-hold')
    await t.page.getByRole('button', { name: ui.hold }).click()
    await t.page.getByRole('alert').getByText(ui.invalid.split('{email}')[0]!.trim()).waitFor()
    await expectAccessible(t.page)
    expectNoErrors(t)
  })
})
