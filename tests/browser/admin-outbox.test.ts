import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import { expectAccessible, expectNoErrors, openPage, siteForTests, subscribe } from './harness'
import { adminNav, focusedElement, notice, sendContactMessage, signIn } from './inboxSteps'

// The emails a lead causes, as the agency sees them in the outbox: the harness's service has no
// SMTP_URL, so each one is written to the outbox folder beside its data file. No page clock here:
// the service stamps emails with the real time, and the screen compares its own with it.

const site = siteForTests()
const ui = fixtureUi<UiStrings>()

const lead = { business: 'Outbox Test Cafe', name: 'Robin Park', email: 'robin@outbox.example', message: 'Could you set up online ordering for our cafe?' }
const acknowledgement = 'We received your message: Bluebonnet Digital'
const notification = `New message from ${lead.name} (${lead.business})`
const shortTime = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) C[SD]T$/

const table = (page: Page) => page.getByRole('table', { name: 'Emails, newest first' })
/** The row of an email, by text only it has (its subject or recipient). */
const rowWith = (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text })
const statusOf = (page: Page, text: string) => rowWith(page, text).getByRole('cell').nth(3).innerText()
// A row's buttons carry its subject for screen readers: 'Resend “We received your message: …”'.
const actionName = (action: string, subject: string) => `${action} “${subject}”`

/** Presses Tab until `name` has focus; fails if it never comes. */
async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab')
    if ((await focusedElement(page)).text === name) return
  }
  throw new Error(`Tab never reached ${name}`)
}

