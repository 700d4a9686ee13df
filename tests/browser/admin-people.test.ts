import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { urls } from '../../contract/wire/urls'
import { format } from '../../site/content/ui'
import { adminPassword, checkedWidths, expectAccessible, expectNoErrors, hydrated, openPage, siteForTests } from './harness'
import { adminNav, focusedElement, notice } from './inboxSteps'
import { banner, escaped, joinLink, owner, signedInAs, signInWith, ui } from './peopleSteps'

// Accounts per person against the real service, in the order a desk lives them (the tests of this file share
// one service and run in order): the admin password makes the first owner's account, the owner invites a
// member who joins from the email's link, and each person ends the sessions of their other browsers.

const site = siteForTests()

const centralTime = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) C[SD]T$/
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const firefoxName = format(ui.adminSessions.deviceOn, { browser: 'Firefox', os: 'Windows' })
const member = { name: 'Milo Member', email: 'milo@example.com', password: 'milo chooses a long one' }

const { adminScreen: signInWords, adminShell: shell, adminPeople: words, adminSessions: sessionWords, adminJoin: joinWords } = ui
/** A row's button, named by its action and what it acts on: "Remove: Ana Owner" (Chromium may put a space before the colon). */
const action = (verb: string, what: string) => new RegExp(`^${escaped(verb)} ?: ${escaped(what)}$`)
const signInRegion = (page: Page) => page.getByRole('region', { name: signInWords.signInTitle })
const rowOf = (page: Page, table: string, header: string | RegExp) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: header }) })

describe.each([
  ['375 px', checkedWidths.phone],
  ['1440 px', checkedWidths.wide],
] as const)('at %s, while no owner exists', (_, viewport) => {
  test('the sign-in asks for the admin password alone, and says what it is for', async () => {
    const t = await openPage(site, { viewport })
    t.expectError(/status of 401/)
    await t.goto(`${urls.admin.people}/`)
    await hydrated(t.page, 'admin')
    await signInRegion(t.page).getByText(signInWords.bootstrapText).waitFor()
    expect(await t.page.getByLabel(signInWords.signInEmail, { exact: true }).count()).toBe(0)
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'INPUT' })
    expect(await t.page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password')
    await expectAccessible(t.page)
    expectNoErrors(t)
  })
})

