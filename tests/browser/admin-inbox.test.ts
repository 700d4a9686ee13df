import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { afterOffer, expectAccessible, expectNoErrors, openPage, startSite, subscribe, type Site } from './harness'
import { adminNav, bookConsultation, detailFields, focusedElement, notice, postConsultations, rowOf, sendContactMessage, signIn } from './inboxSteps'

// The leads reach the agency: requests and messages sent through the real forms, read, triaged,
// searched, exported and deleted in the admin inbox, against the real service and its data file.

let site: Site
let dataDir: string
// The service offers consultation dates from its own clock: it agrees with the pages'.
const startOnData = () => startSite({ now: () => afterOffer, dataFile: path.join(dataDir, 'db.json') })

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inbox-'))
  site = await startOnData()
})
afterEach(() => site.closePages())
afterAll(async () => {
  await site.close()
  await fs.rm(dataDir, { recursive: true, force: true })
})

// In the browser's zone (the tests' is Dallas), with the zone named.
/** The Received cell: the time, then the lead's age ("this minute", "3 hours ago"). */
const receivedCell = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) C[SD]T\n(this minute|\d+ (minutes?|hours?|days?) ago)$/
const longTime = /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) C[SD]T$/

describe('consultation requests', () => {
  test('a request booked in the consultation dialog is listed as New and its detail shows every field', async () => {
    const t = await openPage(site, { clock: afterOffer })
    await bookConsultation(t, {
      business: 'Lone Star Bakery',
      name: 'Dana Ruiz',
      email: 'dana@lonestar.example',
      message: 'Online orders\nbefore the holidays',
    })
    await signIn(t, '/admin/consultations/')
    const current = adminNav(t.page).getByRole('link', { name: /^Consultation requests/ })
    expect(await current.getAttribute('aria-current')).toBe('page')
    await expect.poll(() => current.textContent()).toMatch(/^Consultation requests \d+ new$/)

    const table = t.page.getByRole('table', { name: 'Consultation requests, newest first' })
    // The list arrives after the navigation's count: its table is read once it is there.
    await table.getByRole('columnheader').first().waitFor()
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Select',
      'Business',
      'Received',
      'Name',
      'Service',
      'Meeting or requested slot (Central time)',
      'Owner',
      'Status',
    ])
    const row = rowOf(t.page, 'Lone Star Bakery')
    const cells = await row.getByRole('cell').allInnerTexts()
    // The first cell is the row's checkbox; the name comes with the phone to call.
    expect(cells[1]).toMatch(receivedCell)
    // Booked at the first free start of the afternoon window it asked for: the exact hours, not the window.
    expect(cells.slice(2)).toEqual(['Dana Ruiz\n(214) 555-0199', 'Automation Creation', 'Wed, Jul 9, 2025\n1:00–1:30 PM', 'No one yet', 'New'])
    expect(await row.getByRole('link', { name: 'Call Dana Ruiz at (214) 555-0199' }).getAttribute('href')).toBe('tel:2145550199')
    // Unread stands out by weight, not only by colour.
    expect(Number(await row.evaluate((element) => getComputedStyle(element).fontWeight))).toBeGreaterThanOrEqual(600)
    await expectAccessible(t.page)

    await row.getByRole('link', { name: 'Lone Star Bakery' }).click()
    const heading = t.page.getByRole('heading', { name: 'Request from Lone Star Bakery' })
    await heading.waitFor()
    const id = new URL(t.page.url()).searchParams.get('id')
    expect(id).toBeTruthy()
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: 'Request from Lone Star Bakery' })
    const fields = await detailFields(t.page)
    expect(fields).toMatchObject({
      Business: 'Lone Star Bakery',
      Website: 'https://lonestar.example',
      'Contact name': 'Dana Ruiz',
      Service: 'Automation Creation',
      // The exact start of the meeting, not only the window asked for.
      Meeting: 'Wednesday, July 9 · 1:00–1:30 PM Central time (Dallas) (Booked)',
      'Requested date': 'Wednesday, July 9, 2025',
      'Requested time': 'Afternoon (1PM-5PM), Central time (Dallas)',
      Reference: id,
      Message: 'Online orders\nbefore the holidays',
    })
    expect(fields.Received).toMatch(longTime)
    // The email and the phone are the contact's, above the details, once.
    expect(fields).not.toHaveProperty('Email')
    expect(fields).not.toHaveProperty('Phone')
    expect(await t.page.getByRole('link', { name: 'dana@lonestar.example' }).getAttribute('href')).toBe('mailto:dana@lonestar.example')
    expect(await t.page.getByRole('link', { name: '(214) 555-0199' }).getAttribute('href')).toBe('tel:2145550199')
    const website = t.page.getByRole('link', { name: 'https://lonestar.example' })
    expect([await website.getAttribute('target'), await website.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer'])
    expect(await t.page.getByRole('radio', { name: 'New' }).isChecked()).toBe(true)
    await expectAccessible(t.page)

    // Back returns to the list, on the link of the record just read.
    await t.page.evaluate(() => history.back())
    await table.waitFor()
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'A', text: 'Lone Star Bakery' })
    expectNoErrors(t)
  })

  test('a status change and a note survive a reload and a restart of the service', async () => {
    await postConsultations(site, ['Trinity Plumbing'])
    const t = await openPage(site, { clock: afterOffer })
    await signIn(t, '/admin/consultations/')
    await rowOf(t.page, 'Trinity Plumbing').getByRole('link', { name: 'Trinity Plumbing' }).click()
    await t.page.getByRole('heading', { name: 'Request from Trinity Plumbing' }).waitFor()
    const record = new URL(t.page.url())

    await t.page.getByRole('radio', { name: 'Contacted' }).check()
    await t.page.getByRole('button', { name: 'Save status' }).click()
    await notice(t.page, 'Status changed to Contacted').waitFor()
    await t.page.getByLabel('Internal note').fill('Called Monday: wants a quote for the booking app.')
    await t.page.getByRole('button', { name: 'Save note' }).click()
    await notice(t.page, 'Note saved').waitFor()
    const history = t.page.getByRole('heading', { name: 'Status history' }).locator('xpath=following-sibling::ol[1]').getByRole('listitem')
    expect(await history.allInnerTexts()).toEqual([expect.stringMatching(/^Contacted\s+[A-Z][a-z]+ \d/), expect.stringMatching(/^New\s+[A-Z][a-z]+ \d/)])

    const expectKept = async (page: typeof t.page) => {
      await page.getByRole('heading', { name: 'Request from Trinity Plumbing' }).waitFor()
      expect(await page.getByRole('radio', { name: 'Contacted' }).isChecked()).toBe(true)
      expect(await page.getByLabel('Internal note').inputValue()).toBe('Called Monday: wants a quote for the booking app.')
      expect(await page.getByText(/^Last saved [A-Z][a-z]+ \d{1,2}, \d{4} at .* C[SD]T$/).count()).toBe(1)
    }
    await t.page.reload()
    await expectKept(t.page)
    expectNoErrors(t)

    await site.service.close()
    const stopped = site
    site = await startOnData()
    await stopped.close()
    const again = await openPage(site, { clock: afterOffer })
    await signIn(again, record.pathname + record.search)
    await expectKept(again.page)
    expectNoErrors(again)
  })

  test('search and the status filter are asked of the server, kept in the address, and the export holds the matches', async () => {
    await postConsultations(site, ['Deep Ellum Records', 'Bishop Arts Florist'])
    const t = await openPage(site, { clock: afterOffer })
    await signIn(t, '/admin/consultations/')
    const asked: URLSearchParams[] = []
    t.page.on('request', (request) => request.url().includes('/api/admin/consultations?') && asked.push(new URL(request.url()).searchParams))
    const dataRows = t.page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: t.page.getByRole('rowheader') })

    await t.page.getByRole('searchbox', { name: 'Search' }).pressSequentially('ellum rec', { delay: 30 })
    await expect.poll(() => dataRows.allInnerTexts()).toEqual([expect.stringContaining('Deep Ellum Records')])
    // Typing waits for a pause: one request for the whole text.
    expect(asked.map((search) => search.get('q'))).toEqual(['ellum rec'])
    expect(new URL(t.page.url()).searchParams.get('q')).toBe('ellum rec')

    const csv = await t.page.request.get((await t.page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!)
    expect(csv.status()).toBe(200)
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/)
    const text = await csv.text()
    expect(text).toContain('Deep Ellum Records')
    expect(text).not.toContain('Bishop Arts Florist')

    await t.page.reload()
    expect(await t.page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('ellum rec')
    await expect.poll(() => dataRows.count()).toBe(1)

    await t.page.getByRole('combobox', { name: 'Status' }).selectOption('closed')
    await t.page.getByRole('heading', { name: 'No Matches' }).waitFor()
    expect(new URL(t.page.url()).searchParams.get('status')).toBe('closed')
    await t.page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All' })
    await expect.poll(() => dataRows.count()).toBe(1)
    expect(new URL(t.page.url()).searchParams.has('status')).toBe(false)
    expectNoErrors(t)
  })

  test('pages of 25, newest first, with Previous and Next; the page survives a reload', async () => {
    await postConsultations(
      site,
      Array.from({ length: 26 }, (_, index) => `Paging Test ${index + 1}`),
    )
    const t = await openPage(site, { clock: afterOffer })
    await signIn(t, '/admin/consultations/?q=Paging+Test')
    const showing = t.page.getByText(/^Showing /)
    await expect.poll(() => showing.textContent()).toBe('Showing 1–25 of 26')
    expect(await t.page.getByRole('rowheader').first().textContent()).toBe('Paging Test 26')
    await t.page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => showing.textContent()).toBe('Showing 26–26 of 26')
    expect(await t.page.getByRole('rowheader').allTextContents()).toEqual(['Paging Test 1'])
    expect(await t.page.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true')
    await t.page.reload()
    await expect.poll(() => showing.textContent().catch(() => '')).toBe('Showing 26–26 of 26')
    await t.page.getByRole('button', { name: 'Previous' }).click()
    await expect.poll(() => showing.textContent()).toBe('Showing 1–25 of 26')
    expectNoErrors(t)
  })

  test('Delete asks first, then the request is gone from the list at once, announced, with focus on the list', async () => {
    await postConsultations(site, ['Doomed Diner'])
    const t = await openPage(site, { clock: afterOffer })
    await signIn(t, '/admin/consultations/')
    await rowOf(t.page, 'Doomed Diner').getByRole('link', { name: 'Doomed Diner' }).click()
    await t.page.getByRole('heading', { name: 'Request from Doomed Diner' }).waitFor()
    const record = new URL(t.page.url())
    const remove = t.page.getByRole('button', { name: 'Delete request' })
    const dialog = t.page.getByRole('alertdialog', { name: 'Delete this request?' })

    await remove.click()
    expect(await dialog.getByText(/The request from Doomed Diner \(Pat Doe\) will be removed for good/).count()).toBe(1)
    await expectAccessible(t.page)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'BUTTON', text: 'Delete request' })

    await remove.click()
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await notice(t.page, 'The request from Doomed Diner was deleted.').waitFor()
    expect(await rowOf(t.page, 'Doomed Diner').count()).toBe(0)
    expect(new URL(t.page.url()).searchParams.has('id')).toBe(false)
    await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2', text: expect.stringMatching(/^\d+ Requests?$/) })

    await t.page.reload()
    await t.page.getByRole('table').waitFor()
    expect(await rowOf(t.page, 'Doomed Diner').count()).toBe(0)
    t.expectError(/status of 404/)
    await t.goto(record.pathname + record.search)
    await t.page.getByText('This request does not exist. It may have been deleted.').waitFor()
    expectNoErrors(t)
  })
})

