import ICAL from 'ical.js'
import { afterEach, describe, expect, it } from 'vitest'
import { linkNotValidMessage, meetingClosedMessage, type AdminMeetings } from '../../contract/wire/meetingApi.js'
import { startService, type RunningService } from '../../forms-service/service.js'
import { legacyMeetingToken } from '../../forms-service/email/meetingLinks.js'
import { fixtureJson } from '../fixtures/fixture.js'
import { freshStore, json, offeredDates, silentLogger, testServiceOptions, validConsultation, adminHeader } from './helpers.js'
import { startSmtp, type ReceivedMail, type TestSmtp } from './smtp.js'

// The links of a meeting's emails, its place and the visitor's time, as sent through a real SMTP server.

const notifyTo = 'leads@agency.example.com'
const place = fixtureJson<{ place: { video: { link: string }; address: { address: string } } }>('booking.json').place
const running: RunningService[] = []
afterEach(async () => {
  for (const service of running.splice(0)) await service.close()
})

async function service(smtp: TestSmtp, store: { dataFile: string; databaseUrl: string | null }, options: { secret?: string; now?: () => Date } = {}) {
  const started = await startService(
    {
      ...testServiceOptions,
      ...store,
      smtpUrl: smtp.url,
      notifyTo,
      sendEmails: true,
      ...(options.secret ? { unsubscribeSecret: options.secret } : {}),
    },
    { logger: silentLogger, sender: { retryBaseMs: 100, retryMaxMs: 400 }, ...(options.now ? { now: options.now } : {}) },
  )
  running.push(started)
  return started
}

/** The token of a link of an email's text: '…/meeting/cancel/?token=…'. */
function linkToken(mail: ReceivedMail, action: 'cancel' | 'reschedule'): string {
  const match = new RegExp(`/meeting/${action}/\\?token=([^>\\s"]+)`).exec(mail.parsed.text ?? '')
  if (!match) throw new Error(`no ${action} link in "${mail.parsed.subject}"`)
  return decodeURIComponent(match[1]!)
}

const toVisitor = (smtp: TestSmtp, email: string) => smtp.received.filter((mail) => mail.recipients.includes(email))
const toAgency = (smtp: TestSmtp) => smtp.received.filter((mail) => mail.recipients.includes(notifyTo))
const eventOf = (mail: ReceivedMail) => {
  const ics = mail.parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar')!
  return new ICAL.Component(ICAL.parse(ics.content.toString('utf8'))).getFirstSubcomponent('vevent')!
}

async function book(url: string, overrides: Record<string, unknown> = {}) {
  const res = await json(`${url}/api/consultation`, validConsultation(overrides))
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; meeting: { start: string; end: string } }
}

