import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { Meeting, MeetingChange } from '../../contract/booking/booking.js'
import type { Overview } from '../../contract/wire/overview.js'
import type { LeadSource } from '../../contract/wire/source.js'
import type { ConsultationRecord, ContactRecord, Data } from '../../forms-service/store/records.js'
import { yesterdayValues } from '../../forms-service/digest/yesterday.js'
import { testApp, validConsultation, validContact, adminHeader } from './helpers.js'

const hours = (n: number) => n * 3_600_000

// A known set of records around two things that break date code: the end of daylight-saving time
// (2026-11-01, 02:00 CDT becomes 01:00 CST, 07:00 UTC) and the agency's closed days (Thanksgiving,
// 2026-11-26 and 27, in the fixture's closed-days.json). "Now" is Monday 2026-11-30, 12:00 CST.
const now = '2026-11-30T18:00:00.000Z'

let ids = 0
const id = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`

function contact(receivedAt: string, extra: Partial<ContactRecord> = {}): ContactRecord {
  const { message: _message, ...fields } = validContact({ email: `c${ids}@example.com` })
  return { id: id(), receivedAt, ...(fields as Omit<ContactRecord, 'id' | 'receivedAt'>), ...extra }
}

function caught(receivedAt: string): Data['blockedPosts'][number] {
  const { message: _message, ...fields } = validContact({ email: `b${ids}@example.com` })
  return { id: id(), receivedAt, caughtBy: { kind: 'client', value: '203.0.113.0/24' }, form: 'contact', fields: fields as ContactRecord }
}

const movedAt = (at: string) => ({ status: 'contacted' as const, statusChanges: [{ status: 'contacted' as const, at }] })

function meeting(start: string, history: Array<Omit<MeetingChange, 'start'> & { start?: string }>): Meeting {
  const last = history.at(-1)!
  const moved = history.filter((change) => change.start).at(-1)?.start ?? start
  return {
    id: id(),
    start: moved,
    end: new Date(Date.parse(moved) + 30 * 60_000).toISOString(),
    state: last.state,
    sequence: history.length - 1,
    history: history.map((change, index) => (index === 0 ? { ...change, start } : change)),
  }
}

function consultation(receivedAt: string, start: string, more: Partial<ConsultationRecord> & { later?: MeetingChange[] } = {}): ConsultationRecord {
  const { later = [], ...extra } = more
  const { message: _message, website: _website, ...fields } = validConsultation({ email: `k${ids}@example.com`, date: start.slice(0, 10), timeSlot: 'morning' })
  return {
    id: id(),
    receivedAt,
    ...(fields as Omit<ConsultationRecord, 'id' | 'receivedAt'>),
    meeting: meeting(start, [{ at: receivedAt, state: 'booked' }, ...later]),
    ...extra,
  }
}

const google: LeadSource = { referrerHost: 'google.com', landing: '/service/website-design', page: '/service/website-design' }
const spring: LeadSource = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring', landing: '/', page: '/' }

/** The records; what each one is for is said beside it. */
function knownRecords(): Data {
  return {
    consultations: [
      // Previous period: answered in 3 hours; its meeting held on 2026-10-20.
      consultation('2026-10-14T15:00:00.000Z', '2026-10-20T14:30:00.000Z', {
        ...movedAt('2026-10-14T18:00:00.000Z'),
        later: [{ at: '2026-10-20T15:30:00.000Z', state: 'held' }],
      }),
      // Previous period, answered after 25 hours (late); its meeting, in this period, held.
      consultation('2026-10-22T15:00:00.000Z', '2026-10-27T14:30:00.000Z', {
        ...movedAt('2026-10-23T16:00:00.000Z'),
        later: [{ at: '2026-10-27T15:30:00.000Z', state: 'held' }],
      }),
      // From Google, answered in 6 hours; its meeting, the day after the change of clock, held.
      consultation('2026-10-28T14:00:00.000Z', '2026-11-02T15:30:00.000Z', {
        source: google,
        ...movedAt('2026-10-28T20:00:00.000Z'),
        later: [{ at: '2026-11-02T16:30:00.000Z', state: 'held' }],
      }),
      // From the spring campaign, never answered (overdue now); moved once, then a no-show.
      consultation('2026-11-05T15:00:00.000Z', '2026-11-10T15:30:00.000Z', {
        serviceInterest: 'ai-agents',
        source: spring,
        later: [
          { at: '2026-11-06T15:00:00.000Z', state: 'moved', start: '2026-11-12T15:30:00.000Z' },
          { at: '2026-11-12T17:00:00.000Z', state: 'no-show' },
        ],
      }),
      // Answered in 19 hours; cancelled by the visitor with a reason.
      consultation('2026-11-20T15:00:00.000Z', '2026-11-30T15:30:00.000Z', {
        ...movedAt('2026-11-21T10:00:00.000Z'),
        later: [{ at: '2026-11-24T15:00:00.000Z', state: 'cancelled', reason: 'Found another agency' }],
      }),
      // Answered in an hour; its meeting is after the period.
      consultation('2026-11-23T15:00:00.000Z', '2026-12-01T15:30:00.000Z', movedAt('2026-11-23T16:00:00.000Z')),
    ],
    contacts: [
      // Previous period, answered in 2 hours.
      contact('2026-10-20T15:00:00.000Z', movedAt('2026-10-20T17:00:00.000Z')),
      // Saturday 10:00 CDT, answered Sunday 09:30 CST: 23.5 hours by the wall clock, 24.5 elapsed: late.
      contact('2026-10-31T15:00:00.000Z', { source: google, ...movedAt('2026-11-01T15:30:00.000Z') }),
      // Wednesday before Thanksgiving, answered on the closed Friday, 44 hours later: late.
      contact('2026-11-25T20:00:00.000Z', { service: 'automation', ...movedAt('2026-11-27T16:00:00.000Z') }),
      // Never answered: overdue now.
      contact('2026-11-02T16:00:00.000Z'),
      // Sunday evening, 19 hours ago: not due yet.
      contact('2026-11-29T23:00:00.000Z'),
      // Spam: in no figure.
      contact('2026-11-03T16:00:00.000Z', { status: 'spam', statusChanges: [{ status: 'spam', at: '2026-11-03T17:00:00.000Z' }] }),
    ],
    newsletterSubscribers: [
      { id: id(), email: 's1@example.com', subscribedAt: '2026-10-15T15:00:00.000Z' },
      // 01:30 CDT and, an hour later, 01:30 CST on the same Sunday: both in the week of October 26.
      { id: id(), email: 's2@example.com', subscribedAt: '2026-11-01T06:30:00.000Z' },
      { id: id(), email: 's3@example.com', subscribedAt: '2026-11-01T07:30:00.000Z' },
      // Monday 05:30 UTC is still Sunday 23:30 in Dallas: the week of October 26.
      { id: id(), email: 's4@example.com', subscribedAt: '2026-11-02T05:30:00.000Z' },
      // On Thanksgiving, from Facebook.
      {
        id: id(),
        email: 's5@example.com',
        subscribedAt: '2026-11-26T15:00:00.000Z',
        source: { referrerHost: 'm.facebook.com', landing: '/blog/a', page: '/blog/a' },
      },
    ],
    emails: [],
    apiTokens: [],
    blocked: [{ id: 'b1', kind: 'client', value: '203.0.113.0/24', reason: '', by: 'admin', createdAt: '2026-10-01T12:00:00.000Z' }],
    // Caught by the block list: in the "blocked" figure only, never among the leads. Three in the custom
    // period below (the last at 23:30 CST on its last Sunday), one in the period before, one on Monday, this week.
    blockedPosts: [
      caught('2026-11-02T06:30:00.000Z'),
      caught('2026-11-20T15:00:00.000Z'),
      caught('2026-10-20T15:00:00.000Z'),
      caught('2026-11-30T05:30:00.000Z'),
      caught('2026-11-30T16:00:00.000Z'),
    ],
    recipients: [
      { id: 'r1', suppressed: 'unsubscribed', suppressedAt: '2026-11-10T12:00:00.000Z' },
      { id: 'r2', suppressed: 'bounced', suppressedAt: '2026-11-11T12:00:00.000Z' },
      { id: 'r3', suppressed: 'unsubscribed', suppressedAt: '2026-10-01T12:00:00.000Z' },
    ],
    accounts: [],
    sessions: [],
    invitations: [],
    auditTrail: [],
    passkeys: [],
    deskSettings: [],
  }
}

async function overviewApp() {
  const clock = () => new Date(now)
  const app = await testApp({}, { now: clock }, { now: clock })
  await app.store.importData(knownRecords())
  return app
}

describe('the overview (both stores)', () => {
  it('gives known numbers for a known set of records, across the end of daylight-saving time and a closed day', async () => {
    const { http } = await overviewApp()
    const overview = (await http.get('/api/admin/overview?period=custom&from=2026-10-26&to=2026-11-29').set(adminHeader).expect(200)).body as Overview
    expect(overview.period).toEqual({ kind: 'custom', from: '2026-10-26', to: '2026-11-29' })
    expect(overview.previous).toEqual({ from: '2026-09-21', to: '2026-10-25' })
    expect(overview.current.leads).toEqual({ consultations: 4, contacts: 4, newsletter: 4 })
    expect(overview.before.leads).toEqual({ consultations: 2, contacts: 1, newsletter: 1 })
    expect(overview.weeks).toEqual([
      { week: '2026-10-26', consultations: 1, contacts: 1, newsletter: 3 },
      { week: '2026-11-02', consultations: 1, contacts: 1, newsletter: 0 },
      { week: '2026-11-09', consultations: 0, contacts: 0, newsletter: 0 },
      { week: '2026-11-16', consultations: 1, contacts: 0, newsletter: 0 },
      { week: '2026-11-23', consultations: 1, contacts: 2, newsletter: 1 },
    ])
    expect(overview.sources).toEqual({
      referrers: [
        { name: 'Direct', count: 9 },
        { name: 'Google search', count: 2 },
        { name: 'Facebook', count: 1 },
      ],
      campaigns: [{ name: "Newsletter campaign 'spring'", count: 1 }],
      landings: [
        { name: '/service/website-design', count: 2 },
        { name: '/', count: 1 },
        { name: '/blog/a', count: 1 },
      ],
    })
    expect(overview.services).toEqual([
      { name: 'Website Design', count: 6 },
      { name: 'AI Agents', count: 1 },
      { name: 'Automation Creation', count: 1 },
    ])
    // Came due: the five answered and the two never answered (the Sunday one is not due yet); kept: those answered in 6, 19 and 1 hours.
    // The median of 1, 6, 19, 24.5 and 44 hours.
    expect(overview.current.promise).toEqual({ due: 7, kept: 3, share: 3 / 7, medianMs: hours(19) })
    expect(overview.before.promise).toEqual({ due: 3, kept: 2, share: 2 / 3, medianMs: hours(3) })
    expect(overview.overdueNow).toEqual({ consultations: 1, contacts: 1 })
    expect(overview.current.meetings).toEqual({
      booked: 4,
      moved: 1,
      cancelled: 1,
      reasons: [{ name: 'Found another agency', count: 1 }],
      held: 2,
      noShow: 1,
      cameDue: 3,
      heldShare: 2 / 3,
    })
    expect(overview.before.meetings).toEqual({ booked: 2, moved: 0, cancelled: 0, reasons: [], held: 1, noShow: 0, cameDue: 1, heldShare: 1 })
    expect(overview.current.newsletter).toEqual({ signUps: 4, unsubscribes: 1 })
    expect(overview.before.newsletter).toEqual({ signUps: 1, unsubscribes: 1 })
    expect([overview.current.blocked, overview.before.blocked]).toEqual([3, 1])
  })

  it('counts in the admin bar the posts the block list caught this week, from Monday in the agency zone', async () => {
    const { http } = await overviewApp()
    expect((await http.get('/api/admin/summary').set(adminHeader).expect(200)).body.blocked).toEqual({ thisWeek: 1, total: 5 })
  })

  it('resolves this week, this month and the last 90 days in the agency zone, each against the period before', async () => {
    const { http } = await overviewApp()
    const periods = async (period: string) => {
      const body = (await http.get(`/api/admin/overview?period=${period}`).set(adminHeader).expect(200)).body as Overview
      return [body.period.from, body.period.to, body.previous.from, body.previous.to]
    }
    expect(await periods('week')).toEqual(['2026-11-30', '2026-12-06', '2026-11-23', '2026-11-29'])
    expect(await periods('month')).toEqual(['2026-11-01', '2026-11-30', '2026-10-01', '2026-10-31'])
    expect(await periods('90days')).toEqual(['2026-09-02', '2026-11-30', '2026-06-04', '2026-09-01'])
    // This month: everything of the known set but the previous period's.
    const month = (await http.get('/api/admin/overview?period=month').set(adminHeader).expect(200)).body as Overview
    expect(month.current.leads).toEqual({ consultations: 3, contacts: 3, newsletter: 4 })
    await http.get('/api/admin/overview?period=custom&from=2026-11-29&to=2026-11-01').set(adminHeader).expect(400)
    await http.get('/api/admin/overview?period=custom&from=2026-11-01').set(adminHeader).expect(400)
    await http.get('/api/admin/overview?period=year').set(adminHeader).expect(400)
    await http.get('/api/admin/overview').expect(401)
  })

  it('exports the figures as CSV for spreadsheets: the period and the one before side by side', async () => {
    const { http } = await overviewApp()
    const res = await http.get('/api/admin/overview.csv?period=custom&from=2026-10-26&to=2026-11-29').set(adminHeader).expect(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="overview-2026-10-26-to-2026-11-29.csv"')
    expect(res.text.startsWith('\uFEFF')).toBe(true)
    const rows = Papa.parse<string[]>(res.text.slice(1)).data
    expect(rows[0]).toEqual(['Section', 'Figure', '2026-10-26 to 2026-11-29', '2026-09-21 to 2026-10-25'])
    expect(rows).toContainEqual(['Leads', 'Consultation requests', '4', '2'])
    expect(rows).toContainEqual(['24-hour promise', 'Share kept', '43%', '67%'])
    expect(rows).toContainEqual(['24-hour promise', 'Median time to first change', '19 h 0 min', '3 h 0 min'])
    expect(rows).toContainEqual(['Cancellation reason', 'Found another agency', '1', ''])
    expect(rows).toContainEqual(['Campaign', "Newsletter campaign 'spring'", '1', ''])
    expect(rows).toContainEqual(['Week of 2026-10-26', 'Newsletter sign-ups', '3', ''])
  })

  it("gives the morning digest yesterday's line: new leads, meetings held, leads come due and answered within 24 hours", async () => {
    const { store } = await overviewApp()
    // Sunday, November 1 had 25 hours: three sign-ups, from 01:30 CDT to 23:30 CST.
    expect(await yesterdayValues(store, '2026-11-02', new Date('2026-11-02T14:00:00Z'), 24)).toEqual({
      yesterdayLeads: '3',
      yesterdayHeld: '0',
      yesterdayKept: '0',
      yesterdayDue: '0',
    })
    // Monday, November 2: a message, not due yet at 8:00 the next morning, and the meeting held at 9:30.
    expect(await yesterdayValues(store, '2026-11-03', new Date('2026-11-03T14:00:00Z'), 24)).toEqual({
      yesterdayLeads: '1',
      yesterdayHeld: '1',
      yesterdayKept: '0',
      yesterdayDue: '0',
    })
    // Wednesday, November 25 (before Thanksgiving), read on Monday the 30th: the message answered 44 hours later came due and was late.
    expect(await yesterdayValues(store, '2026-11-26', new Date(now), 24)).toEqual({
      yesterdayLeads: '1',
      yesterdayHeld: '0',
      yesterdayKept: '0',
      yesterdayDue: '1',
    })
  })
})
