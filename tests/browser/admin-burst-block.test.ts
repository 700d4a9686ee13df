import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import type { BlockedPostView } from '../../contract/wire/blockList'
import type { ListPage } from '../../contract/wire/records'
import { afterOffer, checkedWidths, expectAccessible, expectNoErrors, openPage, siteForTests, adminHeader } from './harness'
import { adminNav, focusedElement, notice, postConsultations, signIn } from './inboxSteps'

// A burst of requests from two networks, against the real service behind a proxy (trustProxy: the
// X-Forwarded-For of each post is where it came from): Spam and block lists the networks with how many
// came from each and blocks them for a week too; the Blocked screen says until when; the next request
// from one of them is kept apart.

const site = siteForTests({ now: () => afterOffer, config: { trustProxy: 1 } })
const bearer = { ...adminHeader, 'Content-Type': 'application/json' }
const day = 86_400_000

const adminGet = async <T>(path: string): Promise<T> => (await (await fetch(site.url + path, { headers: bearer })).json()) as T
const consultationsMatching = async (q: string) =>
  (await adminGet<ListPage<unknown>>(`${adminApi.consultations.list.path}?status=new&q=${encodeURIComponent(q)}`)).total

/** A request of `business` from the address `from`. */
const requestFrom = (from: string, business: string, email: string) => postConsultations(site, [business], { email }, { 'X-Forwarded-For': from })

const blockedRow = (page: Page, value: string) =>
  page
    .getByRole('table', { name: 'Blocked addresses, oldest first' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: value, exact: true }) })

test.each(Object.entries(checkedWidths))('on a %s: Spam and block lists the networks of a burst and blocks them for 7 days', async (name, viewport) => {
  const tag = `Burst ${viewport.width}`
  // Two networks of this width's own, so that the other width's blocks catch none of these posts.
  const ipv4 = { network: `203.0.${viewport.width % 256}.0/24`, client: (n: number) => `203.0.${viewport.width % 256}.${n}` }
  const ipv6 = { network: `2001:db8:${viewport.width}:100::/56`, client: (n: number) => `2001:db8:${viewport.width}:1a${n}::7` }
  for (const n of [1, 2, 3]) await requestFrom(ipv4.client(n), `${tag} Four ${n}`, `four.${n}.${name}@flood.example`)
  for (const n of [1, 2]) await requestFrom(ipv6.client(n), `${tag} Six ${n}`, `six.${n}.${name}@flood.example`)

  const t = await openPage(site, { viewport, clock: afterOffer })
  await signIn(t, `/admin/consultations/?q=${encodeURIComponent(tag)}`)
  const bar = t.page.getByRole('group', { name: 'With the selected' })
  await t.page.getByRole('checkbox', { name: `Select ${tag} Six 2` }).waitFor()
  await bar.getByRole('checkbox', { name: 'Select all on this page' }).check()
  await bar.getByText('5 selected').waitFor()
  await bar.getByRole('button', { name: 'Spam and block' }).click()

  // The networks, most requests first, and the box that blocks them too, checked.
  const dialog = t.page.getByRole('alertdialog', { name: 'Mark 5 as spam and block their email addresses?' })
  const networks = dialog.getByRole('list', { name: 'Networks they came from' })
  await networks.waitFor()
  expect(await networks.getByRole('listitem').allInnerTexts()).toEqual([`${ipv4.network} — 3 requests`, `${ipv6.network} — 2 requests`])
  const alsoNetworks = dialog.getByRole('checkbox', { name: 'Also block these networks for 7 days' })
  expect(await alsoNetworks.isChecked()).toBe(true)
  expect(await alsoNetworks.getAttribute('aria-describedby')).toBeTruthy()
  await expectAccessible(t.page)
  await t.page.screenshot({ path: `/tmp/spam-block-networks-${viewport.width}.png` })

  // From the keyboard: Space unchecks and checks it again; Tab reaches Cancel, then Spam and block.
  await alsoNetworks.focus()
  await t.page.keyboard.press('Space')
  expect(await alsoNetworks.isChecked()).toBe(false)
  await t.page.keyboard.press('Space')
  expect(await alsoNetworks.isChecked()).toBe(true)
  await t.page.keyboard.press('Tab')
  await t.page.keyboard.press('Tab')
  expect(await focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', text: 'Spam and block' })
  await t.page.keyboard.press('Enter')
  await notice(t.page, '5 marked spam, 5 email addresses and 2 networks blocked').waitFor()
  expect(await consultationsMatching(tag)).toBe(0)

  // The Blocked screen: both networks, blocked now until a week from now, in the agency's zone.
  await adminNav(t.page).getByRole('link', { name: 'Blocked' }).click()
  await t.page.waitForURL(/\/admin\/blocked\/?$/)
  for (const network of [ipv4.network, ipv6.network]) {
    const row = blockedRow(t.page, network)
    await row.waitFor()
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 5)).toEqual([
      'Client address (IP)',
      'Marked spam in the inbox',
      'Admin',
      'Jul 7, 2025, 10:00 AM CDT',
      'Jul 14, 2025, 10:00 AM CDT',
    ])
  }
  // The email addresses are blocked until removed.
  expect((await blockedRow(t.page, `four.1.${name}@flood.example`).getByRole('cell').allInnerTexts())[4]).toBe('When unblocked')
  await t.page.getByText('Times are Central time (Dallas).').first().waitFor()
  expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await expectAccessible(t.page)
  await t.page.screenshot({ path: `/tmp/blocked-networks-${viewport.width}.png`, fullPage: true })

  // Someone else from one of those networks: answered as received, kept apart, caught by the network.
  await requestFrom(ipv6.client(9), `${tag} Later`, `later.${name}@elsewhere.example`)
  expect(await consultationsMatching(tag)).toBe(0)
  const caught = await adminGet<ListPage<BlockedPostView>>(`${adminApi.blockedPosts.path}?limit=200`)
  const later = caught.items.find((post) => post.form === 'consultation' && post.fields.businessName === `${tag} Later`)
  expect(later?.caughtBy).toEqual({ kind: 'client', value: ipv6.network })
  expectNoErrors(t)
})

test('a block for a time reads as ended once its end has passed', async () => {
  const network = '198.51.100.0/24'
  const added = await fetch(site.url + adminApi.block.path, {
    method: 'POST',
    headers: bearer,
    body: JSON.stringify({ kind: 'client', values: [network], days: 1, reason: 'A short flood' }),
  })
  expect(added.status).toBe(201)

  // Two days on (the service's clock stays at afterOffer: the end is Jul 8, the page's clock Jul 9).
  const t = await openPage(site, { viewport: checkedWidths.wide, clock: new Date(afterOffer.getTime() + 2 * day) })
  await signIn(t, '/admin/blocked/')
  const row = blockedRow(t.page, network)
  await row.waitFor()
  expect((await row.getByRole('cell').allInnerTexts())[4]).toBe('Ended\nJul 8, 2025, 10:00 AM CDT')
  expectNoErrors(t)
})
