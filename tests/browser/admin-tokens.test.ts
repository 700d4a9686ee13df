import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible, expectNoErrors, openPage, siteForTests, type Site } from './harness'
import { adminNav, focusedElement, notice, signIn } from './inboxSteps'

// The API tokens screen against the real service: a token made here opens the admin API for a
// script (fetch with a bearer, as curl would) as far as its scopes go, is shown only once, and stops
// working when revoked.

const site = siteForTests()

const table = (page: Page) => page.getByRole('table', { name: 'API tokens, oldest first' })
const centralTime = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) C[SD]T$/

const callWith = (site: Site, token: string, path = '/api/admin/summary') => fetch(`${site.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })

test.each([
  ['phone', 375],
  ['wide screen', 1440],
] as const)('on a %s: create a token with its scopes, shown once; it works for a script as far as they go; revoke it', async (_, width) => {
  const t = await openPage(site, { viewport: width < 1000 ? 'phone' : 'desktop' })
  await t.page.setViewportSize({ width, height: 900 })
  await t.context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(t, '/admin/tokens/')
  expect(await adminNav(t.page).getByRole('link', { name: 'API tokens' }).getAttribute('aria-current')).toBe('page')
  await t.page.getByRole('heading', { name: /^\d+ API tokens?$/ }).waitFor()
  await expectAccessible(t.page)

  // A blank name (the browser itself stops an empty one) is refused with the service's message, under the field.
  const name = t.page.getByRole('textbox', { name: 'Name' })
  await name.fill('   ')
  t.expectError(/status of 400/)
  await t.page.getByRole('button', { name: 'Create token' }).click()
  await t.page.getByText('Name is required').waitFor()
  expect(await name.getAttribute('aria-invalid')).toBe('true')

  // Read is chosen to begin with; none at all is refused with the service's message, under the choices.
  const scopes = t.page.getByRole('group', { name: 'What it may do' })
  const read = scopes.getByRole('checkbox', { name: 'Read' })
  const block = scopes.getByRole('checkbox', { name: 'Block list' })
  expect(await read.isChecked()).toBe(true)
  for (const other of ['Change records', 'Block list', 'Backup', 'Metrics']) expect(await scopes.getByRole('checkbox', { name: other }).isChecked()).toBe(false)
  expect(await block.getAttribute('aria-describedby')).toBeTruthy()
  await read.uncheck()
  await name.fill('No scopes')
  await t.page.getByRole('button', { name: 'Create token' }).click()
  await scopes.getByText('Choose at least one scope').waitFor()
  await expectAccessible(t.page)

  // From the keyboard: Read and Block list (Space on each), type the name and press Enter.
  await read.focus()
  await t.page.keyboard.press('Space')
  await block.focus()
  await t.page.keyboard.press('Space')
  expect([await read.isChecked(), await block.isChecked()]).toEqual([true, true])
  const scriptName = `Nightly export ${width}`
  await name.fill(scriptName)
  await name.press('Enter')
  const shown = t.page.getByRole('textbox', { name: `Token for ${scriptName}` })
  await shown.waitFor()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ text: `Copy the token for ${scriptName} now` })
  expect(await t.page.getByText('It is shown only this once and cannot be seen again.', { exact: false }).isVisible()).toBe(true)
  const token = await shown.inputValue()
  expect(token).toMatch(/^api_[\w-]{43}$/)
  await expectAccessible(t.page)

  await t.page.getByRole('button', { name: 'Copy token' }).click()
  await notice(t.page, 'Token copied').waitFor()
  expect(await t.page.evaluate(() => navigator.clipboard.readText())).toBe(token)

  // A script uses it as far as its scopes go, while the screen lists it (never with the token) with its scopes and its times in Central time.
  expect((await callWith(site, token)).status).toBe(200)
  expect((await callWith(site, token, '/api/admin/backup')).status).toBe(403)
  await t.page.getByRole('button', { name: 'Done, hide the token' }).click()
  await shown.waitFor({ state: 'detached' })
  expect(await t.page.content()).not.toContain(token)
  await t.page.getByRole('button', { name: 'Refresh' }).click()
  const row = table(t.page)
    .getByRole('row')
    .filter({ has: t.page.getByRole('rowheader', { name: scriptName, exact: true }) })
  // The script's call is its last use.
  await expect.poll(() => row.getByRole('cell').nth(2).innerText()).toMatch(centralTime)
  const [mayDo, created, lastUsed] = await row.getByRole('cell').allInnerTexts()
  expect(mayDo).toBe('Read, Block list')
  expect(created).toMatch(centralTime)
  expect(lastUsed).toMatch(centralTime)
  expect(await t.page.getByText('Times are Central time (Dallas).').isVisible()).toBe(true)

  // Shown once: after a reload the token is nowhere on the page.
  await t.page.reload()
  await table(t.page).waitFor()
  expect(await t.page.content()).not.toContain(token)

  // Revoke from the keyboard: the dialog asks, Escape keeps the token (focus back on its button); then Revoke token.
  const revoke = row.getByRole('button', { name: new RegExp(`^Revoke ?: ${scriptName}$`) })
  await revoke.focus()
  await t.page.keyboard.press('Enter')
  const dialog = t.page.getByRole('alertdialog', { name: `Revoke the token ${scriptName}?` })
  await dialog.waitFor()
  await expectAccessible(t.page)
  await t.page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', text: `Revoke: ${scriptName}` })
  expect((await callWith(site, token)).status).toBe(200)
  await t.page.keyboard.press('Enter')
  await dialog.getByRole('button', { name: 'Revoke token' }).click()
  await notice(t.page, `Token ${scriptName} revoked`).waitFor()
  await row.waitFor({ state: 'detached' })
  expect((await callWith(site, token)).status).toBe(401)
  expectNoErrors(t)
})
