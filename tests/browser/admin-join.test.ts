import type { APIRequestContext } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import { urls } from '../../contract/wire/urls'
import { format } from '../../site/content/ui'
import { checkedWidths, expectAccessible, expectNoErrors, hydrated, openPage, siteForTests, type TestPage } from './harness'
import { adminNav } from './inboxSteps'
import { banner, firstOwner, invite, joinLink, ui } from './peopleSteps'

// The page an invitation's email links to (/admin/join?key=…), signed out: who it is for and a new password,
// on a phone and a large monitor; a link that no longer works (used, revoked, cut short) says so and what to do.

const site = siteForTests()
const { adminJoin: words, adminShell: shell } = ui

let owner: APIRequestContext
const people = {
  june: { name: 'June Joiner', email: 'june@example.com', role: 'member' },
  rex: { name: 'Rex Revoked', email: 'rex@example.com', role: 'member' },
  una: { name: 'Una Used', email: 'una@example.com', role: 'owner' },
} as const
const links: Record<keyof typeof people, string> = { june: '', rex: '', una: '' }

beforeAll(async () => {
  owner = await firstOwner(site)
  for (const [key, person] of Object.entries(people) as [keyof typeof people, (typeof people)[keyof typeof people]][]) {
    const invitation = await invite(owner, person)
    links[key] = await joinLink(person.email, site)
    if (key === 'rex') expect((await owner.delete(adminApi.people.revokeInvitation.path.replace(':id', invitation.id))).status()).toBe(204)
  }
  // Una has accepted already: her link worked once.
  const key = new URL(links.una, site.url).searchParams.get('key')
  const browser = await site.browser.newContext({ baseURL: site.url, extraHTTPHeaders: { Origin: site.url } })
  const accepted = await browser.request.post(adminApi.people.accept.path, {
    data: { key, password: 'una has a password' },
  })
  expect(accepted.status()).toBe(201)
})

/** The page of a link that no longer works: the service's words, and who to ask. */
async function expectGone(t: TestPage) {
  await t.page.getByRole('heading', { name: words.invalidTitle }).waitFor()
  await t.page.getByRole('alert').filter({ hasText: 'This invitation link no longer works' }).waitFor()
  expect(await t.page.getByText(words.askOwner).isVisible()).toBe(true)
  expect(await t.page.getByLabel(words.password).count()).toBe(0)
}

describe.each([
  ['375 px', checkedWidths.phone],
  ['1440 px', checkedWidths.wide],
] as const)('at %s', (_, viewport) => {
  test('an invitation link: welcome by name, the email, a new password; no navigation, no session asked; axe', async () => {
    const t = await openPage(site, { viewport })
    await t.goto(links.june)
    await hydrated(t.page, 'admin')
    await t.page.getByRole('heading', { name: format(words.welcome, { name: people.june.name }) }).waitFor()
    expect(await t.page.getByRole('heading', { level: 1 }).innerText()).toBe(words.title)
    const email = t.page.getByLabel(words.email, { exact: true })
    expect([await email.inputValue(), await email.getAttribute('readonly'), await email.getAttribute('autocomplete')]).toEqual([
      people.june.email,
      '',
      'username',
    ])
    const password = t.page.getByLabel(words.password)
    expect([await password.getAttribute('autocomplete'), await password.getAttribute('minlength')]).toEqual(['new-password', '8'])
    expect(await password.getAttribute('aria-describedby')).toBeTruthy()
    expect(await adminNav(t.page).count()).toBe(0)
    expect(await banner(t.page).getByRole('button', { name: shell.signOut }).count()).toBe(0)
    await expectAccessible(t.page)
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    // Signed out, the page asks nothing that answers 401.
    expectNoErrors(t)
  })

  test('a link that no longer works says so, and to ask for a new invitation; axe', async () => {
    const t = await openPage(site, { viewport })
    t.expectError(/status of 404/)
    await t.goto(links.una)
    await hydrated(t.page, 'admin')
    await expectGone(t)
    await expectAccessible(t.page)
    expectNoErrors(t)
  })
})

test('a revoked link, a link cut short and one without its key all say the link no longer works', async () => {
  const t = await openPage(site)
  t.expectError(/status of 404/)
  for (const link of [links.rex, links.june.slice(0, -6), urls.admin.join]) {
    await t.goto(link)
    await hydrated(t.page, 'admin')
    await expectGone(t)
  }
  expectNoErrors(t)
})
