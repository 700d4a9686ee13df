import type { Locator, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { api, pathOf } from '../../contract/wire/api'
import { adminApi } from '../../contract/wire/adminApi'
import type { ConsultationView } from '../../contract/wire/records'
import { urls } from '../../contract/wire/urls'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import { afterOffer, expectAccessible, expectNoErrors, openPage, siteForTests, adminHeader } from './harness'
import { rowOf, signIn } from './inboxSteps'

// A meeting follows its lead, on the record and in the list, and the record's first screen holds what the
// agency acts on: the contact and the meeting, with the status near. The service's clock is the pages':
// Monday, July 7, 2025, 10:00 in Dallas; every meeting is booked later that week.

const site = siteForTests({ now: () => afterOffer })
const ui = fixtureUi<UiStrings>()
const words = ui.adminInbox
const widths = { phone: { width: 375, height: 740 }, tablet: { width: 768, height: 1024 }, wide: { width: 1440, height: 900 } } as const

let n = 0
/** A consultation request as the dialog sends it, each in its own slot of the week, each its own person (address and phone) unless `phone` is given. */
async function postRequest(business: string, name = 'Dana Ruiz', phone?: string): Promise<string> {
  const days = ['2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11']
  const i = n++
  const response = await fetch(`${site.url}${api.forms.consultation.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      businessName: business,
      contactName: name,
      email: `lead${i}@example.com`,
      phone: phone ?? `(214) 555-01${10 + i}`,
      serviceInterest: 'automation',
      date: days[i % days.length],
      timeSlot: ['morning', 'afternoon', 'evening'][Math.floor(i / days.length) % 3],
    }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function recordOf(id: string): Promise<ConsultationView> {
  const response = await fetch(site.url + pathOf(adminApi.consultations.record.path, { id }), { headers: adminHeader })
  expect(response.status).toBe(200)
  return (await response.json()) as ConsultationView
}

/** Within the viewport's first screen: from its top, nothing of it below the fold or past the right edge. */
async function inFirstScreen(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox()
  const view = page.viewportSize()!
  expect(box, what).not.toBeNull()
  expect(box!.y, what).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height, `${what} ends at ${box!.y + box!.height} of ${view.height}`).toBeLessThanOrEqual(view.height)
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(view.width)
}

const meetingCard = (page: Page) => page.getByRole('region', { name: ui.adminMeetings.meeting, exact: true })

for (const [width, viewport] of Object.entries(widths)) {
  test(`at ${width} the record's first screen holds the contact, the meeting with Move and Cancel, and the status; Closed asks about the meeting`, async () => {
    const business = `First Screen ${width}`
    const id = await postRequest(business)
    const { meeting } = await recordOf(id)
    const t = await openPage(site, { viewport, clock: afterOffer })
    await signIn(t, urls.adminRecord('consultations', id))
    await t.page.getByRole('heading', { name: `Request from ${business}` }).waitFor()

    const contact = t.page.getByRole('region', { name: words.contact, exact: true })
    const call = contact.getByRole('link', { name: /^\(214\) 555-01\d\d$/ })
    expect(await call.getAttribute('href')).toMatch(/^tel:21455501\d\d$/)
    const write = contact.getByRole('link', { name: /^lead\d+@example\.com$/ })
    expect(await write.getAttribute('href')).toMatch(/^mailto:lead\d+@example\.com$/)
    const card = meetingCard(t.page)
    const time = card.locator(`time[datetime="${meeting!.start}"]`).first()
    for (const [what, locator] of [
      ['the call link', call],
      ['the email link', write],
      ['the meeting time', time],
      ['the meeting state', card.getByText('Booked', { exact: true })],
      ['Move', card.getByRole('button', { name: ui.adminMeetings.move })],
      ['Cancel', card.getByRole('button', { name: ui.adminMeetings.cancel })],
    ] as const)
      await inFirstScreen(t.page, locator, what)
    // The status control follows at once (on a phone, right under the meeting; wide, beside it).
    const status = t.page.getByRole('group', { name: words.statusLabel })
    const statusTop = (await status.boundingBox())!.y
    expect(statusTop).toBeLessThan(width === 'phone' ? 1.6 * viewport.height : viewport.height)
    // The details give the exact start, not only the window asked for.
    expect(await t.page.locator('article dl').first().textContent()).toContain(await time.textContent())
    await expectAccessible(t.page)

    // Closed, with the meeting ahead: asked first; "Close, keep the meeting" keeps it.
    await status.getByRole('radio', { name: words.statusClosed }).check()
    await t.page.getByRole('button', { name: words.saveStatus }).click()
    const question = t.page.getByRole('alertdialog', { name: words.closeMeetingTitle })
    await question.waitFor()
    await expectAccessible(t.page)
    await question.getByRole('button', { name: words.closeAndCancel }).click()
    await question.waitFor({ state: 'detached' })
    await card.getByText('Cancelled', { exact: true }).waitFor()
    expect(await card.getByRole('button', { name: ui.adminMeetings.move }).count()).toBe(0)
    await t.page.getByText(words.historyMeetingCancelled, { exact: true }).waitFor()
    const stored = await recordOf(id)
    expect([stored.status, stored.meeting!.state, stored.meeting!.history.at(-1)!.lead]).toEqual(['closed', 'cancelled', 'closed'])
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    expectNoErrors(t)
  })
}