test('a contact message makes two emails, listed as not sent but written to a folder; View shows the text; the filter, Resend and the record link work', async () => {
  const t = await openPage(site)
  await sendContactMessage(t, lead)
  await signIn(t, '/admin/outbox/')
  expect(await adminNav(t.page).getByRole('link', { name: 'Outbox' }).getAttribute('aria-current')).toBe('page')
  await t.page.getByText(ui.adminOutbox.deliveryFolder).waitFor()

  expect(await table(t.page).getByRole('columnheader').allTextContents()).toEqual(['Created', 'Email', 'To', 'Subject', 'Status', 'Last error', 'Actions'])
  // Newest first; the page reloads itself until both are written. Never "Sent": nobody received them.
  const written = 'Not sent: written to a folder'
  await expect.poll(() => statusOf(t.page, acknowledgement), { timeout: 10_000 }).toBe(`${written}\n1 attempt`)
  await expect.poll(() => statusOf(t.page, notification), { timeout: 10_000 }).toBe(`${written}\n1 attempt`)
  const cells = await rowWith(t.page, acknowledgement).getByRole('cell').allInnerTexts()
  expect(cells[0]).toMatch(shortTime)
  expect(cells.slice(1, 3)).toEqual([lead.email, acknowledgement])
  expect(await rowWith(t.page, acknowledgement).getByRole('rowheader').innerText()).toBe('Message acknowledgement\nContact message')
  expect(await rowWith(t.page, notification).getByRole('rowheader').innerText()).toBe('Message notification\nContact message')
  // The message's two emails, newest first (the service's morning digests may be listed too).
  const messageEmails = async (page: Page) => (await page.getByRole('rowheader').allInnerTexts()).filter((text) => text.endsWith('\nContact message'))
  expect(await messageEmails(t.page)).toEqual(['Message acknowledgement\nContact message', 'Message notification\nContact message'])
  await expectAccessible(t.page)

  // View, from the keyboard: the message as written to the folder, then focus back on View.
  await t.page.getByRole('combobox', { name: 'Status' }).focus()
  await tabTo(t.page, ui.adminOutbox.view)
  await t.page.keyboard.press('Enter')
  const dialog = t.page.getByRole('dialog', { name: acknowledgement })
  const text = await dialog.locator('pre').innerText()
  expect(text).toContain(`Subject: ${acknowledgement}`)
  expect(text).toContain(`To: ${lead.name} <${lead.email}>`)
  expect(text).toContain(`Hi ${lead.name}`)
  await expectAccessible(t.page)
  await t.page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', label: actionName('View', acknowledgement) })

  // The status filter is asked of the server and kept in the address.
  const status = t.page.getByRole('combobox', { name: 'Status' })
  await status.selectOption({ label: 'Failed' })
  await t.page.getByRole('heading', { name: 'No Matches' }).waitFor()
  expect(await t.page.getByText('No email has this status. Choose All to see every email.').isVisible()).toBe(true)
  expect(new URL(t.page.url()).searchParams.get('status')).toBe('failed')
  await status.selectOption({ label: 'Sent' })
  await expect.poll(async () => (await messageEmails(t.page)).length).toBe(2)
  await t.page.reload()
  await table(t.page).waitFor()
  expect(await t.page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('sent')
  await t.page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All' })
  expect(new URL(t.page.url()).searchParams.has('status')).toBe(false)

  // Resend asks first (Cancel keeps it as it is), then it is Queued at once (announced), then sent again; the button keeps focus throughout.
  const resend = rowWith(t.page, acknowledgement).getByRole('button', { name: actionName('Resend', acknowledgement), exact: true })
  const question = t.page.getByRole('alertdialog', { name: ui.adminInbox.resendTitle })
  await resend.focus()
  await t.page.keyboard.press('Enter')
  await question.getByText(`“${acknowledgement}” will be sent again to ${lead.email}.`).waitFor()
  await expectAccessible(t.page)
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', label: actionName('Resend', acknowledgement) })
  expect(await statusOf(t.page, acknowledgement)).toBe(`${written}\n1 attempt`)
  await t.page.keyboard.press('Enter')
  await question.getByRole('button', { name: ui.adminInbox.resend, exact: true }).click()
  await notice(t.page, 'The email is queued to be sent again.').waitFor()
  await expect.poll(() => statusOf(t.page, acknowledgement)).toMatch(/^Queued\n1 attempt\nNext attempt\n/)
  expect(await resend.getAttribute('aria-disabled')).toBe('true')
  await expect.poll(() => statusOf(t.page, acknowledgement), { timeout: 10_000 }).toBe(`${written}\n2 attempts`)
  expect(await resend.getAttribute('aria-disabled')).toBe('false')
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', label: actionName('Resend', acknowledgement) })

  // The record link opens the message, whose emails read as what they are.
  await rowWith(t.page, acknowledgement).getByRole('link', { name: 'Contact message' }).click()
  await t.page.getByRole('heading', { name: `Message from ${lead.name}` }).waitFor()
  expect(new URL(t.page.url()).pathname).toBe('/admin/messages/')
  const emails = t.page.getByRole('region', { name: 'Emails' })
  await expect.poll(() => emails.getByRole('listitem').filter({ hasText: acknowledgement }).innerText()).toMatch(/Type\s+Message acknowledgement/)
  expect(await emails.getByRole('listitem').filter({ hasText: notification }).innerText()).toMatch(/Type\s+Message notification/)
  expectNoErrors(t)
})

test('a welcome email links to the subscribers; at phone width the table scrolls inside its region', async () => {
  await subscribe(site, ['outbox-reader@example.com'])
  const t = await openPage(site, { viewport: 'phone' })
  await signIn(t, '/admin/outbox/')
  const row = rowWith(t.page, 'outbox-reader@example.com')
  expect(await row.getByRole('rowheader').innerText()).toBe('Newsletter welcome\nNewsletter subscribers')
  expect(await row.getByRole('link', { name: 'Newsletter subscribers' }).getAttribute('href')).toBe('/admin/newsletter/')

  const region = t.page.getByRole('region', { name: 'Emails, newest first' })
  expect(await region.getAttribute('tabindex')).toBe('0')
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
  // Nothing in the table (not even text for screen readers only) widens the page.
  expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await expectAccessible(t.page)
  expectNoErrors(t)
})