test('a contact message reaches Contact messages, opens, and can be deleted', async () => {
  const t = await openPage(site, { clock: afterOffer })
  const message = 'We are a family-run shop in Dallas and would like an assistant that answers questions about our opening hours.'
  await sendContactMessage(t, { business: 'Oak Cliff Yoga', name: 'Sam Lee', email: 'sam@oakcliff.example', message })
  await signIn(t, '/admin/messages/')
  expect(
    await adminNav(t.page)
      .getByRole('link', { name: /^Contact messages/ })
      .getAttribute('aria-current'),
  ).toBe('page')
  const table = t.page.getByRole('table', { name: 'Contact messages, newest first' })
  // The list arrives after the sign-in: its row first, then what it shows (allTextContents does not wait).
  await rowOf(t.page, 'Oak Cliff Yoga').waitFor()
  expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Select', 'Business', 'Received', 'Name', 'Service', 'Message', 'Owner', 'Status'])
  const cells = await rowOf(t.page, 'Oak Cliff Yoga').getByRole('cell').allInnerTexts()
  expect(cells[1]).toMatch(receivedCell)
  expect(cells.slice(2)).toEqual([
    'Sam Lee\n214.555.0123',
    'AI Agents',
    'We are a family-run shop in Dallas and would like an assistant that answers…',
    'No one yet',
    'New',
  ])
  await expectAccessible(t.page)

  await rowOf(t.page, 'Oak Cliff Yoga').getByRole('link', { name: 'Oak Cliff Yoga' }).click()
  await t.page.getByRole('heading', { name: 'Message from Sam Lee' }).waitFor()
  expect(await detailFields(t.page)).toMatchObject({
    Name: 'Sam Lee',
    Business: 'Oak Cliff Yoga',
    Service: 'AI Agents',
    Message: message,
  })
  expect(await t.page.getByRole('link', { name: '214.555.0123' }).getAttribute('href')).toBe('tel:2145550123')
  expect(await t.page.getByRole('link', { name: 'sam@oakcliff.example' }).getAttribute('href')).toBe('mailto:sam@oakcliff.example')
  await expectAccessible(t.page)

  await t.page.getByRole('button', { name: 'Delete message' }).click()
  await t.page.getByRole('alertdialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete', exact: true }).click()
  await notice(t.page, 'The message from Sam Lee was deleted.').waitFor()
  expect(await rowOf(t.page, 'Oak Cliff Yoga').count()).toBe(0)
  expectNoErrors(t)
})

