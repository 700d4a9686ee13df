import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { digestWindow, queueDigests } from '../../forms-service/digest/schedule.js'
import { startService, type RunningService } from '../../forms-service/service.js'
import { fixtureContentDir, fixtureJson } from '../fixtures/fixture.js'
import type { ClosedDay } from '../../site/content/schemas.js'
import { startSmtp, type ReceivedMail } from './smtp.js'
import {
  freshStore,
  json,
  onPostgres,
  silentLogger,
  tempDir,
  testApp,
  testServiceOptions,
  validConsultation,
  validContact,
  adminHeader,
  clockAt,
} from './helpers.js'

const siteUrl = 'https://agency.example.com'
const notifyTo = 'leads@agency.example.com'
const closedDays = fixtureJson<ClosedDay[]>('closed-days.json').map((day) => day.date)
const settings = { digestAt: '08:00', digestZone: 'America/Chicago' }
const record = (inbox: 'consultations' | 'messages', id: string) => `${siteUrl}/admin/${inbox}?id=${id}`

/** A digest as the agency reads it: each section's heading and the links of its lines. */
function sections(mail: ReceivedMail): Array<{ heading: string; links: string[] }> {
  return String(mail.parsed.html)
    .split('<h2')
    .slice(1)
    .map((part) => ({
      heading: /^[^>]*>([^<]*)</.exec(part)![1]!,
      links: [...part.matchAll(/<li[^>]*><a href="([^"]+)"/g)].map((match) => match[1]!.replace(/&#x26;|&amp;/g, '&')),
    }))
}

const digests = (received: ReceivedMail[]) => received.filter((mail) => mail.parsed.subject?.startsWith('Morning digest'))

async function outboxDigests(service: RunningService) {
  const res = await fetch(`${service.url}/api/admin/outbox?limit=200`, { headers: adminHeader })
  const items = ((await res.json()) as { items: Array<{ kind: string; about: { id: string }; state: string; nextAttemptAt: string; queuedAt?: string }> }).items
  return items.filter((email) => email.kind === 'morning-digest')
}

