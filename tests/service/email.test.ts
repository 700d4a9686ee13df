import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import ICAL from 'ical.js'
import { afterEach, describe, expect, it } from 'vitest'
import { startService, type RunningService } from '../../forms-service/service.js'
import type { Analysis } from '../../site/content/schemas.js'
import { fixtureJson } from '../fixtures/fixture.js'
import {
  adminPassword,
  exited,
  freshStore,
  json,
  silentLogger,
  spawnService,
  storeEnv,
  unsubscribeSecret,
  validConsultation,
  validContact,
  testServiceOptions,
  adminHeader,
} from './helpers.js'
import { freePort, silentServer, startSmtp, type TestSmtp } from './smtp.js'

const notifyTo = 'leads@agency.example.com'
const analysis = fixtureJson<Analysis>('analysis.json')

const running: RunningService[] = []
afterEach(async () => {
  for (const service of running.splice(0)) await service.close()
})

async function service(smtpUrl: string | null, where?: { dataFile: string; databaseUrl: string | null }) {
  const { dataFile, databaseUrl } = where ?? (await freshStore())
  const started = await startService(
    { ...testServiceOptions, dataFile, databaseUrl, smtpUrl, notifyTo, sendEmails: true },
    { logger: silentLogger, sender: { retryBaseMs: 100, retryMaxMs: 400 } },
  )
  running.push(started)
  return started
}

const admin = (url: string, pathname: string, init: RequestInit = {}) => fetch(`${url}${pathname}`, { ...init, headers: { ...adminHeader, ...init.headers } })

async function emailsOf(url: string, inbox: 'consultations' | 'messages', id: string) {
  const record = (await (await admin(url, `/api/admin/${inbox}/${id}`)).json()) as {
    emails: Array<{ id: string; kind: string; state: string; attempts: number; lastError?: string }>
  }
  return record.emails
}

/** A header as sent, its folded lines joined (RFC 5322 §2.2.3). */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim()
}

const byRecipient = (smtp: TestSmtp, address: string) => smtp.received.filter((mail) => mail.recipients.includes(address))

/**
 * The outbox's emails about the test's records: a sending service also queues the morning digests of the
 * coming working days (forms-service/digest/), which are due later and about a day, not a record.
 */
const ofRecords = <E extends { kind: string }>(emails: E[]) => emails.filter((email) => email.kind !== 'morning-digest')

describe('emails of a consultation request', () => {
  it('notifies the agency with every field (Reply-To the visitor) and confirms to the visitor with an .ics in Dallas time', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp.url)
    const request = validConsultation({ timeSlot: 'afternoon', message: 'We sell cupcakes.' })
    const res = await json(`${url}/api/consultation`, request)
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: string }
    await smtp.waitFor(2)
    const [notification] = byRecipient(smtp, notifyTo)
    const [confirmation] = byRecipient(smtp, request.email)
    expect(smtp.received).toHaveLength(2)

    expect(notification!.parsed.replyTo?.value).toEqual([{ address: request.email, name: request.contactName }])
    for (const value of [request.businessName, request.website, request.contactName, request.email, request.phone, request.message, 'Website Design']) {
      expect(notification!.parsed.text).toContain(value)
    }
    expect(notification!.parsed.html).toContain(request.businessName)

    expect(confirmation!.parsed.to).toMatchObject({ value: [{ address: request.email, name: request.contactName }] })
    for (const figure of [analysis.meetingLength, analysis.reportWithin]) expect(confirmation!.parsed.text).toContain(figure)
    expect(confirmation!.parsed.html).toMatch(/<html/i)
    const ics = confirmation!.parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar')
    expect(ics).toBeDefined()
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!)
    const start = event.startDate
    // The afternoon slot begins at 1 PM in Dallas on the requested day, whatever the season.
    const inDallas = new Date(start.toJSDate()).toLocaleString('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      hour12: false,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    const [month, day, year] = request.date.split('-').slice(1).concat(request.date.split('-')[0]!)
    expect(inDallas).toBe(`${month}/${day}/${year}, 13`)
    // The meeting itself: the first start of the afternoon, 30 minutes, confirmed.
    expect(event.endDate.toJSDate().getTime() - start.toJSDate().getTime()).toBe(30 * 60_000)
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED')

    // Both are recorded as sent on the request; the reminder waits for the day before.
    await expect
      .poll(async () => (await emailsOf(url, 'consultations', id)).filter((email) => email.kind !== 'meeting-reminder').map((email) => email.state))
      .toEqual(['sent', 'sent'])
  })

  it('refuses line breaks in a name, and keeps those of a message out of the headers', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp.url)
    const hostile = validConsultation({ contactName: 'Ann\r\nBcc: victim@evil.example', businessName: 'Bakery\nSubject: spoofed' })
    const refused = await json(`${url}/api/consultation`, hostile)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({
      contactName: 'Contact name contains invisible or control characters',
      businessName: 'Business name contains invisible or control characters',
    })
    const message = validConsultation({ message: 'Hi\r\nBcc: victim@evil.example\r\nSubject: spoofed' })
    expect((await json(`${url}/api/consultation`, message)).status).toBe(201)
    await smtp.waitFor(2)
    for (const mail of smtp.received) {
      expect(mail.recipients).not.toContain('victim@evil.example')
      expect(mail.parsed.bcc).toBeUndefined()
      const head = mail.raw.split(/\r?\n\r?\n/)[0]!
      expect(head).not.toMatch(/^Bcc:/im)
      expect(head).not.toMatch(/^Subject: spoofed/im)
    }
    expect(byRecipient(smtp, notifyTo)[0]!.parsed.text).toContain('Bcc: victim@evil.example')
  })
})