test('the admin password makes the first owner account; signed out, the owner signs in with email and password', async () => {
  const t = await openPage(site, { viewport: checkedWidths.wide })
  t.expectError(/status of 40[01]/)
  await t.goto(`${urls.admin.people}/`)
  await hydrated(t.page, 'admin')
  await t.page.getByLabel(signInWords.password).fill('not-the-password')
  await t.page.getByRole('button', { name: signInWords.signIn }).click()
  await expect.poll(() => t.page.getByRole('alert').textContent()).toBe(signInWords.wrongPassword)
  await t.page.getByLabel(signInWords.password).fill(adminPassword)
  await t.page.getByRole('button', { name: signInWords.signIn }).click()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H1', text: words.title })

  // Signed in with the admin password: the bar says so, and offers the first owner's account (on every screen).
  await signedInAs(t.page, shell.bootstrapName, shell.roleOwner)
  const start = banner(t.page).getByRole('button', { name: shell.firstOwnerStart })
  expect(await start.getAttribute('aria-expanded')).toBe('false')
  await start.click()
  await t.page.getByText(shell.firstOwnerText).waitFor()
  expect(await start.getAttribute('aria-expanded')).toBe('true')
  expect(
    await t.page
      .locator(`[id="${await start.getAttribute('aria-controls')}"]`)
      .getByText(shell.firstOwnerText)
      .count(),
  ).toBe(1)
  const form = t.page.getByRole('form', { name: shell.firstOwnerOpen })
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: shell.firstOwnerOpen })
  await expectAccessible(t.page)
  const name = form.getByLabel(shell.firstOwnerName)
  const password = form.getByLabel(shell.firstOwnerPassword)
  expect(await password.getAttribute('autocomplete')).toBe('new-password')
  // A blank name (the browser itself stops an empty one) is refused with the service's message, under the field.
  await name.fill('   ')
  await form.getByLabel(shell.firstOwnerEmail).fill(owner.email)
  await password.fill(owner.password)
  await form.getByRole('button', { name: shell.firstOwnerCreate }).click()
  await form.getByText('Name is required').waitFor()
  expect(await name.getAttribute('aria-invalid')).toBe('true')
  await name.fill(owner.name)
  await name.press('Enter')

  // Signed in as the owner: the notice, their name in the bar, the People screen with them on it.
  await notice(t.page, format(shell.firstOwnerDone, { name: owner.name })).waitFor()
  await form.waitFor({ state: 'detached' })
  expect(await banner(t.page).getByRole('button', { name: shell.firstOwnerStart }).count()).toBe(0)
  await signedInAs(t.page, owner.name, shell.roleOwner)
  const self = rowOf(t.page, words.tableLabel, new RegExp(`^${owner.name}`))
  await self.waitFor()
  expect(await self.getByRole('rowheader').innerText()).toBe(`${owner.name} ${words.you}`)
  expect(await self.getByRole('combobox', { name: format(words.roleOf, { name: owner.name }) }).inputValue()).toBe('owner')
  expect(await self.getByRole('cell').nth(2).innerText()).toMatch(centralTime)
  await expectAccessible(t.page)

  // Signed out, the admin password alone no longer opens the desk: an email and a password do.
  await banner(t.page).getByRole('button', { name: shell.signOut }).click()
  const email = t.page.getByLabel(signInWords.signInEmail, { exact: true })
  await email.waitFor()
  expect(await t.page.getByText(signInWords.bootstrapText).count()).toBe(0)
  await expectAccessible(t.page)
  await email.fill(owner.email)
  await t.page.getByLabel(signInWords.signInPassword, { exact: true }).fill(adminPassword)
  await t.page.getByRole('button', { name: signInWords.signIn }).click()
  await expect.poll(() => t.page.getByRole('alert').textContent()).toBe(signInWords.wrongEmailOrPassword)
  await t.page.getByLabel(signInWords.signInPassword, { exact: true }).fill(owner.password)
  await t.page.getByRole('button', { name: signInWords.signIn }).click()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H1', text: words.title })
  await signedInAs(t.page, owner.name, shell.roleOwner)
  await self.waitFor()
  expectNoErrors(t)
})