describe('the morning digest (both stores)', () => {
  it("lists first the leads to answer (oldest first, age, meeting), then the day's meetings, then the new ones still New, the answered ones counted; each linked to its record, never spam", async () => {
    const smtp = await startSmtp()
    // Thursday, March 5, 2026, 10:00 CST; the clocks go forward on Sunday the 8th.
    const clock = clockAt('2026-03-05T16:00:00Z')
    const service = await startService(
      { ...testServiceOptions, ...(await freshStore()), smtpUrl: smtp.url, sendEmails: true, siteUrl, notifyTo },
      { logger: silentLogger, now: clock.now, sender: { pollMs: 50 } },
    )
    try {
      const post = async (path: string, body: Record<string, unknown>) => ((await (await json(`${service.url}${path}`, body)).json()) as { id: string }).id
      const patch = (inbox: string, id: string, status: string) =>
        fetch(`${service.url}/api/admin/${inbox}/${id}`, {
          method: 'PATCH',
          headers: { ...adminHeader, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status }),
        })

      // At start, the next three working days are queued at 8:00 Dallas time: 14:00 UTC in standard
      // time (Friday), 13:00 UTC in daylight time (Monday, the day after the change, and Tuesday).
      await expect
        .poll(async () => (await outboxDigests(service)).map((email) => [email.about.id, email.nextAttemptAt]).sort())
        .toEqual([
          ['2026-03-06', '2026-03-06T14:00:00.000Z'],
          ['2026-03-09', '2026-03-09T13:00:00.000Z'],
          ['2026-03-10', '2026-03-10T13:00:00.000Z'],
        ])

      // Thursday 10:00: a message left New, one answered at once.
      const waiting = await post('/api/contact', validContact({ business: 'Waiting Deli', email: 'wait@example.com' }))
      const answered = await post('/api/contact', validContact({ business: 'Answered Cafe', email: 'answered@example.com' }))
      await patch('messages', answered, 'contacted')

      // Friday 10:00: Friday's digest has gone at 8:00: Thursday's New message listed, the answered one counted.
      clock.set('2026-03-06T16:00:00Z')
      await expect.poll(() => digests(smtp.received).length).toBe(1)
      const friday = sections(digests(smtp.received)[0]!)
      expect(friday.map((section) => section.links)).toEqual([[], [], [record('messages', waiting)], []])
      expect(digests(smtp.received)[0]!.parsed.text).toContain('Already answered (no longer New): 1.')
      const request = await post('/api/consultation', validConsultation({ businessName: 'Monday Bakery', email: 'monday@example.com', date: '2026-03-09' }))

      // Sunday 20:00 CDT: a message, a lead of each kind the spam rule suspects (one with a meeting on
      // Monday), and one the agency filed as spam.
      clock.set('2026-03-09T01:00:00Z')
      // A visitor's text stays text: no link, no placeholder filled, no list.
      const florist = 'Sunday Florist {{meetings}} [x](https://evil.example)'
      const sunday = await post('/api/contact', validContact({ business: florist, email: 'sunday@example.com' }))
      const links = await post(
        '/api/contact',
        validContact({ business: 'Links Maybe', email: 'links@example.com', message: 'https://a.example/x https://b.example/y' }),
      )
      clock.set('2026-03-09T01:01:00Z')
      const fast = await post(
        '/api/consultation',
        validConsultation({ businessName: 'Fast Maybe', email: 'fast@example.com', date: '2026-03-09', timeSlot: 'afternoon', _elapsedMs: 500 }),
      )
      const spam = await post('/api/contact', validContact({ business: 'Filed Junk', email: 'junk@example.com' }))
      await patch('messages', spam, 'spam')

      // Monday 8:00 CDT.
      clock.set('2026-03-09T13:00:00Z')
      await expect.poll(() => digests(smtp.received).length).toBe(2)
      const monday = digests(smtp.received)[1]!
      expect(monday.recipients).toEqual([notifyTo])
      // Suspected leads are New leads: counted, and their meetings listed.
      expect(monday.parsed.subject).toBe('Morning digest, Monday, March 9: 2 to answer, meetings today: 2, 3 new')
      const [overdue, meetings, fresh, suspected] = sections(monday)
      // First what needs an answer: still New 24 hours after arriving, oldest first, with its age (across
      // the change to daylight time) and its meeting; Sunday's are 12 hours old.
      expect(overdue!.heading).toMatch(/^To answer/)
      expect(overdue!.links).toEqual([record('messages', waiting), record('consultations', request)])
      expect(monday.parsed.text).toContain('Message: Waiting Deli (Ann Lee), Website Design, 3 days ago')
      expect(monday.parsed.text).toContain('Consultation request: Monday Bakery (Ann Lee), Website Design, 2 days ago; meeting Mon 9:00 AM CDT')
      expect(meetings!.links).toEqual([record('consultations', request), record('consultations', fast)])
      expect(monday.parsed.text).toContain('9:00 AM CDT: Monday Bakery (Ann Lee), 214-555-0142, Website Design')
      // New since Friday 8:00 CST and still New, oldest first; the overdue request is not listed twice.
      expect(fresh!.heading).toContain('Friday, March 6')
      expect(fresh!.heading).toContain('8:00')
      expect(fresh!.links).toEqual([record('messages', sunday)])
      // The suspected ones under their own heading, with their meeting.
      expect(suspected!.heading).toMatch(/^Possible spam/)
      expect(suspected!.links).toEqual([record('messages', links), record('consultations', fast)])
      expect(monday.parsed.text).toContain('Fast Maybe (Ann Lee), Website Design, Sun, Mar 8, 8:01 PM CDT; meeting Mon 1:00 PM CDT')
      expect(monday.parsed.text).toContain(`Message: ${florist} (Ann Lee)`)
      expect(monday.parsed.html).not.toContain('evil.example"')
      // What the agency filed as spam is nowhere.
      for (const mail of digests(smtp.received)) expect(mail.parsed.text).not.toContain('Filed Junk')

      // Monday 9:00, after the digest: a message for Tuesday's; Friday's request answered.
      clock.set('2026-03-09T14:00:00Z')
      const late = await post('/api/contact', validContact({ business: 'Late Tailor', email: 'late@example.com' }))
      await patch('consultations', request, 'contacted')
      clock.set('2026-03-10T13:00:00Z')
      await expect.poll(() => digests(smtp.received).length).toBe(3)
      const [tuesdayOverdue, tuesdayMeetings, tuesdayNew, tuesdaySuspected] = sections(digests(smtp.received)[2]!)
      expect(tuesdayOverdue!.links).toEqual([record('messages', waiting), record('messages', sunday), record('messages', links), record('consultations', fast)])
      expect(tuesdayMeetings!.links).toEqual([])
      expect(tuesdayNew!.links).toEqual([record('messages', late)])
      expect(tuesdaySuspected!.links).toEqual([])
      expect(digests(smtp.received)[2]!.parsed.text).toContain('No meetings today.')
    } finally {
      await service.close()
    }
  })

  it('lists ten lines a section, then "and N more" linked to the inbox filtered to it', async () => {
    const smtp = await startSmtp()
    // Thursday, October 29, 2026, 10:00 CDT; Monday's digest is due at 8:00 CST, after the clocks went back.
    const clock = clockAt('2026-10-29T15:00:00Z')
    const service = await startService(
      { ...testServiceOptions, ...(await freshStore()), smtpUrl: smtp.url, sendEmails: true, siteUrl, notifyTo },
      { logger: silentLogger, now: clock.now, sender: { pollMs: 50 } },
    )
    try {
      const post = async (path: string, body: Record<string, unknown>) => ((await (await json(`${service.url}${path}`, body)).json()) as { id: string }).id
      const messages: string[] = []
      for (let i = 0; i < 12; i++) {
        clock.set(new Date(Date.parse('2026-10-29T15:00:00Z') + i * 60_000).toISOString())
        messages.push(await post('/api/contact', validContact({ business: `Message ${i}`, email: `m${i}@example.com` })))
      }
      const dates = ['2026-10-30', '2026-11-02']
      const requests: string[] = []
      for (let i = 0; i < 2; i++) {
        clock.set(new Date(Date.parse('2026-10-29T16:00:00Z') + i * 60_000).toISOString())
        requests.push(await post('/api/consultation', validConsultation({ businessName: `Request ${i}`, email: `r${i}@example.com`, date: dates[i] })))
      }
      // Monday 8:00 CST: the digests of Friday and Monday have gone.
      clock.set('2026-11-02T14:00:00Z')
      await expect.poll(() => digests(smtp.received).length, { timeout: 10_000 }).toBe(2)
      const monday = digests(smtp.received).find((mail) => mail.parsed.subject?.includes('November 2'))!
      expect(monday.parsed.subject).toBe('Morning digest, Monday, November 2: 14 to answer, meetings today: 1, 0 new')
      const [overdue] = sections(monday)
      expect(overdue!.links).toEqual([
        ...messages.slice(0, 10).map((id) => record('messages', id)),
        `${siteUrl}/admin/consultations?status=new&sort=overdue`,
        `${siteUrl}/admin/messages?status=new&sort=overdue`,
      ])
      expect(monday.parsed.text).toContain('and 2 more requests')
      expect(monday.parsed.text).toContain('and 2 more messages')
    } finally {
      await service.close()
    }
  })

  it('is queued at 8:00 in the zone of the settings on working days only, once however many schedulers queue it', async () => {
    const clock = clockAt('2026-10-30T12:00:00Z')
    const { store } = await testApp({}, { now: clock.now }, { now: clock.now })
    const queued = async () => {
      const days = [
        '2026-10-30',
        '2026-10-31',
        '2026-11-01',
        '2026-11-02',
        '2026-11-03',
        '2026-11-04',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-30',
        '2026-12-01',
        '2026-12-02',
      ]
      const found: Array<[string, string]> = []
      for (const day of days)
        for (const email of await store.emailsAbout('consultations', day)) if (email.kind === 'morning-digest') found.push([day, email.nextAttemptAt])
      return found
    }
    // Friday, October 30, 7:00 CDT: Friday at 13:00 UTC; the Monday and Tuesday after the change at 14:00 UTC.
    await Promise.all([queueDigests(store, { settings, closedDays, now: clock.now }), queueDigests(store, { settings, closedDays, now: clock.now })])
    await queueDigests(store, { settings, closedDays, now: clock.now })
    expect(await queued()).toEqual([
      ['2026-10-30', '2026-10-30T13:00:00.000Z'],
      ['2026-11-02', '2026-11-02T14:00:00.000Z'],
      ['2026-11-03', '2026-11-03T14:00:00.000Z'],
    ])
    // Wednesday, November 25, 9:00 CST: today's has passed; Thanksgiving and the day after are closed.
    clock.set('2026-11-25T15:00:00Z')
    await Promise.all([queueDigests(store, { settings, closedDays, now: clock.now }), queueDigests(store, { settings, closedDays, now: clock.now })])
    expect((await queued()).slice(3)).toEqual([
      ['2026-11-30', '2026-11-30T14:00:00.000Z'],
      ['2026-12-01', '2026-12-01T14:00:00.000Z'],
      ['2026-12-02', '2026-12-02T14:00:00.000Z'],
    ])
  })
})

