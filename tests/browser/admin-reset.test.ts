import type { APIRequestContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { adminApi } from '../../contract/wire/adminApi'
import { resetAsked } from '../../contract/wire/people'
import { urls } from '../../contract/wire/urls'
import { format } from '../../site/content/ui'
import { checkedWidths, emailsTo, expectAccessible, expectNoErrors, hydrated, openPage, siteForTests, type TestPage } from './harness'
import { adminNav, focusedElement } from './inboxSteps'
import { addAuthenticatorApp, deskApi, firstOwner, joined, keyLink, signedInAs, signInWith, ui } from './peopleSteps'

// A forgotten password (/admin/reset), signed out, against the real service: asked from the sign-in's link, the
// email's link read from the outbox as the person reads it, a new password that signs in (or, for a person with
// a second factor, that sends them to sign in with it), and a link that works once.

const site = siteForTests()
const { adminScreen: signInWords, adminShell: shell, adminReset: words } = ui

const rita = { name: 'Rita Reset', email: 'rita@example.com', role: 'member', password: 'rita forgot this one' } as const
const tom = { name: 'Tom Two-Factor', email: 'tom@example.com', role: 'member', password: 'tom forgot his too' } as const
const ritaNew = 'rita remembers this one'

let ownerApi: APIRequestContext
/** Tom's reset links so far: each test asks for a new one. */
const tomLinks: string[] = []
beforeAll(async () => {
  ownerApi = await firstOwner(site)
  for (const person of [rita, tom]) await joined(site, ownerApi, person)
  await addAuthenticatorApp(await deskApi(site, { email: tom.email, password: tom.password }))
})

const onScreen = (page: Page, screen: keyof typeof urls.admin) =>
  page.waitForURL((url) => url.pathname.replace(/\/$/, '') === urls.admin[screen]).then(() => hydrated(page, 'admin'))

/** From a screen signed out, the sign-in's "Forgot your password?" to the reset's first step. */
async function forgotPassword(t: TestPage) {
  t.expectError(/status of 401/)
  await t.goto(`${urls.admin.people}/`)
  await hydrated(t.page, 'admin')
  await t.page.getByRole('link', { name: signInWords.forgotPassword }).click()
  await onScreen(t.page, 'reset')
  await t.page.getByRole('heading', { name: words.askTitle }).waitFor()
}

/** Asks for the link to `email` on the reset's first step; resolves once the service's sentence is said. */
async function askFor(page: Page, email: string) {
  await page.getByLabel(words.email, { exact: true }).fill(email)
  await page.getByRole('button', { name: words.ask }).click()
  await page.getByRole('status').filter({ hasText: resetAsked }).waitFor()
}

describe.each([
  ['375 px', checkedWidths.phone],
  ['1440 px', checkedWidths.wide],
] as const)('at %s', (_, viewport) => {
  test("Forgot your password? from the sign-in: an email, then the service's sentence, whoever it is; no navigation; axe", async () => {
    const t = await openPage(site, { viewport })
    await forgotPassword(t)
    expect(await t.page.getByRole('heading', { level: 1 }).innerText()).toBe(words.title)
    expect(await adminNav(t.page).count()).toBe(0)
    const email = t.page.getByLabel(words.email, { exact: true })
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email')
    expect(await email.getAttribute('autocomplete')).toBe('username')
    await expectAccessible(t.page)
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    // An address without an account gets the same sentence, and no email.
    const nobody = `nobody-${viewport.width}@example.com`
    await askFor(t.page, nobody)
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: words.sentTitle })
    await t.page.getByRole('link', { name: words.backToSignIn }).waitFor()
    await expectAccessible(t.page)
    expect(await emailsTo(nobody, site)).toEqual([])
    expectNoErrors(t)
  })
})