test('a subscriber is deleted after confirmation; the count and the list follow at once', async () => {
  await subscribe(site, ['leaving@example.com', 'staying@example.com'])
  const t = await openPage(site, { clock: afterOffer })
  await signIn(t, '/admin/newsletter/')
  expect(await adminNav(t.page).getByRole('link', { name: 'Newsletter subscribers' }).getAttribute('aria-current')).toBe('page')
  const count = t.page.getByRole('heading', { name: /^\d+ Subscribers?$/ })
  const before = Number((await count.textContent())!.match(/\d+/)![0])

  const remove = t.page.getByRole('row').filter({ hasText: 'leaving@example.com' }).getByRole('button', { name: 'Delete subscriber' })
  expect(await remove.getAttribute('aria-describedby').then((id) => t.page.locator(`[id="${id}"]`).textContent())).toBe('leaving@example.com')
  await remove.click()
  const dialog = t.page.getByRole('alertdialog', { name: 'Delete this subscriber?' })
  await dialog.waitFor()
  await expectAccessible(t.page)
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await notice(t.page, 'leaving@example.com was deleted.').waitFor()
  expect(await count.textContent()).toBe(`${before - 1} Subscriber${before - 1 === 1 ? '' : 's'}`)
  expect(await t.page.getByRole('cell', { name: 'leaving@example.com' }).count()).toBe(0)
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'H2' })

  await t.page.reload()
  await t.page.getByRole('cell', { name: 'staying@example.com' }).waitFor()
  expect(await t.page.getByRole('cell', { name: 'leaving@example.com' }).count()).toBe(0)
  expectNoErrors(t)
})