test('the owner invites a member by email; the link signs them in, as a member who sees no owner screen; the last owner stays', async () => {
  const t = await openPage(site, { viewport: checkedWidths.wide })
  await signInWith(t, `${urls.admin.people}/`, owner)
  const invite = t.page.getByRole('region', { name: words.inviteTitle })
  await invite.getByLabel(words.inviteName).fill(member.name)
  await invite.getByLabel(words.inviteEmail).fill(member.email)
  expect(await invite.getByLabel(words.inviteRole).inputValue()).toBe('member')
  await invite.getByRole('button', { name: words.invite }).click()
  await notice(t.page, format(words.invited, { email: member.email })).waitFor()
  expect(await invite.getByLabel(words.inviteName).inputValue()).toBe('')
  const invitation = rowOf(t.page, words.invitationsTableLabel, member.name)
  const [email, role, invitedBy, expires] = await invitation.getByRole('cell').allInnerTexts()
  expect([email, role, invitedBy]).toEqual([member.email, shell.roleMember, owner.name])
  expect(expires).toMatch(centralTime)
  await expectAccessible(t.page)

  // The same address again: the service's refusal, in its words.
  t.expectError(/status of 409/)
  await invite.getByLabel(words.inviteName).fill('Someone Else')
  await invite.getByLabel(words.inviteEmail).fill(owner.email)
  await invite.getByRole('button', { name: words.invite }).click()
  await invite.getByRole('alert').filter({ hasText: 'has an account already' }).waitFor()

  // The last owner can be neither removed nor made a member: the dialog says why, in the service's words.
  const self = rowOf(t.page, words.tableLabel, new RegExp(`^${owner.name}`))
  const remove = self.getByRole('button', { name: action(words.remove, owner.name) })
  await remove.focus()
  await t.page.keyboard.press('Enter')
  const dialog = t.page.getByRole('alertdialog', { name: format(words.removeTitle, { name: owner.name }) })
  await dialog.getByRole('button', { name: words.removeConfirm }).click()
  await dialog.getByText('The desk needs an owner').waitFor()
  await expectAccessible(t.page)
  await t.page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', text: `${words.remove}: ${owner.name}` })

  // The member opens the email's link in their own browser, signed out: who they are, and a new password.
  const link = await joinLink(member.email, site)
  const m = await openPage(site, { viewport: checkedWidths.phone })
  await m.goto(link)
  await hydrated(m.page, 'admin')
  await m.page.getByRole('heading', { name: format(joinWords.welcome, { name: member.name }) }).waitFor()
  expect(await m.page.getByLabel(joinWords.email, { exact: true }).inputValue()).toBe(member.email)
  expect(await adminNav(m.page).count()).toBe(0)
  const newPassword = m.page.getByLabel(joinWords.password)
  expect(await newPassword.getAttribute('autocomplete')).toBe('new-password')
  await expect.poll(() => m.page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('new-password')
  await m.page.getByText(format(shell.newPasswordHint, { min: 8 })).waitFor()
  // Too short: the browser keeps it back (minlength), as the service would refuse it.
  await newPassword.fill('short')
  await m.page.getByRole('button', { name: joinWords.accept }).click()
  expect(await newPassword.evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(true)
  await newPassword.fill(member.password)
  await m.page.getByRole('button', { name: joinWords.accept }).click()

  // On the Overview, signed in as a member: no link to People, the API tokens or the block list.
  await m.page.waitForURL((url) => url.pathname.replace(/\/$/, '') === urls.admin.overview)
  await hydrated(m.page, 'admin')
  await signedInAs(m.page, member.name, shell.roleMember)
  const links = await adminNav(m.page).getByRole('link').allInnerTexts()
  for (const ownerScreen of [shell.people, shell.tokens, shell.blocked]) expect(links.join('\n')).not.toContain(ownerScreen)
  await banner(m.page).getByRole('link', { name: shell.sessions }).waitFor()
  await expectAccessible(m.page)
  // An owner's screen opened by its address: the service refuses, and says so.
  m.expectError(/status of 403/)
  await m.goto(`${urls.admin.tokens}/`)
  await m.page.getByRole('alert').filter({ hasText: 'Only an owner can do this' }).waitFor()
  expectNoErrors(m)

  // The owner sees them on People, and the invitation gone; the activity names who did what.
  await t.page.getByRole('button', { name: ui.adminScreen.refresh }).click()
  await rowOf(t.page, words.tableLabel, member.name).waitFor()
  await invitation.waitFor({ state: 'detached' })
  const activity = t.page.getByRole('region', { name: words.activityTitle })
  await activity.getByLabel(words.filterAction).selectOption({ label: words.actionInvitationAccepted })
  const accepted = activity
    .getByRole('table', { name: words.activityTableLabel })
    .getByRole('row')
    .filter({ has: t.page.getByRole('rowheader') })
  await expect.poll(() => accepted.count()).toBe(1)
  const [at, what, about] = await accepted.getByRole('cell').allInnerTexts()
  expect(at).toMatch(centralTime)
  expect([await accepted.getByRole('rowheader').innerText(), what, about]).toEqual([member.name, words.actionInvitationAccepted, member.email])
  expect(new URL(t.page.url()).searchParams.get('action')).toBe('invitation-accepted')
  await activity.getByLabel(words.filterPerson).selectOption({ label: owner.name })
  await activity.getByLabel(words.filterAction).selectOption({ label: words.actionSignedIn })
  await expect.poll(async () => new Set(await accepted.getByRole('rowheader').allInnerTexts())).toEqual(new Set([owner.name]))
  await expectAccessible(t.page)

  // Made an owner, the member signs in again (the service ends their sessions on a new role).
  await rowOf(t.page, words.tableLabel, member.name)
    .getByRole('combobox', { name: format(words.roleOf, { name: member.name }) })
    .selectOption('owner')
  await notice(t.page, format(words.roleChangedOwner, { name: member.name })).waitFor()
  m.expectError(/status of 401/)
  await m.goto(`${urls.admin.people}/`)
  await m.page.getByLabel(signInWords.signInEmail, { exact: true }).waitFor()
  expectNoErrors(t)
})

test('a person ends the session of their other browser, and then of this one', async () => {
  const phone = await openPage(site, { viewport: checkedWidths.phone, userAgent: firefox })
  await signInWith(phone, `${urls.admin.overview}/`, owner)
  const t = await openPage(site, { viewport: checkedWidths.wide })
  await signInWith(t, `${urls.admin.sessions}/`, owner)
  const table = t.page.getByRole('table', { name: sessionWords.tableLabel })
  const other = rowOf(t.page, sessionWords.tableLabel, firefoxName)
  await other.waitFor()
  const current = table.getByRole('row').filter({ hasText: sessionWords.thisBrowser })
  expect(await current.count()).toBe(1)
  expect(await current.getByRole('rowheader').innerText()).toMatch(/^Chrome on Linux/)
  for (const time of await other
    .getByRole('cell')
    .allInnerTexts()
    .then((cells) => cells.slice(0, 2)))
    expect(time).toMatch(centralTime)
  await t.page.getByText(sessionWords.zoneNote).waitFor()
  await expectAccessible(t.page)

  await other.getByRole('button', { name: action(sessionWords.end, firefoxName) }).click()
  const dialog = t.page.getByRole('alertdialog', { name: format(sessionWords.endTitle, { device: firefoxName }) })
  await expectAccessible(t.page)
  await dialog.getByRole('button', { name: sessionWords.endConfirm }).click()
  await notice(t.page, format(sessionWords.ended, { device: firefoxName })).waitFor()
  await other.waitFor({ state: 'detached' })

  // That browser is signed out at its next request.
  await phone.page.reload()
  await phone.page.getByLabel(signInWords.signInEmail, { exact: true }).waitFor()

  // This browser's own: signed out here at once.
  await current.getByRole('button', { name: action(sessionWords.end, sessionWords.thisBrowser) }).click()
  await t.page
    .getByRole('alertdialog', { name: format(sessionWords.endTitle, { device: sessionWords.thisBrowser }) })
    .getByRole('button', { name: sessionWords.endConfirm })
    .click()
  await t.page.getByLabel(signInWords.signInEmail, { exact: true }).waitFor()
  expectNoErrors(t)
  expectNoErrors(phone)
})

describe.each([
  ['375 px', checkedWidths.phone],
  ['1440 px', checkedWidths.wide],
] as const)('at %s, with accounts: no serious or critical axe violation', (_, viewport) => {
  test('the sign-in with an email, People with an invitation and the activity, and the sessions', async () => {
    const t = await openPage(site, { viewport })
    t.expectError(/status of 401/)
    await t.goto(`${urls.admin.people}/`)
    await hydrated(t.page, 'admin')
    await t.page.getByLabel(signInWords.signInEmail, { exact: true }).waitFor()
    await expectAccessible(t.page)
    await t.page.getByLabel(signInWords.signInEmail, { exact: true }).fill(owner.email)
    await t.page.getByLabel(signInWords.signInPassword, { exact: true }).fill(owner.password)
    await t.page.getByRole('button', { name: signInWords.signIn }).click()
    const invite = t.page.getByRole('region', { name: words.inviteTitle })
    const invitee = `ivy-${viewport.width}@example.com`
    await invite.getByLabel(words.inviteName).fill(`Ivy ${viewport.width}`)
    await invite.getByLabel(words.inviteEmail).fill(invitee)
    await invite.getByRole('button', { name: words.invite }).click()
    await notice(t.page, format(words.invited, { email: invitee })).waitFor()
    await t.page.getByRole('table', { name: words.activityTableLabel }).waitFor()
    await expectAccessible(t.page)
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    // Resend and Revoke, from the keyboard: the notice says which; revoked, focus is on the section's heading.
    const row = rowOf(t.page, words.invitationsTableLabel, `Ivy ${viewport.width}`)
    await row.getByRole('button', { name: action(words.resend, invitee) }).click()
    await notice(t.page, format(words.resent, { email: invitee })).waitFor()
    await row.getByRole('button', { name: action(words.revoke, invitee) }).focus()
    await t.page.keyboard.press('Enter')
    await notice(t.page, format(words.revoked, { email: invitee })).waitFor()
    await row.waitFor({ state: 'detached' })
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: words.invitationsTitle })

    await t.goto(`${urls.admin.sessions}/`)
    await t.page.getByRole('table', { name: sessionWords.tableLabel }).waitFor()
    await expectAccessible(t.page)
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    expectNoErrors(t)
  })
})