describe('digests already queued', () => {
  it('move when digestAt or digestZone changes while the service runs, across the daylight-saving change', async () => {
    const contentDir = path.join(tempDir(), 'content')
    await fs.cp(fixtureContentDir, contentDir, { recursive: true })
    // Friday, October 30, 2026, 7:00 CDT; the clocks go back on Sunday, November 1.
    const clock = clockAt('2026-10-30T12:00:00Z')
    const service = await startService(
      { ...testServiceOptions, ...(await freshStore()), contentDir, sendEmails: true, siteUrl, notifyTo },
      { logger: silentLogger, now: clock.now, sender: { pollMs: 50 } },
    )
    try {
      const queued = async () => (await outboxDigests(service)).map((email) => [email.about.id, email.nextAttemptAt]).sort()
      await expect.poll(queued).toEqual([
        ['2026-10-30', '2026-10-30T13:00:00.000Z'],
        ['2026-11-02', '2026-11-02T14:00:00.000Z'],
        ['2026-11-03', '2026-11-03T14:00:00.000Z'],
      ])
      const file = path.join(contentDir, 'booking.json')
      const booking = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>
      await fs.writeFile(file, JSON.stringify({ ...booking, digestAt: '07:30' }, null, 2))
      // 7:30 in Dallas: 12:30 UTC in daylight time (today), 13:30 UTC in standard time (after the change).
      await expect.poll(queued, { timeout: 10_000 }).toEqual([
        ['2026-10-30', '2026-10-30T12:30:00.000Z'],
        ['2026-11-02', '2026-11-02T13:30:00.000Z'],
        ['2026-11-03', '2026-11-03T13:30:00.000Z'],
      ])
      // Another zone: 7:30 in Denver is an hour later than in Dallas.
      await fs.writeFile(file, JSON.stringify({ ...booking, digestAt: '07:30', digestZone: 'America/Denver' }, null, 2))
      await expect.poll(queued, { timeout: 10_000 }).toEqual([
        ['2026-10-30', '2026-10-30T13:30:00.000Z'],
        ['2026-11-02', '2026-11-02T14:30:00.000Z'],
        ['2026-11-03', '2026-11-03T14:30:00.000Z'],
      ])
    } finally {
      await service.close()
    }
  })
})