describe('emails of a contact message and a subscription', () => {
  it('notifies the agency and acknowledges the visitor', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp.url)
    const message = validContact({ message: 'Can you fix our booking page?' })
    expect((await json(`${url}/api/contact`, message)).status).toBe(201)
    await smtp.waitFor(2)
    const [notification] = byRecipient(smtp, notifyTo)
    const [acknowledgement] = byRecipient(smtp, message.email)
    expect(notification!.parsed.replyTo?.value[0]?.address).toBe(message.email)
    for (const value of [message.name, message.business, message.email, message.phone, message.message]) expect(notification!.parsed.text).toContain(value)
    expect(acknowledgement!.parsed.text).toContain("We'll reach out within 24 hours")
  })

  it('welcomes a new subscriber once, with a one-click unsubscribe that works, and refuses forged tokens', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp.url)
    expect((await json(`${url}/api/newsletter-subscription`, { email: 'reader@example.com' })).status).toBe(201)
    expect((await json(`${url}/api/newsletter-subscription`, { email: 'Reader@example.com' })).status).toBe(201)
    const [welcome] = await smtp.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(1)
    expect(headerOf(welcome!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const oneClick = /^<([^>]+)>$/.exec(headerOf(welcome!.raw, 'List-Unsubscribe')!)![1]!
    expect(oneClick.startsWith(`${url}/api/newsletter/unsubscribe?token=`)).toBe(true)
    const pageLink = /https?:\/\/\S+\/unsubscribe\/\?token=[^\s)"<>\]]+/.exec(welcome!.parsed.text!)![0]
    expect(new URL(pageLink).searchParams.get('token')).toBe(new URL(oneClick).searchParams.get('token'))

    const token = new URL(oneClick).searchParams.get('token')!
    const forged = token.replace(/.$/, (char) => (char === 'A' ? 'B' : 'A'))
    const post = (target: string) =>
      fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
    expect((await post(`${url}/api/newsletter/unsubscribe?token=${encodeURIComponent(forged)}`)).status).toBe(400)
    expect((await post(`${url}/api/newsletter/unsubscribe?token=not-a-token`)).status).toBe(400)
    expect(((await (await admin(url, '/api/admin/newsletter-subscribers')).json()) as unknown[]).length).toBe(1)
    expect((await post(oneClick)).status).toBe(200)
    expect(await (await admin(url, '/api/admin/newsletter-subscribers')).json()).toEqual([])
    // Used again (a second click, a retrying mail provider): harmless.
    expect((await json(`${url}/api/newsletter/unsubscribe`, { token })).status).toBe(200)
  })
})

