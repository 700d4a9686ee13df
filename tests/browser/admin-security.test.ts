import type { APIRequestContext, Page, Response } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { codeNeeded } from '../../contract/wire/people'
import { urls } from '../../contract/wire/urls'
import { format } from '../../site/content/ui'
import { checkedWidths, expectAccessible, expectNoErrors, hydrated, openPage, siteForTests, type TestPage } from './harness'
import { adminNav, focusedElement, notice } from './inboxSteps'
import { appCode, banner, escaped, firstOwner, joined, owner, signedInAs, signInWith, ui } from './peopleSteps'

// How a person signs in (/admin/security) against the real service, in the order a desk lives it (the tests of
// this file share one service and run in order): the screen with nothing set up, an authenticator app and its
// recovery codes at sign-in, a passkey made by Chromium's virtual authenticator and signing in with it, and the
// owner's rule that everyone has a second factor, which sends a member without one to this screen.

const site = siteForTests()
const { adminScreen: signInWords, adminShell: shell, adminSecurity: words } = ui

const centralTime = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) C[SD]T$/
const recoveryCode = /^[a-z2-7]{5}-[a-z2-7]{5}$/
const wrongSignInCode = 'This code is not right, or was used already'
const lastFactor = 'The desk requires a second factor'
const mia = { name: 'Mia Member', email: 'mia@example.com', role: 'member', password: 'mia chooses a long one' } as const
/** A member per checked width, for the screen as a person finds it first. */
const sam = (width: number) => ({ name: `Sam ${width}`, email: `sam-${width}@example.com`, role: 'member', password: 'sam has a long password' }) as const

let ownerApi: APIRequestContext
beforeAll(async () => {
  ownerApi = await firstOwner(site)
  for (const person of [mia, sam(checkedWidths.phone.width), sam(checkedWidths.wide.width)]) await joined(site, ownerApi, person)
})

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const onScreen = (page: Page, screen: keyof typeof urls.admin) =>
  page.waitForURL((url) => url.pathname.replace(/\/$/, '') === urls.admin[screen]).then(() => hydrated(page, 'admin'))
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** Signs in with the email and password; resolves once the form asks for the second factor's code. */
async function passwordThenCode(page: Page, person: { email: string; password: string }) {
  await page.getByLabel(signInWords.signInEmail, { exact: true }).fill(person.email)
  await page.getByLabel(signInWords.signInPassword, { exact: true }).fill(person.password)
  await page.getByRole('button', { name: signInWords.signIn }).click()
  const code = page.getByLabel(signInWords.signInCode, { exact: true })
  await code.waitFor()
  return code
}

async function signOut(t: TestPage) {
  await banner(t.page).getByRole('button', { name: shell.signOut }).click()
  await t.page.getByLabel(signInWords.signInEmail, { exact: true }).waitFor()
}

const signedInHere = (page: Page) => expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'H1', text: words.title })

/** Sets up an authenticator app from the screen: its key read as a person types it; resolves with the key and the codes shown once. */
async function setUpApp(page: Page) {
  const app = region(page, words.appTitle)
  await app.getByRole('button', { name: words.setUpApp }).click()
  await expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'H3', text: words.setupTitle })
  await app.getByRole('img', { name: words.qrLabel }).waitFor()
  const secret = await app.getByLabel(words.secretLabel).inputValue()
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
  await app.getByLabel(words.appCode).fill(await appCode(secret))
  await app.getByRole('button', { name: words.confirmApp }).click()
  await expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'H3', text: words.codesTitle })
  await notice(page, words.appAdded).waitFor()
  const codes = await app.getByRole('list', { name: words.codesLabel }).getByRole('listitem').allInnerTexts()
  return { app, secret, codes }
}

