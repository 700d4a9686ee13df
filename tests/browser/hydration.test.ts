import fs from 'node:fs'
import path from 'node:path'
import type { Page, Request } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { consultationDates } from '../../contract/booking/consultationDates'
import { distDir } from '../site/dist'
import { afterOffer, closedDays, expectNoErrors, hydrated, openPage, siteForTests } from './harness'

// What a visitor types while an island's code is still on its way is kept when it hydrates.

const site = siteForTests()

/** The chunk the client entry imports for an island (registry.ts): `chunk-CUbd2OHv.js`. */
function islandChunk(island: string): string {
  const entries = path.join(distDir, 'assets', 'entries')
  const entry = fs.readdirSync(entries).find((file) => file.startsWith('renderer_client.') && file.endsWith('.js'))!
  const code = fs.readFileSync(path.join(entries, entry), 'utf8')
  const key = /^[a-z]+$/.test(island) ? `(?:"${island}"|\\b${island})` : `"${island}"`
  const chunk = code.match(new RegExp(`${key}:\\(\\)=>\\w+\\(\\(\\)=>import\\(\`\\.\\./chunks/([\\w-]+\\.js)\``))?.[1]
  if (!chunk) throw new Error(`No chunk for the island "${island}" in ${entry}`)
  return chunk
}

/** Holds the island's chunk until `release()`; `requested` resolves when the browser asks for it. */
async function holdIsland(page: Page, island: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let requested = () => {}
  const asked = new Promise<void>((resolve) => (requested = resolve))
  await page.route(`**/assets/chunks/${islandChunk(island)}`, async (route) => {
    requested()
    await released
    await route.continue()
  })
  return { requested: asked, release }
}

const isHydrated = (page: Page, island: string) => page.locator(`[data-island="${island}"][data-hydrated]`).count()
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id)

function postsTo(page: Page, api: string): Request[] {
  const posts: Request[] = []
  page.on('request', (request) => request.method() === 'POST' && request.url().endsWith(api) && posts.push(request))
  return posts
}

describe('typing before an island hydrates', () => {
  test('the contact form keeps the text, the choice and the focus, and sends once', async () => {
    const t = await openPage(site, { clock: afterOffer })
    const posts = postsTo(t.page, '/api/contact')
    const chunk = await holdIsland(t.page, 'contact-form')
    await t.goto('/')
    const form = t.page.getByRole('form', { name: 'Contact form' })
    const name = form.getByLabel('Name', { exact: true })
    await name.click()
    // The first contact asks for the island's code, which is held back.
    await chunk.requested
    await name.pressSequentially('Dana Ruiz')
    await form.getByLabel('Email').fill('dana@lonestar.example')
    await form.getByLabel('Phone').fill('(214) 555-0199')
    await form.getByLabel('Business name').fill('Lone Star Bakery')
    await form.getByLabel('Service').selectOption('automation')
    const message = form.getByLabel('Message')
    await message.click()
    await message.pressSequentially('Typed before')
    expect(await isHydrated(t.page, 'contact-form')).toBe(0)

    chunk.release()
    await hydrated(t.page, 'contact-form')
    expect(await focusedId(t.page)).toBe('contact-message')
    // Typing goes on in the same field, after what was typed before.
    await t.page.keyboard.type(' and after')
    expect(await message.inputValue()).toBe('Typed before and after')
    expect(await name.inputValue()).toBe('Dana Ruiz')
    expect(await form.getByLabel('Service').inputValue()).toBe('automation')

    await form.getByRole('button', { name: 'Send Message' }).click()
    await form.getByText("Thank you! We'll reach out within 24 hours.").waitFor()
    expect(posts).toHaveLength(1)
    expect(posts[0]!.postDataJSON()).toEqual({
      name: 'Dana Ruiz',
      email: 'dana@lonestar.example',
      phone: '(214) 555-0199',
      business: 'Lone Star Bakery',
      service: 'automation',
      message: 'Typed before and after',
      _gotcha: '',
      // How long the form was on screen, for the service's spam rule.
      _elapsedMs: expect.any(Number),
      // Where the visit came from (contract/wire/source.ts): it began here, with no referrer or campaign.
      source: { page: '/', landing: '/' },
    })
    expect(posts[0]!.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/)
    expectNoErrors(t)
  })

  test('the newsletter form keeps the address and the focus', async () => {
    const t = await openPage(site, { clock: afterOffer })
    const posts = postsTo(t.page, '/api/newsletter-subscription')
    const chunk = await holdIsland(t.page, 'newsletter')
    await t.goto('/blog/')
    const email = t.page.getByRole('main').getByLabel('Email address')
    await email.click()
    await chunk.requested
    await email.pressSequentially('early-reader@example.com')
    chunk.release()
    await hydrated(t.page, 'newsletter')
    expect(await focusedId(t.page)).toBe(await email.getAttribute('id'))
    expect(await email.inputValue()).toBe('early-reader@example.com')
    await t.page.keyboard.press('Enter')
    await t.page.getByRole('main').getByRole('region', { name: 'Notifications (F8)' }).getByText('Successfully Subscribed!').waitFor()
    expect(posts.map((post) => post.postDataJSON())).toEqual([{ email: 'early-reader@example.com', _gotcha: '', source: { page: '/blog', landing: '/blog' } }])
    expect(await email.inputValue()).toBe('')
    expectNoErrors(t)
  })

  test('the consultation page keeps every field, and the typed date becomes the chosen day with the focus', async () => {
    const t = await openPage(site)
    const chunk = await holdIsland(t.page, 'consultation-page')
    await t.goto('/consultation/')
    await chunk.requested
    // Not the first day: the browser's today (Dallas) may be a day behind this process's.
    const day = consultationDates(new Date(), closedDays)[1]!.value
    await t.page.getByLabel('Business name').fill('Lone Star Bakery')
    await t.page.getByLabel('Service of interest').selectOption('website-design')
    await t.page.getByLabel('Preferred time').selectOption('evening')
    const date = t.page.getByLabel('Preferred date')
    await date.fill(day)
    await date.focus()
    chunk.release()
    await hydrated(t.page, 'consultation-page')
    await expect.poll(() => date.evaluate((element) => element.tagName)).toBe('SELECT')
    expect(await date.inputValue()).toBe(day)
    expect(await focusedId(t.page)).toBe('consultation-page-date')
    expect(await t.page.getByLabel('Business name').inputValue()).toBe('Lone Star Bakery')
    expect(await t.page.getByLabel('Service of interest').inputValue()).toBe('website-design')
    expect(await t.page.getByLabel('Preferred time').inputValue()).toBe('evening')
    expectNoErrors(t)
  })
})

