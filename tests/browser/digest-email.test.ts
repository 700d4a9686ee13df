import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { pino } from 'pino'
import { chromium } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultConfig } from '../../forms-service/config'
import { startService, type RunningService } from '../../forms-service/service'
import { fixtureContentDir } from '../fixtures/fixture'
import { expectAccessible } from './harness'
import { chromiumLaunchOptions } from '../../scripts/page-weight/browserWeight'
import { clockAt } from '../clock'

// The morning digest as the agency reads it, from the local outbox's .eml (MAIL_DELIVERY=folder), in
// Chromium at a phone's, a tablet's and a desktop's width: a normal day fits a screen or two of a phone.

const siteUrl = 'https://agency.example.com'
const widths = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
]

let service: RunningService | undefined
const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'digest-outbox-'))

/** Monday's digest of a normal day, as the local outbox holds it. */
async function mondayDigest() {
  // Friday, October 30, 2026, 10:00 CDT; Monday's digest at 8:00 CST, after the clocks went back.
  const clock = clockAt('2026-10-30T15:00:00Z')
  service = await startService(
    {
      port: 0,
      siteDir: null,
      contentDir: fixtureContentDir,
      dataFile: path.join(outboxDir, 'db.json'),
      outboxDir: path.join(outboxDir, 'mail'),
      mailDelivery: 'folder',
      sendEmails: true,
      siteUrl,
      adminPassword: 'test-password',
      rateLimitPerMinute: 0,
      bookingsPerAddressPerDay: 0,
      bookingsPerNetworkPerDay: 0,
      bookingChallenge: { ...defaultConfig.bookingChallenge, perHour: 0 },
      availabilityPerMinute: 0,
      logLevel: 'silent',
    },
    { logger: pino({ level: 'silent' }), now: clock.now, sender: { pollMs: 50 } },
  )
  const { url } = service
  const post = async (kind: 'consultation' | 'contact', body: Record<string, unknown>) => {
    const res = await fetch(`${url}/api/${kind}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    expect(res.status).toBe(201)
  }
  const contact = (i: number, business: string) =>
    post('contact', { name: `Person ${i}`, email: `p${i}@example.com`, phone: '(214) 555-0142', business, service: 'website', message: 'Hello' })
  const consultation = (i: number, business: string, date: string, timeSlot: string) =>
    post('consultation', {
      businessName: business,
      website: 'https://example.com',
      contactName: `Contact ${i}`,
      email: `c${i}@example.com`,
      phone: '+1 214 555 0147',
      serviceInterest: 'website-design',
      date,
      timeSlot,
      message: 'We need a new site.',
    })
  // A normal day: two leads left unanswered on Friday, three meetings on Monday, four new over the weekend.
  await contact(1, 'Friday Deli')
  clock.set('2026-10-30T15:05:00Z')
  await consultation(2, 'Friday Bakery', '2026-11-02', 'morning')
  clock.set('2026-10-31T16:00:00Z')
  await consultation(3, 'Saturday Florist', '2026-11-02', 'afternoon')
  await consultation(4, 'Saturday Tailor', '2026-11-02', 'evening')
  clock.set('2026-11-02T02:00:00Z')
  for (const [i, name] of ['Sunday Cafe', 'Sunday Garage'].entries()) await contact(10 + i, name)
  clock.set('2026-11-02T14:00:00Z')
  const file = async () => {
    for (const name of await fs.readdir(path.join(outboxDir, 'mail')).catch(() => [])) {
      // `.name.tmp`: an email still being written, renamed when whole.
      if (name.startsWith('.')) continue
      const mail = await simpleParser(await fs.readFile(path.join(outboxDir, 'mail', name)))
      if (mail.subject?.startsWith('Morning digest, Monday, November 2')) return mail
    }
    return null
  }
  await expect.poll(file, { timeout: 15_000 }).not.toBeNull()
  const mail = (await file())!
  return { html: String(mail.html), text: String(mail.text) }
}

afterAll(async () => {
  await service?.close()
  await fs.rm(outboxDir, { recursive: true, force: true })
})

describe('the morning digest in a browser', () => {
  it('reads in the order the agency acts, fits a screen or two of a phone, and is accessible at 375, 768 and 1440 px', async () => {
    const { html, text } = await mondayDigest()
    expect(text.indexOf('Friday Deli')).toBeLessThan(text.indexOf('9:00 AM CST: Friday Bakery'))
    expect(text.indexOf('9:00 AM CST: Friday Bakery')).toBeLessThan(text.indexOf('Sunday Cafe'))
    const browser = await chromium.launch(chromiumLaunchOptions)
    try {
      for (const viewport of widths) {
        const context = await browser.newContext({ viewport })
        const page = await context.newPage()
        await page.setContent(html)
        if (process.env.DIGEST_SHOT) await page.screenshot({ path: `/tmp/digest-${viewport.width}.png`, fullPage: true })
        const size = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth }))
        // Nothing wider than the screen, and at most two screens tall.
        expect(size.width).toBeLessThanOrEqual(viewport.width)
        expect(size.height, `${viewport.width} px`).toBeLessThanOrEqual(2 * viewport.height)
        // What needs an answer is on the first screen.
        const first = await page.getByRole('link', { name: /Friday Deli/ }).boundingBox()
        expect(first!.y + first!.height).toBeLessThanOrEqual(viewport.height)
        await expectAccessible(page)
        await context.close()
      }
    } finally {
      await browser.close()
    }
  })
})