describe("a meeting's links", () => {
  it("open the meeting as it is now after two moves: the first confirmation's cancel link cancels it, with a reason the agency reads", async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp, await freshStore())
    const [first, second] = offeredDates()
    await book(url, { date: first })
    const [confirmation] = await smtp.waitFor(2).then(() => toVisitor(smtp, validConsultation().email))
    const cancel = linkToken(confirmation!, 'cancel')
    const reschedule = linkToken(confirmation!, 'reschedule')

    const moved = async (date: string, timeSlot: string) => {
      const res = await json(`${url}/api/meeting/reschedule`, { token: reschedule, date, timeSlot })
      expect(res.status).toBe(200)
      return ((await res.json()) as { meeting: { start: string } }).meeting.start
    }
    await moved(first!, 'evening')
    const now = await moved(second!, 'afternoon')
    // Both moves' emails (the update to the visitor, the notice to the agency) have gone out.
    await smtp.waitFor(6)

    const view = await fetch(`${url}/api/meeting?token=${encodeURIComponent(cancel)}`)
    expect(view.status).toBe(200)
    expect(await view.json()).toMatchObject({ meeting: { start: now, state: 'moved' }, changeable: true })

    const reason = 'We found a partner closer to home.\nThank you all the same.'
    const cancelled = await json(`${url}/api/meeting/cancel`, { token: cancel, reason })
    expect(cancelled.status).toBe(200)
    expect(((await cancelled.json()) as { meeting: { state: string } }).meeting.state).toBe('cancelled')

    // The link, opened again, says it is cancelled, and changes nothing more.
    const after = await fetch(`${url}/api/meeting?token=${encodeURIComponent(cancel)}`)
    expect(await after.json()).toMatchObject({ meeting: { start: now, state: 'cancelled' }, changeable: false })
    const again = await json(`${url}/api/meeting/cancel`, { token: cancel })
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([409, meetingClosedMessage])

    // The agency's notice of the cancellation carries the reason; the meeting's history keeps it.
    await smtp.waitFor(8)
    // The agency's mails before it (the notification, the two moves' notices) were all in before the cancel.
    const notice = toAgency(smtp).at(-1)
    expect(notice?.parsed.text?.replace(/\s+/g, ' ')).toContain(reason.replace(/\s+/g, ' '))
    const meetings = (await (await fetch(`${url}/api/admin/meetings?from=${first}&days=30`, { headers: adminHeader })).json()) as AdminMeetings
    expect(meetings.meetings[0]!.history.at(-1)).toMatchObject({ state: 'cancelled', reason })
    // The visitor's own cancellation email does not repeat what they wrote.
    const cancellation = toVisitor(smtp, validConsultation().email).at(-1)!
    expect(cancellation.parsed.text).not.toContain('partner closer')
  })

  it('keep working after the service restarts with another secret; a forged or altered link is refused', async () => {
    const smtp = await startSmtp()
    const store = await freshStore()
    const before = await service(smtp, store)
    const { id } = await book(before.url)
    const [confirmation] = await smtp.waitFor(2).then(() => toVisitor(smtp, validConsultation().email))
    const cancel = linkToken(confirmation!, 'cancel')
    const meetingId = cancel.split('.')[0]!
    // A link of the earlier form (signed with the secret, naming the sequence) works while the secret is the same.
    const legacy = legacyMeetingToken(testServiceOptions.unsubscribeSecret, 'reschedule', { id: meetingId, sequence: 0 })
    expect((await fetch(`${before.url}/api/meeting?token=${encodeURIComponent(legacy)}`)).status).toBe(200)
    await before.close()

    const { url } = await service(smtp, store, { secret: 'a rotated secret, 32 characters or more' })
    const opened = await fetch(`${url}/api/meeting?token=${encodeURIComponent(cancel)}`)
    expect(opened.status).toBe(200)
    expect(await opened.json()).toMatchObject({ meeting: { state: 'booked' }, changeable: true })

    const forged = [
      `${cancel.slice(0, -1)}${cancel.endsWith('A') ? 'B' : 'A'}`,
      `${'0'.repeat(8)}${cancel.slice(8)}`,
      linkToken(confirmation!, 'reschedule').replace(meetingId, '00000000-0000-4000-8000-000000000000'),
      legacy,
      `${meetingId}.${'A'.repeat(43)}`,
    ]
    for (const token of forged) {
      const res = await json(`${url}/api/meeting/cancel`, { token })
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, linkNotValidMessage])
    }
    expect((await json(`${url}/api/meeting/cancel`, { token: cancel })).status).toBe(200)
    const record = (await (await fetch(`${url}/api/admin/consultations/${id}`, { headers: adminHeader })).json()) as { meeting: { state: string } }
    expect(record.meeting.state).toBe('cancelled')
  })
})

