import { readFile } from 'node:fs/promises'
import path from 'node:path'
import ICAL from 'ical.js'
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser'
import MailComposer from 'nodemailer/lib/mail-composer'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixtureContentDir as contentDir } from '../fixtures/fixture.js'
import type { ConsultationRecord, ContactRecord } from '../../forms-service/store/records.js'
import {
  consultationConfirmation,
  consultationNotification,
  contactAcknowledgement,
  contactNotification,
  welcomeEmail,
  type EmailContext,
  type OutgoingEmail,
} from '../../forms-service/email/messages.js'

// Both emails of a form, the agency's then the visitor's, each as its row of outbox/kinds.ts renders it.
const consultationEmails = (record: ConsultationRecord, context: EmailContext) => [
  consultationNotification(record, context),
  consultationConfirmation(record, context),
]
const contactEmails = (record: ContactRecord, context: EmailContext) => [contactNotification(record, context), contactAcknowledgement(record, context)]
import { loadEmailTemplates } from '../../contract/content/emails/templates.js'
import { verifyUnsubscribeToken } from '../../forms-service/email/unsubscribe.js'
import { tokenOpens } from '../../forms-service/email/meetingLinks.js'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'

let context: EmailContext
let analysis: { meetingLength: string; reportWithin: string; format: string }
let contactSuccess: string

const consultation: ConsultationRecord = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  receivedAt: '2026-11-24T16:05:00.000Z',
  businessName: 'Eve Bakery',
  website: '',
  contactName: 'Eve Example',
  email: 'eve@example.com',
  phone: '(214) 555-0100',
  serviceInterest: 'ai-agents',
  date: '2026-12-01',
  timeSlot: 'morning',
  message: 'We bake.\nWe want more orders.',
  // 9:30 to 10:00 on Tuesday, December 1, 2026, in Dallas (standard time, UTC-6).
  meeting: {
    id: 'c0ffee00-0000-4000-8000-0000000000aa',
    start: '2026-12-01T15:30:00.000Z',
    end: '2026-12-01T16:00:00.000Z',
    state: 'booked',
    sequence: 0,
    history: [{ at: '2026-11-24T16:05:00.000Z', state: 'booked', start: '2026-12-01T15:30:00.000Z' }],
  },
}
const contact: ContactRecord = {
  id: 'c0ffee00-0000-4000-8000-000000000002',
  receivedAt: '2026-11-24T16:05:00.000Z',
  name: 'Bob Example',
  email: 'bob@example.com',
  phone: '214-555-0101',
  business: 'Bob Plumbing',
  service: 'automation',
}

/** The message as an SMTP server would receive it: nodemailer writes it, mailparser reads it. */
async function sent(email: OutgoingEmail): Promise<{ mail: ParsedMail; envelope: { from: string | false; to: string[] } }> {
  const { kind: _kind, ...options } = email
  const node = new MailComposer(options).compile()
  return { mail: await simpleParser(await node.build()), envelope: node.getEnvelope() }
}

const addresses = (field: AddressObject | AddressObject[] | undefined) => [field ?? []].flat().flatMap((object) => object.value)
const header = (mail: ParsedMail, name: string) => mail.headerLines.filter((line) => line.key === name).map((line) => line.line.replace(/\r?\n[ \t]+/g, ' '))

beforeAll(async () => {
  const templates = await loadEmailTemplates(contentDir)
  context = {
    templates,
    from: 'Bluebonnet Digital <no-reply@example.com>',
    notifyTo: 'leads@example.com',
    notifyCopy: true,
    siteUrl: 'https://www.example.com/',
    apiUrl: 'https://api.example.com',
    unsubscribeSecret: 'test secret, not used anywhere else',
    messageIdDomain: 'mail.example.com',
    holdMinutes: 60,
    place: (await loadBookingSettings(contentDir)).place,
  }
  analysis = JSON.parse(await readFile(path.join(contentDir, 'analysis.json'), 'utf8'))
  // As the page shows it: the promise's figure from site.json.
  const { answerWithinHours } = JSON.parse(await readFile(path.join(contentDir, 'site.json'), 'utf8'))
  contactSuccess = JSON.parse(await readFile(path.join(contentDir, 'ui.json'), 'utf8')).contactForm.success.replace(
    '{{site.answerWithinHours}}',
    String(answerWithinHours),
  )
})

