import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BookingSettingsFile } from '../../contract/booking/booking.js'
import type { BusyCalendars } from '../../contract/booking/busyCalendar.js'
import type { Availability } from '../../contract/wire/meetingApi.js'
import { startService, type RunningService } from '../../forms-service/service.js'
import { fixtureJson } from '../fixtures/fixture.js'
import { capturedLogger, freshStore, json, listening, testServiceOptions, validConsultation, adminHeader } from './helpers.js'
import { dallasClock, usWallClock } from '../usTime.js'

// Three calendars as Google, Outlook and Apple publish them (tests/service/fixtures/busy-calendars), served
// by a local server, read by a real service whose clock says Wednesday, October 28, 2026, 10:00 in Dallas:
// it offers Thursday the 29th to Wednesday, November 11, across the change to standard time on the 1st.
const now = new Date('2026-10-28T15:00:00Z')
const metricsToken = 'a-metrics-token-of-32-characters-or-more'
const fixtures = path.resolve(import.meta.dirname, 'fixtures/busy-calendars')

/** What the fixture files hold, as wall-clock times in Dallas: what must never be offered. */
const busyInDallas = [
  // outlook.ics: the weekly standup, Mondays and Thursdays 11:00-12:00 in its "Eastern Standard Time"
  // (its own VTIMEZONE), 10:00-11:00 in Dallas before and after the change.
  ['2026-10-29', '10:00', '2026-10-29', '11:00'],
  ['2026-11-02', '10:00', '2026-11-02', '11:00'],
  // Thursday, November 5: its EXDATE. Monday the 9th: moved (RECURRENCE-ID) to Tuesday 15:00-16:00 Eastern.
  ['2026-11-10', '14:00', '2026-11-10', '15:00'],
  // google.ics: the all-day offsite on Tuesday, November 3; the dentist at 14:00-15:30 UTC on Friday, October 30.
  // Its transparent focus time (November 4, 9-12) and cancelled workshop (November 6, 13-17) are free.
  ['2026-11-03', '00:00', '2026-11-04', '00:00'],
  ['2026-10-30', '09:00', '2026-10-30', '10:30'],
  // floating.ics: a floating time (no zone), read in Dallas.
  ['2026-11-09', '13:00', '2026-11-09', '17:00'],
].map(([fromDate, from, toDate, to]) => ({ start: dallas(fromDate!, from!), end: dallas(toDate!, to!) }))

function dallas(date: string, time: string): number {
  return usWallClock(date, time)
}

/**
 * The starts a day should offer, from the fixture's booking.json: each window's grid, less what is past and
 * every start whose meeting, with the buffer on either side, touches a busy time.
 */
function expectedStarts(date: string): string[] {
  const booking = fixtureJson<BookingSettingsFile>('booking.json')
  const minute = 60_000
  const starts: string[] = []
  for (const window of ['morning', 'afternoon', 'evening'] as const) {
    const { from, to } = booking.windows[window]
    for (let start = dallas(date, from); start + booking.meetingMinutes * minute <= dallas(date, to); start += booking.meetingMinutes * minute) {
      const reach = { start: start - booking.bufferMinutes * minute, end: start + (booking.meetingMinutes + booking.bufferMinutes) * minute }
      if (start > now.getTime() && busyInDallas.every((busy) => busy.end <= reach.start || busy.start >= reach.end)) starts.push(new Date(start).toISOString())
    }
  }
  return starts
}

type Mode = 'serve' | 'fail' | 'hang'

/**
 * The calendars' server: what each address was asked (its conditional headers) and answered; the floating
 * one can fail. Beside it, another port of the same machine, which serves a calendar too: `otherAsked` counts its requests.
 */
