import fs from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { api, pathOf } from '../../contract/wire/api'
import { adminApi } from '../../contract/wire/adminApi'
import type { ConsultationView } from '../../contract/wire/records'
import { urls } from '../../contract/wire/urls'
import type { UiStrings } from '../../site/content/ui'
import { fixtureUi } from '../fixtures/fixture'
import { adminPassword, afterOffer, expectNoErrors, hydrated, openPage, siteForTests, adminHeader } from './harness'
import { adminNav, focusedElement, notice, rowOf, signIn } from './inboxSteps'

// The lead desk as the agency uses it: from the notification email to the record, the list on a
// phone, several leads at once, a suspected lead judged, spam put back, and the CSV as a spreadsheet opens it.

// The service's clock is the pages': every lead arrives at afterOffer (10:00 in Dallas, July 7, 2025).
const site = siteForTests({ now: () => afterOffer })
const ui = fixtureUi<UiStrings>()

type Lead = { business: string; name: string; phone?: string; date?: string; timeSlot?: string; spam?: boolean }
let slot = 0

/** A consultation request sent to the API as the dialog sends it; `spam`: sent sooner after the page loaded than a person can (suspected). */
async function postRequest(lead: Lead): Promise<string> {
  const days = ['2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11', '2025-07-14', '2025-07-15']
  const n = slot++
  const response = await fetch(`${site.url}${api.forms.consultation.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      businessName: lead.business,
      contactName: lead.name,
      email: 'lead@example.com',
      phone: lead.phone ?? '(214) 555-0150',
      serviceInterest: 'automation',
      date: lead.date ?? days[n % days.length],
      timeSlot: lead.timeSlot ?? ['morning', 'afternoon', 'evening'][Math.floor(n / days.length) % 3],
      ...(lead.spam ? { _elapsedMs: 200 } : {}),
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

/** The first text of the emails in the service's outbox folder that matches `pattern` (emails are written shortly after the POST). */
async function inOutboxFolder(pattern: RegExp): Promise<string> {
  const folder = site.service.email.delivery === 'folder' ? site.service.email.folder : ''
  let found: string | undefined
  await expect
    .poll(async () => {
      const files = (await fs.readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'))
      const mails = await Promise.all(files.map(async (file) => simpleParser(await fs.readFile(path.join(folder, file)))))
      found = mails.map((mail) => pattern.exec(mail.text ?? '')?.[0]).find(Boolean)
      return found
    })
    .toBeDefined()
  return found!
}

const newCount = async (page: Page) =>
  Number(
    (
      await adminNav(page)
        .getByRole('link', { name: /^Consultation requests/ })
        .textContent()
    )?.match(/(\d+) new/)?.[1] ?? 0,
  )

test('the notification email links to its record: opened signed out, the password, then that record; focus on the heading', async () => {
  const id = await postRequest({ business: 'Deep Link Diner', name: 'Lena Ortiz' })
  // The link as the agency's email has it (SITE_URL's origin), opened on this site.
  const link = new URL(await inOutboxFolder(/https?:\/\/[^\s<>]+\/admin\/consultations\?id=[^\s<>]+/))
  expect(link.pathname + link.search).toBe(urls.adminRecord('consultations', id))

  const t = await openPage(site, { clock: afterOffer })
  t.expectError(/status of 401/)
  await t.goto(link.pathname + link.search)
  await hydrated(t.page, 'admin')
  await t.page.getByRole('heading', { name: ui.adminScreen.signInTitle }).waitFor()
  // The admin's own shell: no site header, footer or consultation button; a bar with the navigation and the site.
  expect(await t.page.getByRole('contentinfo').count()).toBe(0)
  expect(await t.page.getByRole('link', { name: ui.header.getStarted }).count()).toBe(0)
  expect(await t.page.getByRole('banner').getByRole('link', { name: ui.adminShell.viewSite }).getAttribute('href')).toBe(urls.home)
  expect(await t.page.getByRole('button', { name: ui.adminShell.signOut }).count()).toBe(0)

  await t.page.getByLabel(ui.adminScreen.password).fill(adminPassword)
  await t.page.getByRole('button', { name: ui.adminScreen.signIn }).click()
  await t.page.getByRole('heading', { name: 'Request from Deep Link Diner' }).waitFor()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H1', text: 'Consultation Requests' })
  expect(await t.page.getByRole('button', { name: ui.adminShell.signOut }).isVisible()).toBe(true)

  // Signed in, the link opens the record at once; the skip link leads past the bar to the screen.
  await t.page.reload()
  await t.page.getByRole('heading', { name: 'Request from Deep Link Diner' }).waitFor()
  await t.page.keyboard.press('Tab')
  expect(await focusedElement(t.page)).toMatchObject({ tag: 'A', text: ui.header.skipToContent })
  await t.page.keyboard.press('Enter')
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'MAIN' })
  expectNoErrors(t)
})

test('at 375 px each lead is a card: business, name, status and age in view, and a call link named for screen readers', async () => {
  await postRequest({ business: 'Card Test Bakery', name: 'Dana Ruiz', phone: '(214) 555-0199', date: '2025-07-09', timeSlot: 'morning' })
  await postRequest({ business: 'Card Test Roofing', name: 'José Hernández', phone: '+1 214 555 0142', date: '2025-07-09', timeSlot: 'afternoon' })
  const t = await openPage(site, { viewport: 'phone', clock: afterOffer })
  await signIn(t, '/admin/consultations/?q=card+test')
  for (const [business, name, tel] of [
    ['Card Test Bakery', 'Dana Ruiz', 'tel:2145550199'],
    ['Card Test Roofing', 'José Hernández', 'tel:+12145550142'],
  ]) {
    const card = rowOf(t.page, business!)
    await card.waitFor()
    const box = (await card.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(375)
    for (const text of [business!, name!, ui.adminInbox.statusNew, 'this minute', 'Wed, Jul 9, 2025']) {
      const shown = card.getByText(text, { exact: true }).first()
      expect(await shown.isVisible(), text).toBe(true)
      const place = (await shown.boundingBox())!
      expect(place.x + place.width, text).toBeLessThanOrEqual(box.x + box.width)
    }
    const call = card.getByRole('link', { name: new RegExp(`^Call ${name}`) })
    expect(await call.getAttribute('href')).toBe(tel)
    expect(await call.isVisible()).toBe(true)
  }
  // Nothing scrolls sideways: the page is as wide as the phone.
  expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  expectNoErrors(t)
})

test('two leads get a status together; a selection is deleted after one confirmation; each is announced', async () => {
  const ids = [await postRequest({ business: 'Bulk Test Alpha', name: 'Ana Bell' }), await postRequest({ business: 'Bulk Test Beta', name: 'Ben Cole' })]
  const doomed = await postRequest({ business: 'Bulk Test Gamma', name: 'Cy Dunn' })
  const t = await openPage(site, { clock: afterOffer })
  await signIn(t, '/admin/consultations/?q=bulk+test')
  await rowOf(t.page, 'Bulk Test Alpha').waitFor()
  await t.page.getByRole('checkbox', { name: 'Select Bulk Test Alpha' }).check()
  await t.page.getByRole('checkbox', { name: 'Select Bulk Test Beta' }).check()
  const bar = t.page.getByRole('group', { name: ui.adminInbox.bulkLabel })
  await bar.getByText('2 selected').waitFor()
  await bar.getByRole('combobox', { name: ui.adminInbox.bulkStatus }).selectOption({ label: ui.adminInbox.statusContacted })
  await bar.getByRole('button', { name: ui.adminInbox.bulkApply }).click()
  await notice(t.page, '2 changed to Contacted').waitFor()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: '3 Requests' })
  for (const business of ['Bulk Test Alpha', 'Bulk Test Beta']) {
    await expect.poll(() => rowOf(t.page, business).getByRole('cell').last().innerText()).toBe(ui.adminInbox.statusContacted)
  }
  expect(await rowOf(t.page, 'Bulk Test Gamma').getByRole('cell').last().innerText()).toBe(ui.adminInbox.statusNew)
  expect((await Promise.all(ids.map(recordOf))).map((record) => record.status)).toEqual(['contacted', 'contacted'])
  expect((await recordOf(doomed)).status).toBe('new')
  // The checks are gone with the change.
  expect(await t.page.getByRole('checkbox', { checked: true }).count()).toBe(0)

  await t.page.getByRole('checkbox', { name: ui.adminInbox.selectAll }).check()
  expect(await t.page.getByRole('checkbox', { name: /^Select Bulk Test/, checked: true }).count()).toBe(3)
  await t.page.getByRole('checkbox', { name: 'Select Bulk Test Alpha' }).uncheck()
  await t.page.getByRole('checkbox', { name: 'Select Bulk Test Beta' }).uncheck()
  await bar.getByRole('button', { name: ui.adminInbox.bulkDelete }).click()
  const dialog = t.page.getByRole('alertdialog', { name: ui.adminConsultations.bulkDeleteTitle })
  await dialog.getByText('1 selected will be removed for good. This cannot be undone.').waitFor()
  await dialog.getByRole('button', { name: ui.adminShell.cancel }).click()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', text: ui.adminInbox.bulkDelete })
  expect(await rowOf(t.page, 'Bulk Test Gamma').count()).toBe(1)
  await bar.getByRole('button', { name: ui.adminInbox.bulkDelete }).click()
  await dialog.getByRole('button', { name: ui.adminShell.delete, exact: true }).click()
  await notice(t.page, '1 deleted').waitFor()
  await expect.poll(() => rowOf(t.page, 'Bulk Test Gamma').count()).toBe(0)
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: '2 Requests' })
  expect((await fetch(site.url + pathOf(adminApi.consultations.record.path, { id: doomed }), { headers: adminHeader })).status).toBe(404)
  expectNoErrors(t)
})

test('a suspected lead is New with a Possible spam badge; its page says why, and Not spam clears the mark in one click', async () => {
  const id = await postRequest({ business: 'Maybe Test Sellers', name: 'Quick Fill', spam: true })
  expect(await recordOf(id)).toMatchObject({ status: 'new', suspicion: 'fast' })
  const t = await openPage(site, { clock: afterOffer })
  await signIn(t, '/admin/consultations/?q=maybe+test')
  const row = rowOf(t.page, 'Maybe Test Sellers')
  await row.waitFor()
  expect(await row.getByText(ui.adminInbox.statusNew, { exact: true }).isVisible()).toBe(true)
  expect(await row.getByText(ui.adminInbox.possibleSpam, { exact: true }).isVisible()).toBe(true)
  // The notification's link opens the record: the mark, why, and the two answers.
  await t.goto(urls.adminRecord('consultations', id))
  await t.page.getByRole('heading', { name: 'Request from Maybe Test Sellers' }).waitFor()
  const panel = t.page.getByRole('region', { name: ui.adminInbox.possibleSpam })
  await panel.waitFor()
  await panel.getByRole('button', { name: ui.adminInbox.notSpam }).click()
  await notice(t.page, ui.adminInbox.notSpamCleared).waitFor()
  await expect.poll(() => panel.count()).toBe(0)
  expect(await t.page.getByText(ui.adminInbox.possibleSpam, { exact: true }).count()).toBe(0)
  expect(await recordOf(id)).toMatchObject({ status: 'new', suspicion: null })
  expectNoErrors(t)
})

test('Spam on a suspected lead files it out of the counts; Not spam in the Spam view puts it back among the New ones in one click', async () => {
  const id = await postRequest({ business: 'Spam Test Sellers', name: 'Quick Bot', spam: true })
  const t = await openPage(site, { clock: afterOffer })
  await signIn(t, urls.adminRecord('consultations', id))
  await t.page.getByRole('heading', { name: 'Request from Spam Test Sellers' }).waitFor()
  await expect.poll(() => newCount(t.page)).toBeGreaterThan(0)
  const suspected = await newCount(t.page)
  await t.page.getByRole('region', { name: ui.adminInbox.possibleSpam }).getByRole('button', { name: ui.adminInbox.statusSpam, exact: true }).click()
  await notice(t.page, ui.adminInbox.markedSpam).waitFor()
  expect((await recordOf(id)).status).toBe('spam')
  await expect.poll(() => newCount(t.page)).toBe(suspected - 1)

  await t.goto('/admin/consultations/?status=spam')
  const row = rowOf(t.page, 'Spam Test Sellers')
  await row.waitFor()
  const before = await newCount(t.page)
  const restore = row.getByRole('button', { name: ui.adminInbox.notSpam })
  // The button names its lead for screen readers (its description is the row's business).
  expect(await restore.getAttribute('aria-describedby').then((describer) => t.page.locator(`[id="${describer}"]`).textContent())).toBe('Spam Test Sellers')
  await restore.click()
  await notice(t.page, 'Spam Test Sellers restored to New').waitFor()
  await expect.poll(() => row.count()).toBe(0)
  expect(await recordOf(id)).toMatchObject({ status: 'new', suspicion: null })
  await expect.poll(() => newCount(t.page)).toBe(before + 1)
  await t.page.getByRole('combobox', { name: ui.adminInbox.statusLabel }).selectOption({ label: ui.adminInbox.statusAll })
  await rowOf(t.page, 'Spam Test Sellers').waitFor()
  expectNoErrors(t)
})

test('the CSV opens in a spreadsheet as the screen reads: a byte-order mark, Dallas times, the screen words', async () => {
  await postRequest({ business: 'Csv Test Café', name: 'José Núñez' })
  const t = await openPage(site, { clock: afterOffer })
  await signIn(t, '/admin/consultations/?q=csv+test')
  await rowOf(t.page, 'Csv Test Café').waitFor()
  const href = await t.page.getByRole('link', { name: ui.adminInbox.exportCsv }).getAttribute('href')
  // Fetched with the page's session, as the link's download is.
  const response = await t.page.request.get(href!)
  expect(response.status()).toBe(200)
  const bytes = await response.body()
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  // Excel reads a file that starts with the mark as UTF-8.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3))
  const [header, ...rows] = text.trim().split(/\r?\n/)
  expect(header).toContain(ui.adminInbox.csvReceived)
  expect(header).toContain(ui.adminInbox.business)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toContain('Csv Test Café')
  expect(rows[0]).toContain('José Núñez')
  // afterOffer is 10:00 in Dallas (CDT), 15:00 UTC.
  expect(rows[0]).toContain('2025-07-07 10:00')
  expect(rows[0]).not.toContain('15:00')
  expect(rows[0]).toContain(`,${ui.adminInbox.statusNew}`)
  expectNoErrors(t)
})