describe("a meeting's place", () => {
  it('is in the .ics: LOCATION and URL, the video room of each meeting its own; a phone call or the address when chosen', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp, await freshStore())
    await book(url, { email: 'video1@example.com' })
    await book(url, { email: 'video2@example.com', timeSlot: 'afternoon' })
    await book(url, { email: 'phone@example.com', timeSlot: 'evening', place: 'phone' })
    await book(url, { email: 'office@example.com', timeSlot: 'evening', place: 'address' })
    await smtp.waitFor(8)
    const [room, otherRoom] = ['video1@example.com', 'video2@example.com'].map((email) => {
      const [confirmation] = toVisitor(smtp, email)
      const event = eventOf(confirmation!)
      const link = String(event.getFirstPropertyValue('url'))
      expect(event.getFirstPropertyValue('location')).toBe(link)
      // The template's room, with a secret in place of {key}; the email says where too.
      const [prefix, suffix] = place.video.link.split('{key}')
      expect(link.startsWith(prefix!) && link.endsWith(suffix!) && link.length > prefix!.length + suffix!.length + 15).toBe(true)
      expect(confirmation!.parsed.text).toContain(link)
      return link
    })
    expect(room).not.toBe(otherRoom)
    const phone = eventOf(toVisitor(smtp, 'phone@example.com')[0]!)
    expect(phone.getFirstPropertyValue('location')).toBe(validConsultation().phone)
    expect(phone.getFirstPropertyValue('url')).toBeNull()
    const office = eventOf(toVisitor(smtp, 'office@example.com')[0]!)
    expect(office.getFirstPropertyValue('location')).toBe(place.address.address)
    // The agency is told how too.
    expect(toAgency(smtp).find((mail) => mail.parsed.replyTo?.value[0]?.address === 'office@example.com')?.parsed.text).toContain(place.address.address)
    // A place the agency does not offer is refused.
    const res = await json(`${url}/api/consultation`, validConsultation({ email: 'x@example.com', place: 'moon' }))
    expect(res.status).toBe(400)
  })

  it('the confirmation offers Add to calendar for Google and Outlook', async () => {
    const smtp = await startSmtp()
    const { url } = await service(smtp, await freshStore())
    const { meeting } = await book(url)
    await smtp.waitFor(2)
    const html = toVisitor(smtp, validConsultation().email)[0]!.parsed.html as string
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&#x26;|&amp;/g, '&'))
    const google = new URL(hrefs.find((href) => href.startsWith('https://calendar.google.com/'))!)
    const compact = (instant: string) => instant.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    expect(google.searchParams.get('dates')).toBe(`${compact(meeting.start)}/${compact(meeting.end)}`)
    expect(google.searchParams.get('location')).toMatch(/^https:\/\//)
    const outlook = new URL(hrefs.find((href) => href.startsWith('https://outlook.live.com/'))!)
    expect(outlook.searchParams.get('startdt')).toBe(meeting.start)
  })
})

describe("the visitor's time", () => {
  it("is given beside Central time when their zone's clock differs, on either side of the daylight-saving change", async () => {
    const smtp = await startSmtp()
    // Thursday, October 29, 2026: Berlin is on standard time already, Dallas changes on Sunday, November 1.
    const { url } = await service(smtp, await freshStore(), { now: () => new Date('2026-10-29T16:00:00Z') })
    await book(url, { email: 'before@example.com', date: '2026-10-30', timeZone: 'Europe/Berlin' })
    await book(url, { email: 'after@example.com', date: '2026-11-02', timeZone: 'Europe/Berlin' })
    await book(url, { email: 'same@example.com', date: '2026-11-02', timeSlot: 'afternoon', timeZone: 'America/Indiana/Knox' })
    await smtp.waitFor(6)
    const text = (email: string) => toVisitor(smtp, email)[0]!.parsed.text!.replace(/\s+/g, ' ')
    // 9:00 in Dallas is 15:00 in Berlin before Dallas's change (6 hours apart), 16:00 after it (7 hours).
    expect(text('before@example.com')).toContain('9:00–9:30 AM Central time (Dallas)')
    expect(text('before@example.com')).toContain('3:00–3:30 PM Central European Standard Time')
    expect(text('after@example.com')).toContain('9:00–9:30 AM Central time (Dallas)')
    expect(text('after@example.com')).toContain('4:00–4:30 PM Central European Standard Time')
    // Knox, Indiana, keeps Central time with the US rules, so it shows Dallas's clock: said once.
    expect(text('same@example.com')).toContain('1:00–1:30 PM Central time (Dallas)')
    expect(text('same@example.com')).not.toMatch(/your time/i)
    // The agency reads Central time only.
    for (const mail of toAgency(smtp)) expect(mail.parsed.text).not.toContain('European')
  })
})
