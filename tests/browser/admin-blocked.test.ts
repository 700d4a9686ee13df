import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { afterOffer, expectAccessible, expectNoErrors, openPage, siteForTests, adminHeader } from './harness'
import { adminNav, focusedElement, notice, rowOf, signIn } from './inboxSteps'

// The inbox's Spam and block and the Blocked addresses screen against the real service: the leads are
// marked spam, their addresses blocked, and a form from one of them is then answered but kept out of the inbox
// (admin-blocked-posts.test.ts follows it to the Blocked screen).

const site = siteForTests({ now: () => afterOffer })

// The weekdays offered at afterOffer; each request takes its own window.
const days = ['2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11', '2025-07-14', '2025-07-15']
let posted = 0

async function request(business: string, email: string) {
  const slot = posted++
  return fetch(`${site.url}/api/consultation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      businessName: business,
      contactName: 'Pat Doe',
      email,
      phone: '214 555 0100',
      serviceInterest: 'ai-agents',
      date: days[slot % days.length],
      timeSlot: ['morning', 'afternoon', 'evening'][Math.floor(slot / days.length) % 3],
    }),
  })
}

const consultations = async (q: string) =>
  ((await (await fetch(`${site.url}/api/admin/consultations?status=new&q=${encodeURIComponent(q)}`, { headers: adminHeader })).json()) as { total: number })
    .total

const blockedTable = (page: Page) => page.getByRole('table', { name: 'Blocked addresses, oldest first' })

test.each([
  ['phone', 375],
  ['wide screen', 1440],
] as const)('on a %s: Spam and block two leads; their addresses are listed, a form from one is dropped; block and unblock by hand', async (_, width) => {
  const tag = `W${width}`
  for (const [business, email] of [
    [`Block ${tag} Alpha`, `alpha.${width}@spam.example`],
    [`Block ${tag} Beta`, `beta.${width}@spam.example`],
    [`Block ${tag} Gamma`, `gamma.${width}@bakery.example`],
  ] as const)
    expect((await request(business, email)).status).toBe(201)

  const t = await openPage(site, { viewport: width < 1000 ? 'phone' : 'desktop', clock: afterOffer })
  await t.page.setViewportSize({ width, height: 900 })
  await signIn(t, `/admin/consultations/?q=block+${tag.toLowerCase()}`)
  await rowOf(t.page, `Block ${tag} Alpha`).waitFor()
  await t.page.getByRole('checkbox', { name: `Select Block ${tag} Alpha` }).check()
  await t.page.getByRole('checkbox', { name: `Select Block ${tag} Beta` }).check()
  const bar = t.page.getByRole('group', { name: 'With the selected' })
  await bar.getByText('2 selected').waitFor()

  // It asks first; Cancel changes nothing.
  await bar.getByRole('button', { name: 'Spam and block' }).click()
  const dialog = t.page.getByRole('alertdialog', { name: 'Mark 2 as spam and block their email addresses?' })
  await dialog.waitFor()
  await expectAccessible(t.page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', text: 'Spam and block' })
  expect(await consultations(`Block ${tag}`)).toBe(3)

  await bar.getByRole('button', { name: 'Spam and block' }).click()
  // Posted from this machine, without a proxy that names its visitors: no network is offered to block
  // (forms-service/clientNetwork.ts blockableNetwork; admin-burst-block.test.ts blocks networks).
  await dialog.getByRole('button', { name: 'Spam and block' }).waitFor()
  expect(await dialog.getByRole('checkbox').count()).toBe(0)
  await dialog.getByRole('button', { name: 'Spam and block' }).click()
  await notice(t.page, '2 marked spam, 2 email addresses blocked').waitFor()
  // Spam leaves the list of leads; the third stays.
  await rowOf(t.page, `Block ${tag} Alpha`).waitFor({ state: 'detached' })
  expect(await rowOf(t.page, `Block ${tag} Gamma`).count()).toBe(1)
  expect(await consultations(`Block ${tag}`)).toBe(1)

  // A blocked person books again, spelled otherwise: answered as a success, kept out of the inbox.
  const again = await request(`Block ${tag} Alpha again`, `Alpha.${width}+new@SPAM.example`)
  expect(again.status).toBe(201)
  expect(await consultations(`Block ${tag}`)).toBe(1)

  // The nav leads to the block list, which names both addresses, why, and who blocked them.
  await adminNav(t.page).getByRole('link', { name: 'Blocked' }).click()
  await t.page.waitForURL(/\/admin\/blocked\/?$/)
  expect(await adminNav(t.page).getByRole('link', { name: 'Blocked' }).getAttribute('aria-current')).toBe('page')
  const table = blockedTable(t.page)
  for (const address of [`alpha.${width}@spam.example`, `beta.${width}@spam.example`]) {
    const row = table.getByRole('row').filter({ has: t.page.getByRole('rowheader', { name: address, exact: true }) })
    await row.waitFor()
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 3)).toEqual(['Email address', 'Marked spam in the inbox', 'Admin'])
  }
  await expectAccessible(t.page)
  expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  // By hand, from the keyboard: a client address range, with a reason.
  await t.page.getByRole('radio', { name: 'Client address (IP)' }).check()
  const address = t.page.getByRole('textbox', { name: 'Address' })
  const range = `198.51.${width % 256}.0/24`
  await address.fill(range)
  await t.page.getByRole('textbox', { name: /^Reason/ }).fill('Booked out a week')
  await address.press('Enter')
  await notice(t.page, `${range} is blocked`).waitFor()
  await table.getByRole('rowheader', { name: range, exact: true }).waitFor()
  expect(await address.inputValue()).toBe('')
  // What is no address is refused under the field.
  t.expectError(/status of 400/)
  await address.fill('203.0.113.300')
  await address.press('Enter')
  await t.page.getByText('Enter an IP address like 203.0.113.7 or a range like 203.0.113.0/24').waitFor()
  expect(await address.getAttribute('aria-invalid')).toBe('true')
  await expectAccessible(t.page)

  // Unblock asks first; then that person books again.
  const alpha = table.getByRole('row').filter({ has: t.page.getByRole('rowheader', { name: `alpha.${width}@spam.example`, exact: true }) })
  await alpha.getByRole('button', { name: new RegExp(`^Unblock ?: alpha\\.${width}@spam\\.example$`) }).click()
  const unblock = t.page.getByRole('alertdialog', { name: `Unblock alpha.${width}@spam.example?` })
  await unblock.waitFor()
  await expectAccessible(t.page)
  await unblock.getByRole('button', { name: 'Unblock' }).click()
  await notice(t.page, `alpha.${width}@spam.example is unblocked`).waitFor()
  await alpha.waitFor({ state: 'detached' })
  expect((await request(`Block ${tag} Alpha returns`, `alpha.${width}@spam.example`)).status).toBe(201)
  expect(await consultations(`Block ${tag}`)).toBe(2)
  expectNoErrors(t)
})

test.each([
  ['phone', 375],
  ['wide screen', 1440],
] as const)('on a %s: the Outbox shows the emails held from a stranger, with why', async (_, width) => {
  // Six messages in one stranger's name: five acknowledgements go, the sixth is held (MAIL_PER_RECIPIENT_PER_DAY's 5).
  const stranger = `stranger.${width}@example.org`
  for (let i = 0; i < 6; i++) {
    const sent = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Sam Roe', email: stranger, phone: '(214) 555-0142', business: `Held ${width} ${i}`, service: 'website', message: 'Hello' }),
    })
    expect(sent.status).toBe(201)
  }
  const heldTo = async () =>
    (
      (await (await fetch(`${site.url}/api/admin/outbox?state=held&limit=200`, { headers: adminHeader })).json()) as { items: Array<{ to?: string }> }
    ).items.filter((email) => email.to === stranger).length
  await expect.poll(heldTo, { timeout: 15_000 }).toBe(1)
  const t = await openPage(site, { viewport: width < 1000 ? 'phone' : 'desktop', clock: afterOffer })
  await t.page.setViewportSize({ width, height: 900 })
  await signIn(t, '/admin/outbox/?status=held')
  const table = t.page.getByRole('table', { name: 'Emails, newest first' })
  const held = table.getByRole('row').filter({ hasText: stranger })
  await held.waitFor()
  await held.getByText('Held: too many to one address').waitFor()
  expect(await t.page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('held')
  await expectAccessible(t.page)
  expectNoErrors(t)
})