describe.each([
  ['375 px', checkedWidths.phone],
  ['1440 px', checkedWidths.wide],
] as const)('at %s', (_, viewport) => {
  test("from the bar's Security link: no passkey and no app yet; the app's setup with its QR code and key, and Cancel; axe", async () => {
    const t = await openPage(site, { viewport })
    await signInWith(t, `${urls.admin.overview}/`, sam(viewport.width))
    const link = banner(t.page).getByRole('link', { name: shell.security, exact: true })
    await link.click()
    await onScreen(t.page, 'security')
    expect(await t.page.getByRole('heading', { level: 1 }).innerText()).toBe(words.title)
    expect(await banner(t.page).getByRole('link', { name: shell.security, exact: true }).getAttribute('aria-current')).toBe('page')
    await region(t.page, words.passkeysTitle).getByText(words.noPasskeys).waitFor()
    await region(t.page, words.appTitle).getByText(words.appOff).waitFor()
    // A member has no say in the desk's rule.
    expect(await region(t.page, words.deskTitle).count()).toBe(0)
    await expectAccessible(t.page)
    expect(await fitsWidth(t.page)).toBe(true)

    const app = region(t.page, words.appTitle)
    await app.getByRole('button', { name: words.setUpApp }).click()
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H3', text: words.setupTitle })
    await app.getByRole('img', { name: words.qrLabel }).waitFor()
    const code = app.getByLabel(words.appCode)
    expect([await code.getAttribute('autocomplete'), await code.getAttribute('inputmode')]).toEqual(['one-time-code', 'numeric'])
    await expectAccessible(t.page)
    expect(await fitsWidth(t.page)).toBe(true)
    await app.getByRole('button', { name: words.cancelSetup }).click()
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: words.appTitle })
    await app.getByText(words.appOff).waitFor()
    expectNoErrors(t)
  })
})

test('an authenticator app: set up from its QR key, then signing in asks for its code; a recovery code works once; new codes; removed', async () => {
  const t = await openPage(site, { viewport: checkedWidths.wide })
  t.expectError(/status of 40[01]/)
  await signInWith(t, `${urls.admin.security}/`, owner)
  const app = region(t.page, words.appTitle)

  // A wrong code is said under the field, in the service's words.
  await app.getByRole('button', { name: words.setUpApp }).click()
  const setupCode = app.getByLabel(words.appCode)
  await setupCode.fill('000000')
  await setupCode.press('Enter')
  await app.getByText('This code is not right').waitFor()
  expect(await setupCode.getAttribute('aria-invalid')).toBe('true')
  await app.getByRole('button', { name: words.cancelSetup }).click()

  const { secret, codes } = await setUpApp(t.page)
  expect(codes).toHaveLength(10)
  for (const code of codes) expect(code).toMatch(recoveryCode)
  expect(await app.getByText(words.codesText).isVisible()).toBe(true)
  await app.getByRole('button', { name: words.downloadCodes }).waitFor()
  await expectAccessible(t.page)
  await app.getByRole('button', { name: words.codesSaved }).click()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: words.appTitle })
  await app.getByText(words.appOn).waitFor()
  await app.getByText(format(words.codesLeftOther, { count: 10 })).waitFor()
  expect(await app.getByRole('list', { name: words.codesLabel }).count()).toBe(0)

  // Signed out, the password alone asks for the code: a field that takes focus, for the app's digits.
  await signOut(t)
  const code = await passwordThenCode(t.page, owner)
  await expect.poll(() => t.page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code')
  expect(await code.getAttribute('inputmode')).toBe('numeric')
  await t.page.getByText(codeNeeded).waitFor()
  await expectAccessible(t.page)
  await code.fill('000000')
  await code.press('Enter')
  await t.page.getByText(wrongSignInCode).waitFor()
  expect(await code.getAttribute('aria-invalid')).toBe('true')
  await expect.poll(() => t.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code')
  // The setup took this step's code: the next step's is taken early.
  await code.fill(await appCode(secret, 1))
  await code.press('Enter')
  await signedInHere(t.page)
  await signedInAs(t.page, owner.name, shell.roleOwner)

  // A recovery code in the same field, from the full keyboard; it works once.
  for (const tries of [[codes[0]!], [codes[0]!, codes[1]!], [codes[2]!]]) {
    await signOut(t)
    await passwordThenCode(t.page, owner)
    await t.page.getByRole('button', { name: signInWords.useRecoveryCode }).click()
    const field = t.page.getByLabel(signInWords.signInRecoveryCode, { exact: true })
    expect(await field.getAttribute('inputmode')).toBe('text')
    for (const [index, recovery] of tries.entries()) {
      await field.fill(recovery)
      await field.press('Enter')
      if (index < tries.length - 1) await t.page.getByText(wrongSignInCode).waitFor()
    }
    await signedInHere(t.page)
  }
  await app.getByText(format(words.codesLeftOther, { count: 7 })).waitFor()

  // New codes, asked first: the old ones stop working.
  await app.getByRole('button', { name: words.newCodes }).click()
  const again = t.page.getByRole('alertdialog', { name: words.newCodesTitle })
  await expectAccessible(t.page)
  await again.getByRole('button', { name: words.newCodesConfirm }).click()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H3', text: words.codesTitle })
  const fresh = await app.getByRole('list', { name: words.codesLabel }).getByRole('listitem').allInnerTexts()
  expect(fresh).toHaveLength(10)
  expect(fresh.filter((one) => codes.includes(one))).toEqual([])
  await app.getByRole('button', { name: words.codesSaved }).click()
  await app.getByText(format(words.codesLeftOther, { count: 10 })).waitFor()

  // Removed, asked first: signing in asks for no code again.
  await app.getByRole('button', { name: words.removeApp }).click()
  await t.page.getByRole('alertdialog', { name: words.removeAppTitle }).getByRole('button', { name: words.remove }).click()
  await notice(t.page, words.appRemoved).waitFor()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: words.appTitle })
  await app.getByText(words.appOff).waitFor()
  await signOut(t)
  await signInWith(t, `${urls.admin.security}/`, owner)
  await signedInAs(t.page, owner.name, shell.roleOwner)
  expectNoErrors(t)
})