describe('consultationEmails', () => {
  it('tells the agency every field, with Reply-To the visitor', async () => {
    const [notification] = consultationEmails(consultation, context)
    const { mail, envelope } = await sent(notification!)
    expect(envelope.to).toEqual(['leads@example.com'])
    expect(addresses(mail.replyTo)).toEqual([{ name: 'Eve Example', address: 'eve@example.com' }])
    expect(mail.subject).toBe('New consultation: Eve Bakery (Eve Example), Tuesday, December 1 · 9:30–10:00 AM Central time (Dallas)')
    expect(mail.messageId).toBe(`<${consultation.id}.consultation-notification@mail.example.com>`)
    for (const value of [
      'Eve Bakery',
      'Eve Example',
      'eve@example.com',
      '(214) 555-0100',
      'AI Agents',
      'Tuesday, December 1 · 9:30–10:00 AM Central time (Dallas)',
      'Website: —',
      'We bake.\nWe want more orders.',
      consultation.id,
      'Tuesday, November 24, 2026, 10:05 AM CST',
    ]) {
      expect(mail.text).toContain(value)
    }
    expect(mail.html).toContain('We bake.<br>We want more orders.')
  })

  it('confirms the slot to the visitor with the figures of analysis.json and a calendar entry', async () => {
    const [, confirmation] = consultationEmails(consultation, context)
    const { mail, envelope } = await sent(confirmation!)
    const { site } = context.templates
    expect(envelope.to).toEqual(['eve@example.com'])
    expect(addresses(mail.to)).toEqual([{ name: 'Eve Example', address: 'eve@example.com' }])
    expect(addresses(mail.replyTo)).toEqual([{ name: site.name, address: site.email }])
    expect(mail.subject).toBe(`Your free consultation with ${site.name}: Tuesday, December 1, 2026`)
    const text = mail.text!.replace(/\s+/g, ' ')
    for (const value of [
      'Tuesday, December 1, 2026',
      '9:30–10:00 AM Central time (Dallas)',
      analysis.meetingLength,
      analysis.reportWithin,
      site.email,
      site.phone,
    ]) {
      expect(text).toContain(value)
    }
    const [ics] = mail.attachments
    expect(ics?.filename).toBe('consultation.ics')
    expect(ics?.contentType).toBe('text/calendar')
    expect(ics?.headers.get('content-type')).toMatchObject({ params: { method: 'REQUEST' } })
    const vevent = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!
    const event = new ICAL.Event(vevent)
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T15:30:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T16:00:00.000Z')
    expect(event.startDate.zone?.tzid).toBe('America/Chicago')
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(event.sequence).toBe(0)
    expect(event.uid).toBe(`${consultation.meeting!.id}@mail.example.com`)
    expect(event.organizer).toBe(`mailto:${site.email}`)
    // Two signed links: each names this meeting, for its own action only.
    const links = [...String(mail.html).matchAll(/href="([^"]+\/meeting\/(cancel|reschedule)\/\?token=([^"]+))"/g)]
    expect(links.map((link) => link[2]).sort()).toEqual(['cancel', 'reschedule'])
    for (const [, , action, token] of links) {
      const decoded = decodeURIComponent(token!.replace(/&#x26;|&amp;/g, '&'))
      expect(tokenOpens(decoded, action as 'cancel', consultation.meeting!, context.unsubscribeSecret)).toBe(true)
      expect(tokenOpens(decoded, action === 'cancel' ? 'reschedule' : 'cancel', consultation.meeting!, context.unsubscribeSecret)).toBe(false)
    }
  })

  it('shows a request stored before meetings existed with its window, and no calendar entry', async () => {
    const { meeting: _meeting, ...older } = consultation
    const [notification, confirmation] = consultationEmails(older, context)
    expect((await sent(notification!)).mail.text).toContain('9:00 AM – 12:00 PM Central time (Dallas)')
    expect((await sent(confirmation!)).mail.attachments).toHaveLength(0)
  })

  it('builds the same messages again, so a resend carries the same Message-ID and file', () => {
    expect(consultationEmails(consultation, context)).toEqual(consultationEmails(consultation, context))
  })

  it('lets no line break of a visitor add a header or a recipient', async () => {
    const hostile = { ...consultation, contactName: 'Eve\r\nBcc: thief@example.net', businessName: 'Bakery\r\nX-Injected: yes' }
    for (const email of consultationEmails(hostile, context)) {
      const { mail, envelope } = await sent(email)
      expect(mail.bcc).toBeUndefined()
      expect(mail.headers.has('x-injected')).toBe(false)
      expect(envelope.to).not.toContain('thief@example.net')
      expect(mail.subject).not.toMatch(/[\r\n]/)
    }
    const [notification] = consultationEmails(hostile, context)
    const { mail } = await sent(notification!)
    expect(mail.subject).toMatch(/^New consultation: Bakery X-Injected: yes \(Eve Bcc: thief@example.net\), /)
    expect(addresses(mail.replyTo)).toEqual([{ name: 'Eve Bcc: thief@example.net', address: 'eve@example.com' }])
  })

  it('sends to one visitor address, however it is written', async () => {
    const [, confirmation] = consultationEmails({ ...consultation, email: 'eve@example.com,thief@example.net' }, context)
    const { envelope } = await sent(confirmation!)
    expect(envelope.to).toHaveLength(1)
    expect(envelope.to).not.toContain('thief@example.net')
  })
})

describe('contactEmails', () => {
  it('tells the agency, and acknowledges with the words of the contact form', async () => {
    const [notification, acknowledgement] = contactEmails(contact, context)
    const agency = await sent(notification!)
    expect(agency.envelope.to).toEqual(['leads@example.com'])
    expect(addresses(agency.mail.replyTo)).toEqual([{ name: 'Bob Example', address: 'bob@example.com' }])
    for (const value of ['Bob Plumbing', '214-555-0101', 'Automation Creation', 'MESSAGE —']) expect(agency.mail.text!.replace(/\s+/g, ' ')).toContain(value)
    const visitor = await sent(acknowledgement!)
    expect(visitor.envelope.to).toEqual(['bob@example.com'])
    expect(visitor.mail.text).toContain(contactSuccess)
    expect(visitor.mail.messageId).toBe(`<${contact.id}.contact-acknowledgement@mail.example.com>`)
    expect(visitor.mail.headers.get('auto-submitted')).toBe('auto-generated')
    expect(agency.mail.headers.has('auto-submitted')).toBe(false)
  })
})

describe('welcomeEmail', () => {
  const subscriber = { id: 'c0ffee00-0000-4000-8000-000000000003', email: 'reader@example.com', subscribedAt: '2026-11-24T16:05:00.000Z' }

  it('offers a one-click unsubscribe (RFC 8058) and a link to the unsubscribe page, both signed', async () => {
    const { mail, envelope } = await sent(welcomeEmail(subscriber, context))
    expect(envelope.to).toEqual(['reader@example.com'])
    const [listUnsubscribe] = header(mail, 'list-unsubscribe')
    const oneClick = /^List-Unsubscribe: <(https:\/\/api\.example\.com\/api\/newsletter\/unsubscribe\?token=([^>]+))>$/.exec(listUnsubscribe ?? '')
    expect(oneClick, listUnsubscribe).not.toBeNull()
    expect(verifyUnsubscribeToken(context.unsubscribeSecret, decodeURIComponent(oneClick![2]!))).toBe(subscriber.id)
    expect(header(mail, 'list-unsubscribe-post')).toEqual(['List-Unsubscribe-Post: List-Unsubscribe=One-Click'])
    expect(mail.html).toContain(`href="https://www.example.com/unsubscribe/?token=${oneClick![2]}"`)
    expect(mail.text).toContain(`<https://www.example.com/unsubscribe/?token=${oneClick![2]}>`)
  })
})
