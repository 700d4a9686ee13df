import { afterEach, describe, expect, it } from 'vitest'
import { readConfig } from '../../forms-service/config.js'
import { startService, type RunningService } from '../../forms-service/service.js'
import {
  freshStore,
  json,
  metricSample,
  onPostgres,
  outboxEmails as outbox,
  silentLogger,
  testServiceOptions,
  validConsultation,
  validContact,
  adminHeader,
} from './helpers.js'
import { startSmtp, type TestSmtp } from './smtp.js'

// The outbox's rules for visitor addresses (forms-service/outbox/recipients.ts): at most
// MAIL_PER_RECIPIENT_PER_DAY emails a day to an address that never used a link of ours, nothing to one
// that unsubscribed or bounced, and the agency's own mail never held.

const notifyTo = 'leads@agency.example.com'
const metricsToken = 'a-metrics-token-of-32-characters-or-more'

const running: RunningService[] = []
afterEach(async () => {
  for (const service of running.splice(0)) await service.close()
})

async function service(smtp: TestSmtp, options: { perDay?: number; now?: () => Date; where?: Awaited<ReturnType<typeof freshStore>> } = {}) {
  const { dataFile, databaseUrl } = options.where ?? (await freshStore())
  const started = await startService(
    {
      ...testServiceOptions,
      dataFile,
      databaseUrl,
      smtpUrl: smtp.url,
      notifyTo,
      sendEmails: true,
      metricsToken,
      ...(options.perDay === undefined ? {} : { mailPerRecipientPerDay: options.perDay }),
    },
    { logger: silentLogger, sender: { retryBaseMs: 100, retryMaxMs: 400, pollMs: 200 }, ...(options.now ? { now: options.now } : {}) },
  )
  running.push(started)
  return started
}

/** The emails the SMTP server was asked to deliver to the address `to` (as spelled in the envelope, any case). */
const deliveredTo = (smtp: TestSmtp, to: string) => smtp.received.filter((mail) => mail.recipients.some((address) => address.toLowerCase() === to))

/** Sends a contact message in the name of `email`: an acknowledgement to it, a notification to the agency. */
async function message(url: string, email: string) {
  expect((await json(`${url}/api/contact`, validContact({ email }))).status).toBe(201)
}

const metric = (url: string, sample: string) => metricSample(url, metricsToken, sample)

/** Waits until the outbox has nothing queued but the reminders and digests, which fall due later. */
const settled = (url: string) =>
  expect.poll(async () => (await outbox(url, 'queued')).filter((email) => email.kind !== 'meeting-reminder').length, { timeout: 20_000 }).toBe(0)