test('/admin opens on the Overview, which asks to sign in; Sign Out asks again', async () => {
  const t = await openPage(site, { clock: afterOffer })
  t.expectError(/status of 401/)
  await t.goto('/admin/')
  await t.page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor()
  await t.page.getByRole('heading', { name: 'Sign in' }).waitFor()
  expect(await adminNav(t.page).getByRole('link').allTextContents()).toEqual([
    'Overview',
    'Consultation requests',
    'Upcoming meetings',
    'Contact messages',
    'Newsletter subscribers',
    'Outbox',
    'API tokens',
    'Blocked',
    'People',
  ])
  await expectAccessible(t.page)
  await signIn(t, '/admin/messages/')
  await t.page.getByRole('button', { name: 'Sign Out' }).click()
  await t.page.getByRole('heading', { name: 'Sign in' }).waitFor()
  expectNoErrors(t)
})

test('at 768 px the list is cards too: the status and the meeting of each request are in sight, nothing scrolls sideways', async () => {
  await postConsultations(site, ['Tablet Width Cafe'])
  const t = await openPage(site, { viewport: { width: 768, height: 1024 }, clock: afterOffer })
  await signIn(t, '/admin/consultations/?q=Tablet+Width')
  const region = t.page.getByRole('region', { name: 'Consultation requests, newest first' })
  await region.waitFor()
  await rowOf(t.page, 'Tablet Width Cafe').waitFor()
  expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  // Every cell of the row (the status and the meeting among them) lies within the screen's width.
  for (const cell of await rowOf(t.page, 'Tablet Width Cafe').getByRole('cell').all()) {
    const box = await cell.boundingBox()
    if (box) expect(box.x + box.width).toBeLessThanOrEqual(768)
  }
  await rowOf(t.page, 'Tablet Width Cafe').getByText('New', { exact: true }).first().waitFor()
  await expectAccessible(t.page)
  expectNoErrors(t)
})

test('at phone width the list is cards in a labelled region that never scrolls sideways; list and detail stay accessible', async () => {
  await postConsultations(site, ['Phone Width Cafe'])
  const t = await openPage(site, { viewport: 'phone', clock: afterOffer })
  await signIn(t, '/admin/consultations/?q=Phone+Width')
  const region = t.page.getByRole('region', { name: 'Consultation requests, newest first' })
  await region.waitFor()
  expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await expectAccessible(t.page)
  // Keyboard: Enter on the link opens the record; All requests returns to the list, on that link.
  await rowOf(t.page, 'Phone Width Cafe').getByRole('link', { name: 'Phone Width Cafe' }).focus()
  await t.page.keyboard.press('Enter')
  await t.page.getByRole('heading', { name: 'Request from Phone Width Cafe' }).waitFor()
  await expectAccessible(t.page)
  await t.page.getByRole('link', { name: 'All requests' }).click()
  await expect.poll(() => focusedElement(t.page)).toMatchObject({ tag: 'A', text: 'Phone Width Cafe' })
  expect(new URL(t.page.url()).searchParams.get('q')).toBe('Phone Width')
  expectNoErrors(t)
})
