import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import { api } from '../../contract/wire/api'
import type { BlockedPostView } from '../../contract/wire/blockList'
import type { ListPage, Summary } from '../../contract/wire/records'
import { afterOffer, checkedWidths, expectAccessible, expectNoErrors, openPage, siteForTests, subscribe, adminHeader } from './harness'
import { adminNav, focusedElement, notice, postConsultations, signIn } from './inboxSteps'

// What the block list catches, against the real service: a blocked address's forms are answered as
// received, kept out of the inbox and the subscribers, listed on the Blocked screen with the admin
// bar's count, and Unblock gives each back where it belongs.

// The service's clock starts at afterOffer on its first reading and runs on, so that posts sent one after
// the other are newest first by their times (a clock held still would leave their order to chance).
function clockFrom(from: Date) {
  let started: number | undefined
  return () => {
    started ??= performance.now()
    return new Date(from.getTime() + performance.now() - started)
  }
}
const site = siteForTests({ now: clockFrom(afterOffer) })
const bearer = { ...adminHeader, 'Content-Type': 'application/json' }

const adminGet = async <T>(path: string): Promise<T> => (await (await fetch(site.url + path, { headers: bearer })).json()) as T

async function block(emails: string[]) {
  const response = await fetch(site.url + adminApi.block.path, { method: 'POST', headers: bearer, body: JSON.stringify({ kind: 'email', values: emails }) })
  expect(response.status).toBe(201)
}

async function sendMessage(name: string, email: string) {
  const response = await fetch(site.url + api.forms.contact.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, phone: '214 555 0100', business: `${name} Studio`, service: 'ai-agents', message: 'A site for our studio.' }),
  })
  expect(response.status).toBe(201)
}

const consultationsMatching = async (q: string) => (await adminGet<ListPage<unknown>>(`${adminApi.consultations.list.path}?q=${encodeURIComponent(q)}`)).total
const subscribed = async (email: string) => (await adminGet<Array<{ email: string }>>(adminApi.subscribers.path)).some((row) => row.email === email)
const caughtTable = (page: Page) => page.getByRole('table', { name: 'Posts caught by the block list, newest first' })
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
/** The row of a caught post by who sent it: its row header starts with the name (a sign-up's, its email). */
const caughtRow = (page: Page, who: string) =>
  caughtTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: startsWith(who) }) })
const blockedLink = (page: Page) => adminNav(page).getByRole('link', { name: /^Blocked/ })

test('a blocked address posts a consultation and a sign-up: both answered, kept apart, counted in the bar, and given back by Unblock from the keyboard', async () => {
  const email = 'cass@caught.example'
  await block([email])
  await postConsultations(site, ['Caught Bakery'], { contactName: 'Cass Caught', email })
  await subscribe(site, [email])

  // Answered 201, in neither the inbox nor the subscribers.
  expect(await consultationsMatching('Caught Bakery')).toBe(0)
  expect(await subscribed(email)).toBe(false)
  expect((await adminGet<Summary>(adminApi.summary.path)).blocked).toEqual({ thisWeek: 2, total: 2 })

  const t = await openPage(site, { viewport: checkedWidths.wide, clock: afterOffer })
  await signIn(t, '/admin/blocked/')
  const table = caughtTable(t.page)
  await table.waitFor()
  expect(await blockedLink(t.page).getAttribute('aria-current')).toBe('page')
  await expect.poll(() => blockedLink(t.page).textContent()).toBe('Blocked 2 caught this week')

  // Newest first: the sign-up, then the request; who, which form, when, and what caught it.
  const rows = table.getByRole('row')
  await expect.poll(() => rows.count()).toBe(3)
  expect(await rows.nth(1).getByRole('rowheader').innerText()).toBe(email)
  expect(await rows.nth(2).getByRole('rowheader').innerText()).toBe(`Cass Caught\nCaught Bakery\n${email}`)
  const cells = (who: string) => caughtRow(t.page, who).getByRole('cell').allInnerTexts()
  expect((await cells('Cass Caught')).slice(0, 3)).toEqual(['Consultation request', 'Jul 7, 2025, 10:00 AM CDT', `${email}\nEmail address`])
  expect((await cells(email)).slice(0, 1)).toEqual(['Newsletter sign-up'])

  // From the keyboard: Unblock the request; the notice links to it, and focus is on the next row's Unblock.
  await caughtRow(t.page, 'Cass Caught')
    .getByRole('button', { name: /^Unblock ?: Cass Caught$/ })
    .focus()
  await t.page.keyboard.press('Enter')
  const moved = notice(t.page, 'Moved to Consultation requests: Cass Caught.')
  await moved.waitFor()
  const openRequest = moved.getByRole('link', { name: 'Open the request' })
  expect(await openRequest.getAttribute('href')).toMatch(/^\/admin\/consultations\/\?id=/)
  await caughtRow(t.page, 'Cass Caught').waitFor({ state: 'detached' })
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', text: `Unblock: ${email}` })
  await expect.poll(() => blockedLink(t.page).textContent()).toBe('Blocked 1 caught this week')
  expect(await consultationsMatching('Caught Bakery')).toBe(1)
  const requestPath = await openRequest.getAttribute('href')

  // The last one: the list is empty, focus is on the notice's link, and the bar counts none.
  await t.page.keyboard.press('Enter')
  const signUp = notice(t.page, `Moved to Newsletter subscribers: ${email}.`)
  await signUp.waitFor()
  await t.page.getByRole('heading', { name: 'Nothing caught' }).waitFor()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'A', text: 'See the subscribers' })
  await expect.poll(() => blockedLink(t.page).textContent()).toBe('Blocked')
  expect(await subscribed(email)).toBe(true)
  // The address itself stays blocked.
  expect(await t.page.getByRole('table', { name: 'Blocked addresses, oldest first' }).getByRole('rowheader', { name: email }).count()).toBe(1)

  // Where they went: the subscribers list, and the request's own page.
  await t.page.keyboard.press('Enter')
  await t.page.waitForURL(/\/admin\/newsletter\/?$/)
  await t.page.getByText(email, { exact: true }).waitFor()
  await t.goto(requestPath!)
  await t.page.getByRole('heading', { name: 'Request from Caught Bakery' }).waitFor()
  expectNoErrors(t)
})