describe('delivery', () => {
  it('answers the POST at once while SMTP is down, then delivers once when it is back', async () => {
    const port = await freePort()
    const { url } = await service(`smtp://127.0.0.1:${port}`)
    const started = performance.now()
    const res = await json(`${url}/api/contact`, validContact())
    expect(res.status).toBe(201)
    expect(performance.now() - started).toBeLessThan(1000)
    const { id } = (await res.json()) as { id: string }
    await expect
      .poll(async () =>
        (await emailsOf(url, 'messages', id)).every(
          (email) => email.state === 'queued' && email.attempts >= 1 && /ECONNREFUSED|connect/i.test(email.lastError ?? ''),
        ),
      )
      .toBe(true)
    const smtp = await startSmtp({ port })
    await smtp.waitFor(2)
    await expect.poll(async () => (await emailsOf(url, 'messages', id)).map((email) => email.state)).toEqual(['sent', 'sent'])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.received).toHaveLength(2)
  })

  it('marks a permanent refusal as failed; Resend sends it once the address is accepted', async () => {
    let refusing = true
    const smtp = await startSmtp({ refuse: (recipient) => refusing && recipient === 'bounce@example.com' })
    const { url } = await service(smtp.url)
    const res = await json(`${url}/api/contact`, validContact({ email: 'bounce@example.com' }))
    const { id } = (await res.json()) as { id: string }
    await expect
      .poll(async () => (await emailsOf(url, 'messages', id)).map((email) => [email.kind, email.state]))
      .toEqual([
        ['contact-notification', 'sent'],
        ['contact-acknowledgement', 'failed'],
      ])
    const failed = (await emailsOf(url, 'messages', id))[1]!
    expect(failed.lastError).toMatch(/550/)
    expect(failed.attempts).toBe(1)
    refusing = false
    const resend = await admin(url, `/api/admin/emails/${failed.id}/resend`, { method: 'POST' })
    expect(resend.status).toBe(202)
    await expect.poll(async () => (await emailsOf(url, 'messages', id))[1]!.state).toBe('sent')
    expect(byRecipient(smtp, 'bounce@example.com')).toHaveLength(1)
  })

  it('without SMTP_URL writes each email as an .eml file that the admin outbox lists and shows', async () => {
    const where = await freshStore()
    const { dataFile } = where
    const { url } = await service(null, where)
    expect((await json(`${url}/api/newsletter-subscription`, { email: 'reader@example.com' })).status).toBe(201)
    await expect
      .poll(async () =>
        ofRecords(((await (await admin(url, '/api/admin/outbox')).json()) as { items: Array<{ kind: string; state: string }> }).items).map(
          (email) => email.state,
        ),
      )
      .toEqual(['sent'])
    const listed = (await (await admin(url, '/api/admin/outbox')).json()) as {
      delivery: string
      items: Array<{ id: string; kind: string; file: string; to: string; subject: string }>
    }
    const outbox = { ...listed, items: ofRecords(listed.items) }
    expect(outbox.delivery).toBe('folder')
    expect(outbox.items).toHaveLength(1)
    expect(outbox.items[0]!.to).toBe('reader@example.com')
    const files = await readdir(path.join(path.dirname(dataFile), 'outbox'))
    expect(files).toEqual([outbox.items[0]!.file])
    const shown = await admin(url, `/api/admin/outbox/${outbox.items[0]!.id}/message`)
    expect(shown.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await shown.text()
    expect(text).toBe(await readFile(path.join(path.dirname(dataFile), 'outbox', files[0]!), 'utf8'))
    expect(text).toMatch(/^To: reader@example\.com$/m)
    expect(text).toContain(`Subject: ${outbox.items[0]!.subject}`)
    for (const query of ['state=lost', 'limit=0', 'page=2']) expect((await admin(url, `/api/admin/outbox?${query}`)).status).toBe(400)
    expect((await fetch(`${url}/api/admin/outbox`)).status).toBe(401)
  })

  it('sends the emails queued before a kill -9, after the restart, each once', async () => {
    // A mail server that accepts the connection and then says nothing: the sends hang until the kill.
    const hung = await silentServer()
    // On PostgreSQL the killed process's claims on its emails last MAIL_LEASE_SECONDS.
    const env = {
      PORT: '0',
      ...(await storeEnv()),
      ADMIN_PASSWORD: adminPassword,
      UNSUBSCRIBE_SECRET: unsubscribeSecret,
      NOTIFY_TO: notifyTo,
      MAIL_LEASE_SECONDS: '2',
    }
    const first = await spawnService({ ...env, SMTP_URL: hung.url })
    for (let i = 0; i < 3; i++) expect((await json(`${first.url}/api/contact`, validContact({ email: `visitor${i}@example.com` }))).status).toBe(201)
    first.child.kill('SIGKILL')
    await exited(first.child)
    await hung.close()

    const smtp = await startSmtp()
    const second = await spawnService({ ...env, SMTP_URL: smtp.url })
    await smtp.waitFor(6)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.received).toHaveLength(6)
    const ids = smtp.received.map((mail) => mail.parsed.messageId)
    expect(new Set(ids).size).toBe(6)
    const outbox = (await (await admin(second.url, '/api/admin/outbox')).json()) as { items: Array<{ kind: string; state: string }> }
    expect(ofRecords(outbox.items).map((email) => email.state)).toEqual(Array(6).fill('sent'))
  })
})