describe('the cap on emails to one visitor address', () => {
  it('sends a stranger 5 of 10 emails in 24 hours, holds the rest as too many, and sends every notification to the agency', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp)
    // A booking and nine messages in one stranger's name, spelled four ways: one address (contact/person.ts).
    // Messages rather than ten bookings: the booking's own cap per person (one upcoming meeting) refuses a second.
    const spellings = ['victim@example.net', 'Victim@Example.NET', 'victim+bakery@example.net', ' victim@example.net ']
    expect((await json(`${url}/api/consultation`, validConsultation({ email: spellings[0] }))).status).toBe(201)
    for (let i = 1; i < 10; i++) await message(url, spellings[i % spellings.length]!)
    await settled(url)

    const visitorEmails = (await outbox(url)).filter((email) => email.to?.toLowerCase().includes('victim'))
    expect(visitorEmails).toHaveLength(10)
    expect(visitorEmails.filter((email) => email.state === 'sent')).toHaveLength(5)
    const held = visitorEmails.filter((email) => email.state === 'held')
    expect(held).toHaveLength(5)
    for (const email of held) expect(email.heldFor).toBe('recipient-cap')
    expect(await outbox(url, 'held')).toHaveLength(5)
    expect(deliveredTo(smtp, 'victim@example.net').length + deliveredTo(smtp, 'victim+bakery@example.net').length).toBe(5)
    // The agency hears of every one of them.
    expect(deliveredTo(smtp, notifyTo)).toHaveLength(10)
    expect(await metric(url, 'forms_emails_held_total{reason="recipient-cap"}')).toBe(5)
    expect(await metric(url, 'forms_outbox_emails{state="held"}')).toBe(5)

    // The admin's Resend is a person's decision: it goes.
    const [first] = (await (await fetch(`${url}/api/admin/outbox?state=held&limit=1`, { headers: adminHeader })).json()).items as Array<{ id: string }>
    expect((await fetch(`${url}/api/admin/emails/${first!.id}/resend`, { method: 'POST', headers: adminHeader })).status).toBe(202)
    await settled(url)
    expect(deliveredTo(smtp, 'victim@example.net').length + deliveredTo(smtp, 'victim+bakery@example.net').length).toBe(6)
    expect(await outbox(url, 'held')).toHaveLength(4)
  })

  it('counts 24 elapsed hours across the end of daylight saving time, then sends again', async () => {
    const smtp = await startSmtp()
    // Saturday noon in Dallas, the day before clocks go back (2026-11-01 02:00 CDT -> 01:00 CST).
    let clock = Date.parse('2026-10-31T12:00:00-05:00')
    const { url } = await service(smtp, { perDay: 2, now: () => new Date(clock) })
    for (let i = 0; i < 3; i++) await message(url, 'stranger@example.org')
    await settled(url)
    expect(deliveredTo(smtp, 'stranger@example.org')).toHaveLength(2)

    // Sunday 10:30 CST: 23.5 hours elapsed (12:00 CDT is 11:00 CST).
    clock = Date.parse('2026-11-01T10:30:00-06:00')
    await message(url, 'stranger@example.org')
    await settled(url)
    expect(deliveredTo(smtp, 'stranger@example.org')).toHaveLength(2)
    expect((await outbox(url, 'held')).map((email) => email.heldFor)).toEqual(['recipient-cap', 'recipient-cap'])

    // Sunday 11:30 CST: 24.5 hours elapsed, though the wall clock has not yet come round to noon.
    clock = Date.parse('2026-11-01T11:30:00-06:00')
    await message(url, 'stranger@example.org')
    await settled(url)
    expect(deliveredTo(smtp, 'stranger@example.org')).toHaveLength(3)
  })

  it.runIf(onPostgres)('counts the same emails on two replicas sharing the database', async () => {
    const smtp = await startSmtp()
    const where = await freshStore()
    const replicas = [await service(smtp, { where }), await service(smtp, { where })]
    // Both replicas send at once, each its own requests' emails and any other's due.
    await Promise.all(Array.from({ length: 12 }, (_, i) => message(replicas[i % 2]!.url, 'shared@example.org')))
    await settled(replicas[0]!.url)
    expect(deliveredTo(smtp, 'shared@example.org')).toHaveLength(5)
    expect(await outbox(replicas[1]!.url, 'held')).toHaveLength(7)
    expect(deliveredTo(smtp, notifyTo)).toHaveLength(12)
  })

  it('never caps an address that opened its meeting page from a link of ours', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp)
    const email = 'owner@bakery.example.com'
    expect((await json(`${url}/api/consultation`, validConsultation({ email }))).status).toBe(201)
    const [confirmation] = await expect
      .poll(() => deliveredTo(smtp, email))
      .toHaveLength(1)
      .then(() => deliveredTo(smtp, email))
    const token = /[?&]token=([\w.%-]+)/.exec(confirmation!.parsed.text ?? '')?.[1]
    expect(token).toBeDefined()
    const page = await fetch(`${url}/api/meeting?token=${token}`)
    expect(page.status).toBe(200)

    for (let i = 0; i < 7; i++) await message(url, email)
    await settled(url)
    expect(deliveredTo(smtp, email)).toHaveLength(8)
    expect(await outbox(url, 'held')).toEqual([])
  })

  it('is off with 0, and an empty MAIL_PER_RECIPIENT_PER_DAY is the default of 5', async () => {
    expect(readConfig({ MAIL_PER_RECIPIENT_PER_DAY: '' }).mailPerRecipientPerDay).toBe(5)
    expect(readConfig({}).mailPerRecipientPerDay).toBe(5)
    expect(readConfig({ MAIL_PER_RECIPIENT_PER_DAY: '0' }).mailPerRecipientPerDay).toBe(0)
    expect(() => readConfig({ MAIL_PER_RECIPIENT_PER_DAY: 'five' })).toThrow(/MAIL_PER_RECIPIENT_PER_DAY must be a whole number/)

    const smtp = await startSmtp()
    const { url } = await service(smtp, { perDay: 0 })
    for (let i = 0; i < 8; i++) await message(url, 'busy@example.org')
    await settled(url)
    expect(deliveredTo(smtp, 'busy@example.org')).toHaveLength(8)
    expect(await outbox(url, 'held')).toEqual([])
  })
})

describe('the suppression list', () => {
  it('sends nothing more to an address that unsubscribed, while the agency still hears of its request', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp)
    const email = 'reader@example.org'
    expect((await json(`${url}/api/newsletter-subscription`, { email })).status).toBe(201)
    await expect.poll(() => deliveredTo(smtp, email)).toHaveLength(1)
    const head = deliveredTo(smtp, email)[0]!
      .raw.split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ')
    const oneClick = /^List-Unsubscribe: <([^>]+)>/im.exec(head)?.[1]
    expect(oneClick).toBeDefined()
    const unsubscribed = await fetch(oneClick!.replace(/^https?:\/\/[^/]+/, url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(unsubscribed.status).toBe(200)

    // The same person, spelled otherwise, books: the POST and the record are as ever.
    const booked = await json(`${url}/api/consultation`, validConsultation({ email: 'Reader+web@Example.org' }))
    expect(booked.status).toBe(201)
    await settled(url)
    expect(deliveredTo(smtp, email)).toHaveLength(1)
    expect(deliveredTo(smtp, 'reader+web@example.org')).toHaveLength(0)
    expect((await outbox(url, 'held')).map((held) => [held.kind, held.heldFor])).toEqual([['consultation-confirmation', 'suppressed']])
    expect(deliveredTo(smtp, notifyTo)).toHaveLength(1)
    expect(await metric(url, 'forms_emails_held_total{reason="suppressed"}')).toBe(1)
  })

  it('suppresses an address its mail server refused for good (550), and never the agency', async () => {
    const smtp = await startSmtp({ refuse: (address) => address === 'gone@example.org' })
    const { url } = await service(smtp)
    await message(url, 'gone@example.org')
    await settled(url)
    expect((await outbox(url, 'failed')).map((email) => email.kind)).toEqual(['contact-acknowledgement'])

    await message(url, 'gone@example.org')
    await settled(url)
    expect((await outbox(url, 'held')).map((email) => [email.kind, email.heldFor])).toEqual([['contact-acknowledgement', 'suppressed']])
    // One refused attempt in all: the second email was never offered to the server.
    expect((await outbox(url, 'failed')).length).toBe(1)
    expect(deliveredTo(smtp, notifyTo)).toHaveLength(2)
  })
})