test.each(Object.entries(checkedWidths))('on a %s: the Blocked screen with caught posts of every form, and the Overview, pass axe', async (name, viewport) => {
  const email = `axe.${name}@caught.example`
  await block([email])
  await postConsultations(site, [`Axe ${name} Bakery`], { contactName: `Axe ${name} Owner`, email })
  await sendMessage(`Axe ${name} Writer`, email)
  await subscribe(site, [email])

  const t = await openPage(site, { viewport, clock: afterOffer })
  await signIn(t, '/admin/blocked/')
  for (const who of [`Axe ${name} Owner`, `Axe ${name} Writer`, email]) await caughtRow(t.page, who).waitFor()
  await expect.poll(() => blockedLink(t.page).textContent()).toMatch(/^Blocked \d+ caught this week$/)
  expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await expectAccessible(t.page)
  await t.page.screenshot({ path: `/tmp/blocked-posts-${viewport.width}.png`, fullPage: true })

  await t.goto('/admin/')
  const section = t.page.getByRole('region', { name: 'Caught by the block list' })
  const figure = section.getByRole('row', { name: /^Form posts caught/ })
  await figure.waitFor()
  expect(Number(await figure.getByRole('cell').first().innerText())).toBeGreaterThanOrEqual(3)
  expect(await section.getByRole('link', { name: 'See them on the Blocked screen' }).getAttribute('href')).toBe('/admin/blocked')
  await expectAccessible(t.page)
  await section.screenshot({ path: `/tmp/overview-blocked-${viewport.width}.png` })
  expectNoErrors(t)
})

test('more than a page of caught posts: the Pager steps through them, newest first', async () => {
  const emails = Array.from({ length: 26 }, (_, i) => `reader.${String(i).padStart(2, '0')}@caught.example`)
  await block(emails)
  await subscribe(site, emails)
  const { total } = await adminGet<ListPage<BlockedPostView>>(`${adminApi.blockedPosts.path}?limit=1`)

  const t = await openPage(site, { viewport: 'desktop', clock: afterOffer })
  await signIn(t, '/admin/blocked/')
  const pages = t.page.getByRole('navigation', { name: 'Pages' })
  const rows = caughtTable(t.page).getByRole('rowheader')
  await pages.getByText(`Showing 1–25 of ${total}`).waitFor()
  // The last sign-up is the newest.
  expect(await rows.first().innerText()).toBe(emails[25])
  expect(await rows.count()).toBe(25)
  await pages.getByRole('button', { name: 'Next' }).click()
  await pages.getByText(`Showing 26–${total} of ${total}`).waitFor()
  await t.page.waitForURL(/\?page=2$/)
  await expect.poll(() => rows.count()).toBe(total - 25)
  expect(await caughtRow(t.page, emails[25]!).count()).toBe(0)
  expectNoErrors(t)
})
