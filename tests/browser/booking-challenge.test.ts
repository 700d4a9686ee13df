import type { Locator, Page, Route } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import { defaultConfig } from '../../forms-service/config'
import { api } from '../../contract/wire/api'
import { challengeHeader, challengeNeededMessage } from '../../contract/wire/challenge'
import type { ConsultationView, ListPage } from '../../contract/wire/records'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import { expectAccessible, reachBookingPace, expectNoErrors, hydrated, openPage, painted, siteForTests, type TestPage, adminHeader } from './harness'

// The booking challenge in the dialog (site/forms/useSubmission.ts): past the pace of one booking an hour,
// the dialog's post is answered 428, the browser solves the challenge, says so in a polite status line,
// and sends the same booking again with the solution. On the real clock: the service checks a solution's
// expiry against it (altcha-lib's verifySolution).

const site = siteForTests({ config: { bookingChallenge: { ...defaultConfig.bookingChallenge, perHour: 1 } } })

const ui = fixtureUi<UiStrings>().consultation
const failure = 'There was an error submitting your consultation request. Please try again later.'
const dialog = (page: Page) => page.getByRole('dialog', { name: ui.title })
const thanks = (page: Page) => page.getByRole('dialog', { name: ui.successTitle })

// One booking by another visitor: the hour's pace is reached.
beforeAll(() => reachBookingPace(site))

/** Presses Tab until `target` has the focus, as a visitor moving through the dialog does. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; !(await target.evaluate((element) => element === document.activeElement)); presses++) {
    expect(presses, 'the control is reached by Tab').toBeLessThan(40)
    await page.keyboard.press('Tab')
  }
}

/** Opens the dialog from the hero's button and fills it, the keyboard only; the first free day and window. */
async function bookByKeyboard(t: TestPage, business: string) {
  await t.goto('/')
  await tabTo(t.page, t.page.getByRole('link', { name: 'Book a Free Consultation', exact: true }).first())
  await t.page.keyboard.press('Enter')
  const form = dialog(t.page)
  await form.waitFor()
  await painted(t.page)
  const typed: [string, string][] = [
    ['Business name', business],
    ['Contact name', 'Dana Ruiz'],
    ['Email', 'dana@lonestar.example'],
    ['Phone', '214 555 0199'],
  ]
  for (const [label, text] of typed) {
    await tabTo(t.page, form.getByLabel(label))
    await t.page.keyboard.type(text)
  }
  for (const label of ['Service of interest', 'Preferred date', 'Preferred time']) {
    await tabTo(t.page, form.getByLabel(label))
    await t.page.keyboard.press('ArrowDown')
  }
  await form.getByRole('radio', { checked: true }).waitFor()
  const submit = form.getByRole('button', { name: ui.submit })
  await tabTo(t.page, submit)
  // The live regions there before the submit: the one that speaks must be among them to be announced.
  await t.page.evaluate(() => {
    ;(window as unknown as { regionsBefore: Element[] }).regionsBefore = [...document.querySelectorAll('[role="status"]')]
  })
  await t.page.keyboard.press('Enter')
  return form
}

/** The service's record of `business`'s request, as the admin API lists it. */
async function requestOf(business: string) {
  const response = await fetch(`${site.url}${adminApi.consultations.list.path}`, { headers: adminHeader })
  expect(response.status).toBe(200)
  return ((await response.json()) as ListPage<ConsultationView>).items.find((item) => item.businessName === business)
}

/** Holds the post that carries a solution until `release` is called, passing it on as `headers` makes it. */
async function holdSolvedPost(page: Page, headers: (sent: Record<string, string>) => Record<string, string> = (sent) => sent) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const seen: string[] = []
  await page.route(`**${api.forms.consultation.path}`, async (route: Route) => {
    const sent = route.request().headers()
    const proof = sent[challengeHeader.toLowerCase()]
    if (proof === undefined) return route.continue()
    seen.push(proof)
    await released
    await route.continue({ headers: headers(sent) })
  })
  return { release, seen }
}

describe('the booking challenge in the dialog', () => {
  test('is solved while a status line says so, focus kept on the submit button, and the booking holds its meeting', async () => {
    const t = await openPage(site)
    t.expectError(/status of 428/)
    const held = await holdSolvedPost(t.page)
    const business = 'Lone Star Bakery'
    const form = await bookByKeyboard(t, business)

    const status = form.getByRole('status').filter({ hasText: challengeNeededMessage })
    await status.waitFor()
    expect(await status.evaluate((region) => (window as unknown as { regionsBefore: Element[] }).regionsBefore.includes(region))).toBe(true)
    await expect.poll(() => held.seen.length).toBe(1)
    // Still checking (the solved post is held): busy, the focus where the visitor left it, nothing serious for axe.
    const submit = form.getByRole('button', { name: ui.submitting })
    expect(await submit.evaluate((button) => button === document.activeElement)).toBe(true)
    expect(await submit.getAttribute('aria-disabled')).toBe('true')
    await expectAccessible(t.page)
    held.release()

    await thanks(t.page).waitFor()
    await expectAccessible(t.page)
    expect((await requestOf(business))?.meeting?.start).toBeTruthy()
    expectNoErrors(t)
  })

  test('answered wrong, the usual failure alert shows', async () => {
    const t = await openPage(site)
    t.expectError(/status of 428/)
    t.expectError(/status of 400/)
    // The right number, plus one: a solution that does not solve it.
    const wrong = (proof: string) => {
      const payload = JSON.parse(atob(proof)) as { number: number }
      return btoa(JSON.stringify({ ...payload, number: payload.number + 1 }))
    }
    const held = await holdSolvedPost(t.page, (sent) => ({ ...sent, [challengeHeader.toLowerCase()]: wrong(sent[challengeHeader.toLowerCase()]!) }))
    held.release()
    const form = await bookByKeyboard(t, 'Wrong Answer Diner')
    await form.getByRole('alert').getByText(failure).waitFor()
    expect(held.seen).toHaveLength(1)
    expect(await form.getByRole('status').filter({ hasText: challengeNeededMessage }).count()).toBe(0)
    await expectAccessible(t.page)
    expectNoErrors(t)
  })
})

test('the /consultation page solves it too', async () => {
  const t = await openPage(site)
  t.expectError(/status of 428/)
  const held = await holdSolvedPost(t.page)
  await t.goto('/consultation/')
  await hydrated(t.page, 'consultation-page')
  const form = t.page.locator('[data-island="consultation-page"]')
  const business = 'Page Form Florist'
  await form.getByLabel('Business name').fill(business)
  await form.getByLabel('Contact name').fill('Lee Park')
  await form.getByLabel('Email').fill('lee@florist.example')
  await form.getByLabel('Phone').fill('214 555 0142')
  await form.getByLabel('Service of interest').selectOption('automation')
  await form.getByLabel('Preferred date').selectOption({ index: 1 })
  await form.getByLabel('Preferred time').selectOption({ index: 1 })
  await form.getByRole('radio', { checked: true }).waitFor()
  await form.getByRole('button', { name: ui.submit }).click()
  await form.getByRole('status').filter({ hasText: challengeNeededMessage }).waitFor()
  held.release()
  await form.getByText(ui.successTitle).waitFor()
  expect(held.seen).toHaveLength(1)
  expect((await requestOf(business))?.meeting?.start).toBeTruthy()
  expectNoErrors(t)
})