describe('an island hydrates at first contact, not only when scrolled into view', () => {
  test('focus moved into the contact form, the page not scrolled', async () => {
    const t = await openPage(site, { clock: afterOffer })
    await t.goto('/')
    await t.page.waitForTimeout(300)
    expect(await isHydrated(t.page, 'contact-form')).toBe(0)
    await t.page.evaluate(() => document.getElementById('contact-name')!.focus({ preventScroll: true }))
    await hydrated(t.page, 'contact-form')
    expect(await t.page.evaluate(() => window.scrollY)).toBe(0)
    expect(await focusedId(t.page)).toBe('contact-name')
    expectNoErrors(t)
  })

  test('a press on the newsletter form, the page not scrolled', async () => {
    const t = await openPage(site, { clock: afterOffer })
    await t.goto('/blog/')
    await t.page.waitForTimeout(300)
    expect(await isHydrated(t.page, 'newsletter')).toBe(0)
    await t.page.getByRole('main').getByLabel('Email address').dispatchEvent('pointerdown')
    await hydrated(t.page, 'newsletter')
    expect(await t.page.evaluate(() => window.scrollY)).toBe(0)
    expectNoErrors(t)
  })
})

describe('the idempotency key of an attempt', () => {
  test('a retry after a failure sends the same key; an edit, a new one', async () => {
    const t = await openPage(site, { clock: afterOffer })
    t.expectError(/ERR_CONNECTION_RESET|status of 503/)
    await t.goto('/')
    const form = t.page.getByRole('form', { name: 'Contact form' })
    await form.scrollIntoViewIfNeeded()
    await hydrated(t.page, 'contact-form')
    const posts = postsTo(t.page, '/api/contact')
    await form.getByLabel('Name', { exact: true }).fill('Dana Ruiz')
    await form.getByLabel('Email').fill('retry@lonestar.example')
    await form.getByLabel('Phone').fill('(214) 555-0199')
    await form.getByLabel('Business name').fill('Lone Star Bakery')
    await form.getByLabel('Service').selectOption('website')
    await t.page.route('**/api/contact', (route) => route.abort('connectionreset'))
    const send = form.getByRole('button', { name: 'Send Message' })
    const key = () => posts.at(-1)!.headers()['idempotency-key']
    const hiddenKey = () => form.locator('input[name="_key"]').inputValue()

    await send.click()
    await form.getByRole('alert').waitFor()
    const first = key()
    expect(await hiddenKey()).toBe(first)
    await send.click()
    await expect.poll(() => posts.length).toBe(2)
    expect(key()).toBe(first)

    await form.getByLabel('Message').fill('Edited')
    await send.click()
    await expect.poll(() => posts.length).toBe(3)
    expect(key()).not.toBe(first)

    const edited = key()
    await t.page.unrouteAll()
    await send.click()
    await form.getByText("Thank you! We'll reach out within 24 hours.").waitFor()
    expect(key()).toBe(edited)
    // The next message is a new attempt.
    expect(await hiddenKey()).not.toBe(edited)
    t.errors.splice(0, t.errors.length, ...t.errors.filter((error) => !/ERR_CONNECTION_RESET/.test(error)))
    expectNoErrors(t)
  })
})