// A code the passkey library has (its error codes survive minifying), to tell its chunk from the others.
const webAuthnMarker = 'ERROR_INVALID_RP_ID'

test('a passkey: added on Security by the virtual authenticator, then the only thing that signs in; the library loads at the click', async () => {
  // WebAuthn takes a domain, not an address, for its relying party: the same service as localhost.
  const local = site.url.replace('127.0.0.1', 'localhost')
  const t = await openPage(site, { viewport: checkedWidths.wide })
  t.expectError(/status of 401/)
  const cdp = await t.context.newCDPSession(t.page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length
  await signInWith(t, `${local}${urls.admin.security}/`, owner)
  const passkeys = region(t.page, words.passkeysTitle)
  await passkeys.getByText(words.noPasskeys).waitFor()

  // A blank name is refused before the device makes a passkey the service would not keep.
  const name = passkeys.getByLabel(words.passkeyNameLabel)
  await name.fill('   ')
  await passkeys.getByRole('button', { name: words.addPasskey }).click()
  await passkeys.getByText('Name the passkey').waitFor()
  expect(await credentials()).toBe(0)

  await name.fill('Work laptop')
  await passkeys.getByRole('button', { name: words.addPasskey }).click()
  await notice(t.page, format(words.passkeyAdded, { name: 'Work laptop' })).waitFor()
  expect(await name.inputValue()).toBe('')
  expect(await credentials()).toBe(1)
  const row = passkeys
    .getByRole('table', { name: words.passkeysTableLabel })
    .getByRole('row')
    .filter({ has: t.page.getByRole('rowheader', { name: 'Work laptop' }) })
  const [added, lastUsed] = await row.getByRole('cell').allInnerTexts()
  expect([added, lastUsed]).toEqual([expect.stringMatching(centralTime), words.neverUsed])
  await t.page.getByText(words.zoneNote).waitFor()
  await expectAccessible(t.page)

  // The same device again: it has one for the desk already.
  await name.fill('Again')
  await passkeys.getByRole('button', { name: words.addPasskey }).click()
  await passkeys.getByRole('alert').filter({ hasText: words.passkeyExists }).waitFor()
  expect(await credentials()).toBe(1)

  // Signed out, and the page loaded afresh: none of the passkey library until the button is pressed.
  await signOut(t)
  const scripts: Promise<string>[] = []
  const loaded = (response: Response) => response.request().resourceType() === 'script' && scripts.push(response.text().catch(() => ''))
  t.page.on('response', loaded)
  await t.page.reload({ waitUntil: 'load' })
  await hydrated(t.page, 'admin')
  const button = t.page.getByRole('button', { name: signInWords.passkeySignIn })
  await button.waitFor()
  const before = await Promise.all(scripts)
  expect(before.length).toBeGreaterThan(0)
  expect(before.filter((text) => text.includes(webAuthnMarker))).toEqual([])
  await expectAccessible(t.page)
  await button.click()
  await signedInHere(t.page)
  await signedInAs(t.page, owner.name, shell.roleOwner)
  expect((await Promise.all(scripts)).filter((text) => text.includes(webAuthnMarker))).toHaveLength(1)
  t.page.off('response', loaded)
  await expect.poll(async () => (await row.getByRole('cell').allInnerTexts())[1]).toMatch(centralTime)
  expectNoErrors(t)
})

test('an owner requires a second factor: a member without one is sent to Security, adds an app, and the desk opens; the last factor stays', async () => {
  const o = await openPage(site, { viewport: checkedWidths.wide })
  o.expectError(/status of 40[19]/)
  // The owner has the passkey: the rule leaves them the desk.
  await signInWith(o, `${urls.admin.security}/`, owner)
  const rule = region(o.page, words.deskTitle).getByRole('switch', { name: words.deskRequire })
  expect(await rule.isChecked()).toBe(false)
  expect(await rule.getAttribute('aria-describedby')).toBeTruthy()
  await rule.focus()
  await o.page.keyboard.press('Space')
  await notice(o.page, words.deskRequired).waitFor()
  expect(await rule.isChecked()).toBe(true)
  await o.page.getByText(words.requiredNote).waitFor()
  await expectAccessible(o.page)

  // The member signs in on their phone and lands on Security, told why, with nowhere else to go.
  const m = await openPage(site, { viewport: checkedWidths.phone })
  m.expectError(/status of 40[139]/)
  await signInWith(m, `${urls.admin.overview}/`, mia)
  await onScreen(m.page, 'security')
  const must = m.page.getByRole('alert').filter({ hasText: words.mustAdd })
  await must.waitFor()
  await signedInAs(m.page, mia.name, shell.roleMember)
  expect(await adminNav(m.page).count()).toBe(0)
  await expectAccessible(m.page)
  expect(await fitsWidth(m.page)).toBe(true)

  const { app } = await setUpApp(m.page)
  await app.getByRole('button', { name: words.codesSaved }).click()
  await must.waitFor({ state: 'detached' })
  await adminNav(m.page).waitFor()
  await m.page.getByText(words.requiredNote).waitFor()

  // Their only second factor stays while the desk requires one: the dialog says why.
  await app.getByRole('button', { name: words.removeApp }).click()
  const dialog = m.page.getByRole('alertdialog', { name: words.removeAppTitle })
  await dialog.getByRole('button', { name: words.remove }).click()
  await dialog.getByText(lastFactor).waitFor()
  await m.page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await app.getByText(words.appOn).waitFor()

  await adminNav(m.page).getByRole('link', { name: shell.overview }).click()
  await onScreen(m.page, 'overview')
  await m.page.getByRole('heading', { level: 1, name: ui.adminOverview.title }).waitFor()
  await expect.poll(() => m.page.url()).not.toContain(urls.admin.security)
  expect(await m.page.getByText(words.mustAdd).count()).toBe(0)

  // The owner's last passkey stays too, until the rule is off again.
  const passkeys = region(o.page, words.passkeysTitle)
  const remove = passkeys.getByRole('button', { name: new RegExp(`^${escaped(words.removePasskey)} ?: Work laptop$`) })
  await remove.click()
  const removal = o.page.getByRole('alertdialog', { name: format(words.removePasskeyTitle, { name: 'Work laptop' }) })
  await removal.getByRole('button', { name: words.remove }).click()
  await removal.getByText(lastFactor).waitFor()
  await o.page.keyboard.press('Escape')
  await removal.waitFor({ state: 'detached' })
  await rule.uncheck()
  await notice(o.page, words.deskOptional).waitFor()
  await remove.click()
  await removal.getByRole('button', { name: words.remove }).click()
  await notice(o.page, format(words.passkeyRemoved, { name: 'Work laptop' })).waitFor()
  await expect.poll(() => focusedElement(o.page)).toMatchObject({ tag: 'H2', text: words.passkeysTitle })
  await passkeys.getByText(words.noPasskeys).waitFor()
  expectNoErrors(o)
  expectNoErrors(m)
})