async function calendarServer() {
  const other = { asked: 0 }
  const otherOrigin = await listening((_req, res) => {
    other.asked++
    res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(readFileSync(path.join(fixtures, 'floating.ics')))
  })
  const requests: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string; status: number }> = []
  const control = { floating: 'serve' as Mode }
  const lastModified = 'Tue, 20 Oct 2026 12:00:00 GMT'
  const origin = await listening((req, res) => {
    const seen = { path: req.url!, ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'] }
    const send = (status: number, body = '', headers: Record<string, string> = {}) => {
      requests.push({ ...seen, status })
      res.writeHead(status, { 'Content-Type': 'text/calendar; charset=utf-8', ...headers }).end(body)
    }
    const file = (name: string) => readFileSync(path.join(fixtures, name), 'utf8')
    if (req.url === '/calendar/ical/s3cr3t-google/basic.ics') {
      // Google answers with an ETag.
      if (req.headers['if-none-match'] === '"g1"') return send(304, '', { ETag: '"g1"' })
      return send(200, file('google.ics'), { ETag: '"g1"' })
    }
    if (req.url === '/owa/calendar/s3cr3t-outlook/calendar.ics') {
      // This server gives only Last-Modified.
      if (req.headers['if-modified-since'] === lastModified) return send(304)
      return send(200, file('outlook.ics'), { 'Last-Modified': lastModified })
    }
    if (req.url === '/dav/basic.ics') {
      // A calendar behind a user name and password (Nextcloud's export, a CalDAV server's .ics).
      if (req.headers.authorization !== `Basic ${Buffer.from('agency:pa ss').toString('base64')}`) return send(401)
      return send(200, file('floating.ics'))
    }
    // A calendar moved on its own host; two addresses that send their askers to another port of the machine.
    if (req.url === '/moved.ics') return send(302, '', { Location: '/s3cr3t-floating.ics' })
    if (req.url === '/to-other-port.ics') return send(302, '', { Location: `${otherOrigin}/calendar.ics` })
    if (req.url === '/to-localhost.ics') return send(307, '', { Location: `${otherOrigin.replace('127.0.0.1', 'localhost')}/calendar.ics` })
    // A page where the calendar was, and an error in words of the server's own.
    if (req.url === '/page.ics') return send(200, '<html>SECRET</html>', { 'Content-Type': 'text/html' })
    if (req.url === '/own-words.ics') {
      requests.push({ ...seen, status: 503 })
      return res.writeHead(503, 'SECRET reason').end('SECRET body')
    }
    if (req.url === '/s3cr3t-floating.ics') {
      if (control.floating === 'fail') return send(500, 'oops')
      if (control.floating === 'hang') return requests.push({ ...seen, status: 0 })
      return send(200, file('floating.ics'))
    }
    send(404)
  })
  return {
    requests,
    control,
    other: { host: new URL(otherOrigin).host, asked: () => other.asked },
    host: new URL(origin).host,
    urls: [`${origin}/calendar/ical/s3cr3t-google/basic.ics`, `${origin}/owa/calendar/s3cr3t-outlook/calendar.ics`, `${origin}/s3cr3t-floating.ics`],
  }
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A service reading `urls` every 200 ms; a read fails after `timeoutMs` (long enough for a busy machine, unless a test waits for it). */
async function serviceReading(
  urls: string[],
  { logger = capturedLogger().logger, timeoutMs = 5000, redirectHosts = [] as string[] } = {},
): Promise<RunningService> {
  const service = await startService(
    {
      ...testServiceOptions,
      ...(await freshStore()),
      metricsToken,
      busyCalendarUrls: urls,
      busyCalendarRefreshMs: 200,
      busyCalendarTimeoutMs: timeoutMs,
      busyCalendarRedirectHosts: redirectHosts,
    },
    { logger, now: () => now },
  )
  cleanups.push(() => service.close())
  return service
}

const calendarsOf = async (service: RunningService) =>
  ((await (await fetch(`${service.url}/api/admin/busy-calendars`, { headers: adminHeader })).json()) as BusyCalendars).calendars

const availabilityOf = async (service: RunningService) => (await (await fetch(`${service.url}/api/availability`)).json()) as Availability

/** The start of each meeting offered on `date`, as instants. */
const startsOn = (availability: Availability, date: string) => availability.days.find((day) => day.date === date)?.starts.map((free) => free.start)

describe('the agency busy calendars (BUSY_CALENDAR_URLS)', () => {
  it('offers no start over a busy time of any calendar, and every other start', async () => {
    const calendars = await calendarServer()
    const service = await serviceReading(calendars.urls)
    await expect.poll(async () => (await calendarsOf(service)).every((calendar) => calendar.lastReadAt !== null)).toBe(true)

    const availability = await availabilityOf(service)
    const dates = availability.days.map((day) => day.date)
    expect(dates).toEqual([
      '2026-10-29',
      '2026-10-30',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
    ])
    for (const date of dates) expect(startsOn(availability, date), date).toEqual(expectedStarts(date))

    // The same, read as a person would: before and after the change, the standup takes 9:30 to 11:00 (with the 15-minute buffer).
    const times = (date: string, window: string) =>
      availability.days
        .find((day) => day.date === date)!
        .starts.filter((free) => free.window === window)
        .map((free) => dallasClock(free.start))
    expect(times('2026-10-29', 'morning')).toEqual(['09:00', '11:30'])
    expect(times('2026-11-02', 'morning')).toEqual(['09:00', '11:30'])
    expect(times('2026-11-05', 'morning')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'])
    expect(times('2026-11-09', 'morning')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'])
    expect(times('2026-11-10', 'afternoon')).toEqual(['13:00', '15:30', '16:00', '16:30'])
    expect(times('2026-11-04', 'morning')).toHaveLength(6)
    expect(times('2026-11-06', 'afternoon')).toHaveLength(8)
    expect(availability.days.find((day) => day.date === '2026-11-03')).toMatchObject({
      starts: [],
      windows: { morning: false, afternoon: false, evening: false },
    })
    expect(availability.days.find((day) => day.date === '2026-11-09')!.windows).toEqual({ morning: true, afternoon: false, evening: true })

    const state = await calendarsOf(service)
    expect(state.map(({ host, error, failedReads }) => ({ host, error, failedReads }))).toEqual(
      Array.from({ length: 3 }, () => ({ host: calendars.host, error: null, failedReads: 0 })),
    )
    // Only the host: the path of each address is its secret.
    expect(JSON.stringify(state)).not.toContain('s3cr3t')
  })

  it('books the first start after the busy time of a window whose first starts are busy, and refuses a move into busy time', async () => {
    const calendars = await calendarServer()
    const service = await serviceReading(calendars.urls)
    await expect.poll(async () => (await calendarsOf(service)).every((calendar) => calendar.lastReadAt !== null)).toBe(true)

    // Friday, October 30: the dentist, 9:00-10:30; with the buffer, 11:00 is the morning's first free start.
    const booked = await json(`${service.url}/api/consultation`, validConsultation({ date: '2026-10-30', timeSlot: 'morning' }))
    expect(booked.status).toBe(201)
    expect(((await booked.json()) as { meeting: { start: string } }).meeting.start).toBe(new Date(dallas('2026-10-30', '11:00')).toISOString())
    const agenda = await fetch(`${service.url}/api/admin/meetings?from=2026-10-29&days=14`, { headers: adminHeader })
    const [meeting] = ((await agenda.json()) as { meetings: Array<{ id: string }> }).meetings

    // Tuesday, November 3, is all-day busy: the window is full.
    const offsite = await json(`${service.url}/api/consultation`, validConsultation({ date: '2026-11-03', timeSlot: 'morning', email: 'b@example.com' }))
    expect(offsite.status).toBe(400)

    const move = (start: number) =>
      fetch(`${service.url}/api/admin/meetings/${meeting!.id}/move`, {
        method: 'POST',
        headers: { ...adminHeader, 'Content-Type': 'application/json' },
        body: JSON.stringify({ start: new Date(start).toISOString() }),
      })
    expect((await move(dallas('2026-11-02', '10:00'))).status).toBe(400)
    expect((await move(dallas('2026-11-02', '11:30'))).status).toBe(200)
  })

  it('reads again with the ETag or Last-Modified it was given, and keeps its copy on a 304', async () => {
    const calendars = await calendarServer()
    const service = await serviceReading(calendars.urls.slice(0, 2))
    const of = (part: string) => calendars.requests.filter((request) => request.path.includes(part))
    await expect.poll(() => Math.min(of('google').length, of('outlook').length)).toBeGreaterThanOrEqual(3)
    expect(of('google').slice(0, 3)).toEqual([
      { path: '/calendar/ical/s3cr3t-google/basic.ics', ifNoneMatch: undefined, ifModifiedSince: undefined, status: 200 },
      { path: '/calendar/ical/s3cr3t-google/basic.ics', ifNoneMatch: '"g1"', ifModifiedSince: undefined, status: 304 },
      { path: '/calendar/ical/s3cr3t-google/basic.ics', ifNoneMatch: '"g1"', ifModifiedSince: undefined, status: 304 },
    ])
    expect(
      of('outlook')
        .slice(0, 3)
        .map(({ ifModifiedSince, status }) => [ifModifiedSince, status]),
    ).toEqual([
      [undefined, 200],
      ['Tue, 20 Oct 2026 12:00:00 GMT', 304],
      ['Tue, 20 Oct 2026 12:00:00 GMT', 304],
    ])
    const availability = await availabilityOf(service)
    expect(startsOn(availability, '2026-10-30')).toEqual(expectedStarts('2026-10-30'))
    expect(startsOn(availability, '2026-11-02')).toEqual(expectedStarts('2026-11-02'))
    expect((await calendarsOf(service)).map((calendar) => [calendar.busyTimes, calendar.error])).toEqual([
      [2, null],
      // The standup from yesterday to a month ahead: October 29 to November 26, less the EXDATE, one moved.
      [8, null],
    ])
  })

  it('keeps the last good copy when a calendar fails (500, then no answer), logs it once, counts it and shows it to the admin', async () => {
    const calendars = await calendarServer()
    const { logger, lines } = capturedLogger()
    const service = await serviceReading(calendars.urls, { logger, timeoutMs: 1500 })
    await expect.poll(async () => (await calendarsOf(service))[2]!.lastReadAt).not.toBeNull()

    calendars.control.floating = 'fail'
    await expect.poll(async () => (await calendarsOf(service))[2]!.failedReads).toBeGreaterThanOrEqual(2)
    expect((await calendarsOf(service))[2]).toMatchObject({ host: calendars.host, busyTimes: 1, error: `${calendars.host} answered 500 Internal Server Error` })
    calendars.control.floating = 'hang'
    await expect.poll(async () => (await calendarsOf(service))[2]!.error).toBe(`${calendars.host} did not answer within 1.5 seconds`)
    const failed = (await calendarsOf(service))[2]!.failedReads
    expect(failed).toBeGreaterThanOrEqual(3)

    // The site visit read before still counts: Monday, November 9, has no afternoon.
    const availability = await availabilityOf(service)
    expect(startsOn(availability, '2026-11-09')).toEqual(expectedStarts('2026-11-09'))
    expect(availability.days.find((day) => day.date === '2026-11-09')!.windows.afternoon).toBe(false)

    const warnings = lines.filter((line) => line.msg === 'busy calendar could not be read: the busy times read before stay in force' && line.calendar === 3)
    expect(warnings).toEqual([
      expect.objectContaining({ level: 40, calendar: 3, host: calendars.host, error: `${calendars.host} answered 500 Internal Server Error` }),
    ])
    expect(JSON.stringify(lines)).not.toContain('s3cr3t')

    const metrics = await (await fetch(`${service.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text()
    const sample = (name: string, calendar: number) =>
      Number(new RegExp(`^${name}\\{calendar="${calendar}",host="${calendars.host}"\\} (\\S+)$`, 'm').exec(metrics)?.[1])
    expect(sample('forms_busy_calendar_read_failures_total', 3)).toBeGreaterThanOrEqual(failed)
    expect(sample('forms_busy_calendar_read_failures_total', 1)).toBe(0)
    expect(sample('forms_busy_calendar_last_read_timestamp_seconds', 3)).toBe(now.getTime() / 1000)

    // Served again: read, the error gone, logged as recovered.
    calendars.control.floating = 'serve'
    await expect.poll(async () => (await calendarsOf(service))[2]!.error).toBeNull()
    expect(lines.filter((line) => line.msg === 'busy calendar read again')).toEqual([expect.objectContaining({ level: 30, calendar: 3 })])
  })

  it('sends the user name and password of an address as Basic authorization, and shows neither', async () => {
    const calendars = await calendarServer()
    const service = await serviceReading([`http://agency:pa%20ss@${calendars.host}/dav/basic.ics`])
    await expect.poll(async () => (await calendarsOf(service))[0]!.lastReadAt).not.toBeNull()
    expect(await calendarsOf(service)).toEqual([expect.objectContaining({ host: calendars.host, busyTimes: 1, error: null })])
    expect(JSON.stringify(await calendarsOf(service))).not.toContain('agency')
  })

  it('follows a redirect on its own host, refuses one to another port of the machine unless BUSY_CALENDAR_REDIRECT_HOSTS lists it', async () => {
    const calendars = await calendarServer()
    const origin = `http://${calendars.host}`
    const service = await serviceReading([`${origin}/moved.ics`, `${origin}/to-other-port.ics`, `${origin}/to-localhost.ics`])
    await expect.poll(async () => (await calendarsOf(service)).every((calendar) => calendar.lastReadAt !== null || calendar.error !== null)).toBe(true)
    const unlisted = 'which BUSY_CALENDAR_REDIRECT_HOSTS does not list'
    expect((await calendarsOf(service)).map(({ busyTimes, error }) => ({ busyTimes, error }))).toEqual([
      { busyTimes: 1, error: null },
      { busyTimes: 0, error: `${calendars.host} redirected to another port of its machine (${calendars.other.host}), ${unlisted}` },
      { busyTimes: 0, error: `${calendars.host} redirected to another host (${calendars.other.host.replace('127.0.0.1', 'localhost')}), ${unlisted}` },
    ])
    expect(calendars.other.asked()).toBe(0)

    const listing = await serviceReading([`${origin}/to-other-port.ics`], { redirectHosts: [calendars.other.host] })
    await expect.poll(async () => (await calendarsOf(listing))[0]).toMatchObject({ busyTimes: 1, error: null })
    expect(calendars.other.asked()).toBeGreaterThan(0)
  })

  it('shows the admin what kind of answer a server gave, never what it wrote', async () => {
    const calendars = await calendarServer()
    const { logger, lines } = capturedLogger()
    const service = await serviceReading([`http://${calendars.host}/page.ics`, `http://${calendars.host}/own-words.ics`], { logger })
    await expect.poll(async () => (await calendarsOf(service)).every((calendar) => calendar.error !== null)).toBe(true)
    expect((await calendarsOf(service)).map((calendar) => calendar.error)).toEqual([
      `what ${calendars.host} sent is not an iCalendar file (it has no BEGIN:VCALENDAR)`,
      `${calendars.host} answered 503 Service Unavailable`,
    ])
    expect(JSON.stringify(await calendarsOf(service))).not.toContain('SECRET')
    expect(JSON.stringify(lines)).not.toContain('SECRET')
  })

  it('answers bookings before the first read, and says when no calendar is set', async () => {
    // An address that never answers: the service starts and books at once.
    const calendars = await calendarServer()
    calendars.control.floating = 'hang'
    const service = await serviceReading([calendars.urls[2]!])
    const booked = await json(`${service.url}/api/consultation`, validConsultation({ date: '2026-11-09', timeSlot: 'afternoon' }))
    expect(booked.status).toBe(201)
    expect(await calendarsOf(service)).toEqual([expect.objectContaining({ lastReadAt: null, busyTimes: 0 })])

    const without = await serviceReading([])
    expect(await calendarsOf(without)).toEqual([])
  })
})