describe('what a digest covers', () => {
  it('reaches back to the previous working day at the hour and in the zone of the settings', () => {
    const window = (date: string, zone = settings) => {
      const { from, to } = digestWindow(date, { settings: zone, closedDays })
      return [from.toISOString(), to.toISOString()]
    }
    // Monday after the spring change: from Friday 8:00 CST to Monday 8:00 CDT.
    expect(window('2026-03-09')).toEqual(['2026-03-06T14:00:00.000Z', '2026-03-09T13:00:00.000Z'])
    // Monday after the fall change: from Friday 8:00 CDT to Monday 8:00 CST.
    expect(window('2026-11-02')).toEqual(['2026-10-30T13:00:00.000Z', '2026-11-02T14:00:00.000Z'])
    // After Thanksgiving: from Wednesday.
    expect(window('2026-11-30')).toEqual(['2026-11-25T14:00:00.000Z', '2026-11-30T14:00:00.000Z'])
    // Another zone and hour: 7:30 in Berlin (CET, UTC+1).
    expect(window('2026-12-01', { digestAt: '07:30', digestZone: 'Europe/Berlin' })).toEqual(['2026-11-30T06:30:00.000Z', '2026-12-01T06:30:00.000Z'])
  })
})

describe.runIf(onPostgres)('the morning digest on two replicas', () => {
  it('is sent once when two replicas share the database', async () => {
    const smtp = await startSmtp()
    const clock = clockAt('2026-03-09T12:00:00Z')
    const store = await freshStore()
    const options = { ...testServiceOptions, ...store, smtpUrl: smtp.url, sendEmails: true, siteUrl, notifyTo }
    const [a, b] = await Promise.all([0, 1].map(() => startService(options, { logger: silentLogger, now: clock.now, sender: { pollMs: 50 } })))
    try {
      // Each replica queues Monday's at start; both see one.
      const monday = async (service: RunningService) =>
        (await outboxDigests(service)).filter((email) => email.about.id === '2026-03-09').map((email) => email.state)
      await expect.poll(() => monday(a!)).toEqual(['queued'])
      expect(await monday(b!)).toEqual(['queued'])
      clock.set('2026-03-09T13:00:00Z')
      await expect.poll(async () => (await monday(b!)).every((state) => state === 'sent')).toBe(true)
      expect(await monday(a!)).toEqual(['sent'])
      expect(digests(smtp.received)).toHaveLength(1)
    } finally {
      await Promise.all([a!.close(), b!.close()])
    }
  })
})
