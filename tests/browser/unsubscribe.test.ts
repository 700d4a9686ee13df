import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { unsubscribePagePath } from '../../forms-service/email/messages'
import { unsubscribeToken } from '../../forms-service/email/unsubscribe'
import type { Site as SiteContent } from '../../site/content/schemas'
import type { UiStrings } from '../../site/content/ui'
import { fixtureJson, fixtureUi } from '../fixtures/fixture'
import { distDir, readRoute, visibleText } from '../site/dist'
import { afterOffer, expectAccessible, expectNoErrors, hydrated, openPage, siteForTests, subscribe, viewports, type ViewportName, adminHeader } from './harness'

// The words of the fixture content the site was built from (tests/fixtures).
const ui = fixtureUi<UiStrings>().unsubscribe
const siteEmail = fixtureJson<SiteContent>('site.json').email

const site = siteForTests()

async function subscribers(): Promise<{ id: string; email: string }[]> {
  const response = await fetch(`${site.url}/api/admin/newsletter-subscribers`, { headers: adminHeader })
  expect(response.status).toBe(200)
  return (await response.json()) as { id: string; email: string }[]
}

/** The link of the welcome email sent to `email`. */
async function unsubscribeLink(email: string) {
  const subscriber = (await subscribers()).find((candidate) => candidate.email === email)
  expect(subscriber, email).toBeDefined()
  const token = unsubscribeToken(site.service.config.unsubscribeSecret!, subscriber!.id)
  return `${unsubscribePagePath}?token=${encodeURIComponent(token)}`
}

async function open(route: string, viewport: ViewportName = 'desktop') {
  const t = await openPage(site, { viewport, clock: afterOffer })
  await t.goto(route)
  await hydrated(t.page, 'unsubscribe')
  return t
}

const button = (page: Page) => page.getByRole('button', { name: /Unsubscrib/ })
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '')

describe('the prerendered page', () => {
  const html = readRoute(unsubscribePagePath)

  test('is kept out of search engines, the sitemap page and sitemap.xml', () => {
    expect(html).toContain('<meta name="robots" content="noindex" />')
    expect(readRoute('/sitemap')).not.toContain('href="/unsubscribe')
    expect(fs.readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8')).not.toContain('/unsubscribe')
  })

  test('is the same for every token: heading, text and a disabled button, no outcome', () => {
    const text = visibleText(html)
    expect(text).toContain(ui.title)
    expect(text).toContain(ui.text)
    expect(html).toMatch(new RegExp(`<button type="button"[^>]*disabled=""[^>]*>${ui.confirm}</button>`))
    for (const outcome of [ui.success, ui.failure, ui.invalid.split('{email}')[0]!]) expect(text).not.toContain(outcome)
    expect(html).not.toContain('token=')
  })

  test('tells readers without JavaScript how else to unsubscribe, with the agency address', () => {
    // The page's own <noscript>, in the body (the head's holds the stylesheet for readers without JavaScript).
    const noscript = html.slice(html.indexOf('<body')).match(/<noscript>([\s\S]*?)<\/noscript>/)?.[1] ?? ''
    expect(visibleText(`<body>${noscript}`)).toContain(ui.noScript.replace('{email}', siteEmail))
    expect(noscript).toContain(`href="mailto:${siteEmail}"`)
  })
})

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  test(`at ${viewport} width, the email's link unsubscribes the reader once they confirm`, async () => {
    const reader = `leaving-${viewport}@example.com`
    const staying = `staying-${viewport}@example.com`
    await subscribe(site, [reader, staying])
    const t = await open(await unsubscribeLink(reader), viewport)
    expect(await button(t.page).isEnabled()).toBe(true)
    // Opening the link changed nothing.
    expect((await subscribers()).map((subscriber) => subscriber.email)).toContain(reader)
    await expectAccessible(t.page)

    await button(t.page).click()
    const status = t.page.getByRole('status').filter({ hasText: ui.success })
    await status.waitFor()
    await expect.poll(() => focusedText(t.page)).toBe(ui.success)
    expect(await button(t.page).count()).toBe(0)
    const emails = (await subscribers()).map((subscriber) => subscriber.email)
    expect(emails).not.toContain(reader)
    expect(emails).toContain(staying)
    await expectAccessible(t.page)
    expectNoErrors(t)
  })
}

test('reads Unsubscribing... while the request is under way, and a second use of the link is harmless', async () => {
  await subscribe(site, ['twice@example.com'])
  const link = await unsubscribeLink('twice@example.com')
  for (const attempt of [1, 2]) {
    const t = await open(link)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await t.page.route('**/api/newsletter/unsubscribe', async (route) => {
      await held
      await route.continue()
    })
    await button(t.page).click()
    await expect.poll(() => button(t.page).textContent(), { message: `attempt ${attempt}` }).toBe(ui.confirming)
    expect(await button(t.page).isDisabled()).toBe(true)
    release()
    await t.page.getByRole('status').filter({ hasText: ui.success }).waitFor()
    expectNoErrors(t)
  }
})

test('a forged link says so, with the address to write to', async () => {
  await subscribe(site, ['forged@example.com'])
  const { id } = (await subscribers()).find((subscriber) => subscriber.email === 'forged@example.com')!
  const t = await open(`${unsubscribePagePath}?token=${encodeURIComponent(unsubscribeToken('not-the-secret', id))}`)
  t.expectError(/status of 400/)
  await button(t.page).click()
  const alert = t.page.getByRole('alert')
  await alert.waitFor()
  expect(await alert.textContent()).toBe(ui.invalid.replace('{email}', siteEmail))
  expect(await alert.getByRole('link', { name: siteEmail }).getAttribute('href')).toBe(`mailto:${siteEmail}`)
  await expect.poll(() => focusedText(t.page)).toBe(ui.invalid.replace('{email}', siteEmail))
  expect(await button(t.page).count()).toBe(0)
  expect((await subscribers()).map((subscriber) => subscriber.email)).toContain('forged@example.com')
  await expectAccessible(t.page)
  expectNoErrors(t)
})

test('a link without a token says at once that it is not valid, and sends nothing', async () => {
  const t = await openPage(site, { clock: afterOffer })
  const posts: string[] = []
  t.page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
  await t.goto(unsubscribePagePath)
  await hydrated(t.page, 'unsubscribe')
  await t.page
    .getByRole('alert')
    .filter({ hasText: ui.invalid.split('{email}')[0]! })
    .waitFor()
  expect(await button(t.page).count()).toBe(0)
  expect(posts).toEqual([])
  await expectAccessible(t.page)
  expectNoErrors(t)
})

test('when the service is down, it asks to try again, and trying again works', async () => {
  await subscribe(site, ['retry@example.com'])
  const t = await open(await unsubscribeLink('retry@example.com'))
  t.expectError(/status of 503/)
  await t.page.route('**/api/newsletter/unsubscribe', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Could not unsubscribe, please try again later"}' }),
  )
  await button(t.page).click()
  await t.page.getByRole('alert').filter({ hasText: ui.failure }).waitFor()
  await expect.poll(() => focusedText(t.page)).toBe(ui.failure)
  expect(await button(t.page).isEnabled()).toBe(true)
  await expectAccessible(t.page)

  await t.page.unrouteAll()
  await button(t.page).click()
  await t.page.getByRole('status').filter({ hasText: ui.success }).waitFor()
  expect((await subscribers()).map((subscriber) => subscriber.email)).not.toContain('retry@example.com')
  expectNoErrors(t)
})
