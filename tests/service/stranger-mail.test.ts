import { afterEach, describe, expect, it } from 'vitest'
import type { StrangerMailBudgets } from '../../forms-service/config.js'
import { startService, type RunningService } from '../../forms-service/service.js'
import {
  freshStore,
  metricSample,
  onPostgres,
  type OutboxEmail,
  outboxEmails as outbox,
  silentLogger,
  testServiceOptions,
  validContact,
  adminHeader,
} from './helpers.js'
import { startSmtp, type TestSmtp } from './smtp.js'

// The budgets of emails to strangers (forms-service/outbox/recipients.ts): the forms cannot be made to
// mail addresses that never used a link of ours in bulk, per client, per network and per hour. Past a
// budget the record is stored and answered as usual; only its email is held, for the agency to release.

const notifyTo = 'leads@agency.example.com'
const metricsToken = 'a-metrics-token-of-32-characters-or-more'

const running: RunningService[] = []
afterEach(async () => {
  for (const service of running.splice(0)) await service.close()
})

interface Options {
  budgets: Partial<StrangerMailBudgets>
  perRecipient?: number
  now?: () => Date
  where?: Awaited<ReturnType<typeof freshStore>>
}

/** A sending service behind one trusted proxy, so that each test says which client a post comes from. */
async function service(smtp: TestSmtp, { budgets, perRecipient = 0, now, where }: Options) {
  const { dataFile, databaseUrl } = where ?? (await freshStore())
  const started = await startService(
    {
      ...testServiceOptions,
      dataFile,
      databaseUrl,
      smtpUrl: smtp.url,
      notifyTo,
      sendEmails: true,
      metricsToken,
      trustProxy: 1,
      mailPerRecipientPerDay: perRecipient,
      strangerMail: { perClientPerDay: 0, perNetworkPerDay: 0, perHour: 0, ...budgets },
    },
    { logger: silentLogger, sender: { retryBaseMs: 100, retryMaxMs: 400, pollMs: 200 }, ...(now ? { now } : {}) },
  )
  running.push(started)
  return started
}

const post = (url: string, path: string, body: object, client: string) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client }, body: JSON.stringify(body) })

/** Subscribes `email` from the client address `client`: 201, and a welcome email owed to `email`. */
async function subscribe(url: string, email: string, client: string) {
  expect((await post(url, '/api/newsletter-subscription', { email }, client)).status).toBe(201)
}

const settled = (url: string) => expect.poll(async () => (await outbox(url, 'queued')).length, { timeout: 20_000 }).toBe(0)

const metric = (url: string, sample: string) => metricSample(url, metricsToken, sample)

const reasons = (emails: OutboxEmail[]) => emails.map((email) => email.heldFor).sort()

describe('emails to strangers, budgeted', () => {
  it('per client: one address makes the service welcome 4 strangers of 7; another client still gets its welcome; every sign-up is stored', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp, { budgets: { perClientPerDay: 4 } })
    for (let i = 0; i < 7; i++) await subscribe(url, `stranger${i}@example.net`, '203.0.113.7')
    await subscribe(url, 'honest@example.org', '198.51.100.20')
    await settled(url)

    expect(smtp.received).toHaveLength(5)
    const held = await outbox(url, 'held')
    expect(reasons(held)).toEqual(Array(3).fill('client-budget'))
    expect(smtp.received.some((mail) => mail.recipients.includes('honest@example.org'))).toBe(true)
    const subscribers = await (await fetch(`${url}/api/admin/newsletter-subscribers`, { headers: adminHeader })).json()
    expect(subscribers).toHaveLength(8)
    expect(await metric(url, 'forms_emails_held_total{reason="client-budget"}')).toBe(3)

    // The agency releases one from the Outbox: a person's decision, it goes.
    expect((await fetch(`${url}/api/admin/emails/${held[0]!.id}/resend`, { method: 'POST', headers: adminHeader })).status).toBe(202)
    await settled(url)
    expect(smtp.received).toHaveLength(6)
    expect(await outbox(url, 'held')).toHaveLength(2)
  })

  it('per network: the addresses of one /24 (and the /64s of one IPv6 /56) share one budget', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp, { budgets: { perClientPerDay: 3, perNetworkPerDay: 5 } })
    for (let i = 0; i < 8; i++) await subscribe(url, `v4-${i}@example.net`, `203.0.113.${i + 1}`)
    for (let i = 0; i < 8; i++) await subscribe(url, `v6-${i}@example.net`, `2001:db8:5:${(i + 1).toString(16)}::1`)
    await settled(url)
    expect(smtp.received).toHaveLength(10)
    expect(reasons(await outbox(url, 'held'))).toEqual(Array(6).fill('network-budget'))
  })

  it('per hour, for the whole service: strangers wait past it, the agency never does, and the next hour sends again', async () => {
    const smtp = await startSmtp()
    let clock = Date.parse('2026-12-02T15:00:00Z')
    const { url } = await service(smtp, { budgets: { perHour: 3 }, now: () => new Date(clock) })
    // Five messages from five networks: five acknowledgements to strangers, five notifications to the agency.
    for (let i = 0; i < 5; i++) expect((await post(url, '/api/contact', validContact({ email: `writer${i}@example.net` }), `198.51.${i}.9`)).status).toBe(201)
    await settled(url)
    const toAgency = () => smtp.received.filter((mail) => mail.recipients.includes(notifyTo))
    expect(toAgency()).toHaveLength(5)
    expect(smtp.received.length - toAgency().length).toBe(3)
    expect(reasons(await outbox(url, 'held'))).toEqual(['hourly-budget', 'hourly-budget'])
    expect(await metric(url, 'forms_emails_held_total{reason="hourly-budget"}')).toBe(2)

    clock += 61 * 60_000
    expect((await post(url, '/api/contact', validContact({ email: 'later@example.net' }), '192.0.2.1')).status).toBe(201)
    await settled(url)
    expect(smtp.received.some((mail) => mail.recipients.includes('later@example.net'))).toBe(true)
  })

  it('folds every spelling the mailer sends to one mailbox before the cap per recipient counts it', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp, { budgets: {}, perRecipient: 2 })
    // The ideographic full stop is folded too (contract/booking/person.test.ts), but the form asks for an ASCII dot after the @.
    const spellings = ['name@ｅxample.com', 'name@example.com.', 'ｎａｍｅ@EXAMPLE.com', 'name@example..com', 'Name+x@ＥＸＡＭＰＬＥ.com']
    for (const [i, email] of spellings.entries()) {
      expect((await post(url, '/api/contact', validContact({ email }), `198.51.100.${i + 1}`)).status).toBe(201)
    }
    await settled(url)
    const toVisitor = smtp.received.filter((mail) => !mail.recipients.includes(notifyTo))
    expect(toVisitor).toHaveLength(2)
    expect(reasons(await outbox(url, 'held'))).toEqual(Array(spellings.length - 2).fill('recipient-cap'))
  })

  it.runIf(onPostgres)('holds across two replicas on one database: 12 sign-ups from 12 networks, 4 welcomes an hour in all', async () => {
    const where = await freshStore()
    const smtp = await startSmtp()
    const replicas = [await service(smtp, { budgets: { perHour: 4 }, where }), await service(smtp, { budgets: { perHour: 4 }, where })]
    await Promise.all(Array.from({ length: 12 }, (_, i) => subscribe(replicas[i % 2]!.url, `reader${i}@example.net`, `192.0.${i}.1`)))
    for (const { url } of replicas) await settled(url)
    expect(smtp.received).toHaveLength(4)
    expect(await outbox(replicas[0]!.url, 'held')).toHaveLength(8)
  })
})