test('Spam cancels the meeting without asking; Not spam offers to book the same time again', async () => {
  const id = await postRequest('Spam Then Not')
  const t = await openPage(site, { viewport: widths.wide, clock: afterOffer })
  await signIn(t, urls.adminRecord('consultations', id))
  await t.page.getByRole('heading', { name: 'Request from Spam Then Not' }).waitFor()
  const status = t.page.getByRole('group', { name: words.statusLabel })
  await status.getByRole('radio', { name: words.statusSpam }).check()
  await t.page.getByRole('button', { name: words.saveStatus }).click()
  const card = meetingCard(t.page)
  await card.getByText('Cancelled', { exact: true }).waitFor()
  await card.getByText(ui.adminMeetings.changeLeadSpam).waitFor({ state: 'attached' })
  expect(await t.page.getByRole('alertdialog').count()).toBe(0)
  // Still spam: nothing to book again.
  expect(await card.getByRole('button', { name: ui.adminMeetings.bookAgain }).count()).toBe(0)

  await status.getByRole('radio', { name: words.statusNew }).check()
  await t.page.getByRole('button', { name: words.saveStatus }).click()
  const again = card.getByRole('button', { name: ui.adminMeetings.bookAgain })
  await again.waitFor()
  await expectAccessible(t.page)
  await again.click()
  await card.getByText('Booked', { exact: true }).waitFor()
  expect((await recordOf(id)).meeting!.state).toBe('booked')
  expectNoErrors(t)
})

for (const [width, viewport] of [
  ['phone', widths.phone],
  ['wide', widths.wide],
] as const) {
  test(`at ${width} closing several leads asks once, with the count of meetings, and the list shows their meetings cancelled`, async () => {
    const businesses = ['Bulk A', 'Bulk B', 'Bulk C'].map((name) => `${name} ${width}`)
    const ids = []
    for (const business of businesses) ids.push(await postRequest(business))
    const t = await openPage(site, { viewport, clock: afterOffer })
    await signIn(t, `${urls.admin.consultations}/?q=${encodeURIComponent(`bulk`)}`)
    for (const business of businesses) {
      const row = rowOf(t.page, business)
      await row.waitFor()
      await row.getByRole('checkbox').check()
    }
    await t.page.getByLabel(words.bulkStatus).selectOption({ label: words.statusClosed })
    await t.page.getByRole('button', { name: words.bulkApply }).click()
    const question = t.page.getByRole('alertdialog', { name: words.closeMeetingsOther.replace('{count}', '3') })
    await question.waitFor()
    await expectAccessible(t.page)
    await question.getByRole('button', { name: words.closeAndCancelAll }).click()
    await question.waitFor({ state: 'detached' })
    for (const business of businesses) await rowOf(t.page, business).getByText('Cancelled', { exact: true }).waitFor()
    const stored = await Promise.all(ids.map(recordOf))
    expect(stored.map((record) => [record.status, record.meeting!.state])).toEqual(ids.map(() => ['closed', 'cancelled']))
    await expectAccessible(t.page)
    expectNoErrors(t)
  })
}

for (const [width, viewport] of [
  ['phone', widths.phone],
  ['wide', widths.wide],
] as const) {
  test(`at ${width} a record shows its person's timeline: another address with the same phone is the same person, linked`, async () => {
    const phone = width === 'phone' ? '(214) 555-0188' : '(214) 555-0189'
    const request = await postRequest(`Timeline Cafe ${width}`, 'Rosa Diaz', phone)
    const response = await fetch(`${site.url}${api.forms.contact.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Rosa Diaz',
        email: `rosa.${width}@example.com`,
        phone: `+1 ${phone.replace(/[()]/g, '')}`,
        business: 'Timeline Cafe',
        service: 'website',
        message: 'Hello',
      }),
    })
    expect(response.status).toBe(201)
    const message = ((await response.json()) as { id: string }).id
    const t = await openPage(site, { viewport, clock: afterOffer })
    await signIn(t, urls.adminRecord('consultations', request))
    const timeline = t.page.getByRole('region', { name: words.timeline })
    await timeline.getByText(words.timelineReceived.replace('{what}', words.relatedMessage)).waitFor()
    await timeline.getByText(words.timelineReceived.replace('{what}', words.relatedRequest)).waitFor()
    expect(await timeline.getByText(/^Meeting booked: /).count()).toBe(1)
    await expectAccessible(t.page)
    // The message is one click away, and shows the same person from its side.
    await timeline.getByRole('link', { name: new RegExp(`^${words.relatedMessage}, `) }).click()
    await t.page.getByRole('heading', { name: 'Message from Rosa Diaz' }).waitFor()
    expect(new URL(t.page.url()).searchParams.get('id')).toBe(message)
    await t.page
      .getByRole('region', { name: words.timeline })
      .getByRole('link', { name: new RegExp(`^${words.relatedRequest}, `) })
      .waitFor()
    await expectAccessible(t.page)
    expectNoErrors(t)
  })
}