test('the emailed link sets a new password, which signs in at once; the old one no longer does, and the link works once', async () => {
  const t = await openPage(site, { viewport: checkedWidths.wide })
  await forgotPassword(t)
  await askFor(t.page, rita.email)
  const link = await keyLink(rita.email, urls.admin.reset, site)

  const r = await openPage(site, { viewport: checkedWidths.phone })
  await r.goto(link)
  await hydrated(r.page, 'admin')
  await r.page.getByRole('heading', { name: words.chooseTitle }).waitFor()
  const password = r.page.getByLabel(words.password, { exact: true })
  expect([await password.getAttribute('autocomplete'), await password.getAttribute('minlength')]).toEqual(['new-password', '8'])
  await expect.poll(() => r.page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('new-password')
  await r.page.getByText(format(shell.newPasswordHint, { min: 8 })).waitFor()
  expect(await adminNav(r.page).count()).toBe(0)
  await expectAccessible(r.page)
  // Too short: the browser keeps it back (minlength), as the service would refuse it.
  await password.fill('short')
  await r.page.getByRole('button', { name: words.save }).click()
  expect(await password.evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(true)
  await password.fill(ritaNew)
  await r.page.getByRole('button', { name: words.save }).click()
  await onScreen(r.page, 'overview')
  await signedInAs(r.page, rita.name, shell.roleMember)
  expectNoErrors(r)

  // The old password is refused, the new one signs in.
  const refused = await (await site.browser.newContext({ baseURL: site.url })).request.post(adminApi.signIn.path, {
    data: { email: rita.email, password: rita.password },
  })
  expect(refused.status()).toBe(401)
  const again = await openPage(site, { viewport: checkedWidths.wide })
  await signInWith(again, `${urls.admin.overview}/`, { email: rita.email, password: ritaNew })
  await signedInAs(again.page, rita.name, shell.roleMember)

  // The link worked once: opened again (or cut short), it says so, and where to ask for another.
  const used = await openPage(site, { viewport: checkedWidths.wide })
  used.expectError(/status of 404/)
  for (const gone of [link, link.slice(0, -6)]) {
    await used.goto(gone)
    await hydrated(used.page, 'admin')
    await used.page.getByLabel(words.password, { exact: true }).fill('a long new password')
    await used.page.getByRole('button', { name: words.save }).click()
    await used.page.getByRole('heading', { name: words.invalidTitle }).waitFor()
    await used.page.getByRole('alert').filter({ hasText: 'This reset link no longer works' }).waitFor()
    expect(await used.page.getByRole('link', { name: words.askAgain }).getAttribute('href')).toBe(urls.admin.reset)
  }
  await expectAccessible(used.page)
  expectNoErrors(used)
  expectNoErrors(t)
})

describe.each([
  ['375 px', checkedWidths.phone],
  ['1440 px', checkedWidths.wide],
] as const)('at %s', (_, viewport) => {
  test('a person with a second factor is not signed in by the link: "Password changed: sign in", then the code; axe', async () => {
    const t = await openPage(site, { viewport })
    await forgotPassword(t)
    await askFor(t.page, tom.email)
    const link = await keyLink(tom.email, urls.admin.reset, site, tomLinks)
    tomLinks.push(link)
    await t.goto(link)
    await hydrated(t.page, 'admin')
    const chosen = `tom's new password at ${viewport.width}`
    await t.page.getByLabel(words.password, { exact: true }).fill(chosen)
    await t.page.getByRole('button', { name: words.save }).click()
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: words.doneTitle })
    await t.page.getByText(words.doneText).waitFor()
    await expectAccessible(t.page)
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    await t.page.getByRole('link', { name: words.signIn, exact: true }).click()
    await onScreen(t.page, 'overview')
    await t.page.getByLabel(signInWords.signInEmail, { exact: true }).fill(tom.email)
    await t.page.getByLabel(signInWords.signInPassword, { exact: true }).fill(chosen)
    await t.page.getByRole('button', { name: signInWords.signIn, exact: true }).click()
    await t.page.getByLabel(signInWords.signInCode, { exact: true }).waitFor()
    expectNoErrors(t)
  })
})
