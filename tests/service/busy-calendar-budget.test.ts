import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BusyCalendars } from '../../contract/booking/busyCalendar.js'
import { startService, type RunningService } from '../../forms-service/service.js'
import { capturedLogger, freshStore, json, listening, testServiceOptions, validConsultation, adminHeader } from './helpers.js'
import { usWallClock } from '../usTime.js'

// A calendar anyone who may add an event to a shared calendar can write: 100 events that repeat every
// second without end (15 kB). Read on the main thread, it held every request for half a minute, at every
// refresh. Served beside Google's file (tests/service/fixtures/busy-calendars/google.ics) to a service whose
// clock says Wednesday, October 28, 2026, 10:00 in Dallas.
const now = new Date('2026-10-28T15:00:00Z')
const metricsToken = 'a-metrics-token-of-32-characters-or-more'
const google = readFileSync(path.resolve(import.meta.dirname, 'fixtures/busy-calendars/google.ics'), 'utf8')
const everySecond = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//red team//EN',
  ...Array.from({ length: 100 }, (_, i) =>
    [
      'BEGIN:VEVENT',
      `UID:second-${i}@example.com`,
      'DTSTAMP:20261020T120000Z',
      'DTSTART:20261027T000000Z',
      'DURATION:PT1S',
      'RRULE:FREQ=SECONDLY',
      'END:VEVENT',
    ].join('\r\n'),
  ),
  'END:VCALENDAR',
  '',
].join('\r\n')

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Serves /every-second.ics and /google.ics, counting how often the first was asked for. */
async function calendarServer() {
  const asked = { everySecond: 0 }
  const origin = await listening((req, res) => {
    if (req.url === '/every-second.ics') asked.everySecond++
    const body = req.url === '/every-second.ics' ? everySecond : req.url === '/google.ics' ? google : null
    if (body === null) return res.writeHead(404).end()
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(body)
  })
  return { asked, host: new URL(origin).host, urls: [`${origin}/every-second.ics`, `${origin}/google.ics`] }
}

const calendarsOf = async (service: RunningService) =>
  ((await (await fetch(`${service.url}/api/admin/busy-calendars`, { headers: adminHeader })).json()) as BusyCalendars).calendars

/** The milliseconds each /healthz took, asked one after another until `until` settles (and at least `atLeast` times). */
async function healthzTimes(service: RunningService, until: Promise<unknown>, atLeast: number): Promise<number[]> {
  let settled = false
  until.then(
    () => (settled = true),
    () => (settled = true),
  )
  const times: number[] = []
  while (!settled || times.length < atLeast) {
    const start = performance.now()
    const response = await fetch(`${service.url}/healthz`)
    await response.arrayBuffer()
    times.push(performance.now() - start)
    expect(response.status).toBe(200)
  }
  return times
}

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.ceil((times.length * p) / 100) - 1]!

describe('a busy calendar that costs too much to read', () => {
  it('is read beside the requests: /healthz stays quick, bookings go on with the other calendar, and the admin and /metrics say which limit it passed', async () => {
    const calendars = await calendarServer()
    const { logger, lines } = capturedLogger()
    const service = await startService(
      { ...testServiceOptions, ...(await freshStore()), metricsToken, busyCalendarUrls: calendars.urls, busyCalendarRefreshMs: 200 },
      { logger, now: () => now },
    )
    cleanups.push(() => service.close())
    await expect.poll(() => calendars.asked.everySecond).toBeGreaterThan(0)

    // Refused at every refresh (200 ms), it is being read throughout: the first read and those after it.
    const meanwhile = (async () => {
      await expect.poll(async () => (await calendarsOf(service))[1]!.lastReadAt).not.toBeNull()
      // Friday, October 30: Google's dentist, 9:00-10:30; with the buffer, 11:00 is the morning's first free start.
      const booked = await json(`${service.url}/api/consultation`, validConsultation({ date: '2026-10-30', timeSlot: 'morning' }))
      expect(booked.status).toBe(201)
      expect(((await booked.json()) as { meeting: { start: string } }).meeting.start).toBe(new Date(usWallClock('2026-10-30', '11:00')).toISOString())
      await expect.poll(async () => (await calendarsOf(service))[0]!.overBudget).toBe('occurrences')
      const refusedAt = calendars.asked.everySecond
      // Each read of it spends its whole budget first: on a loaded machine two of them take a while.
      await expect.poll(() => calendars.asked.everySecond, { timeout: 30_000 }).toBeGreaterThan(refusedAt + 1)
    })()
    const times = await healthzTimes(service, meanwhile, 300)
    await meanwhile
    expect(percentile(times, 99)).toBeLessThan(100)

    const [refused, read] = await calendarsOf(service)
    expect(refused).toEqual({
      host: calendars.host,
      lastReadAt: null,
      busyTimes: 0,
      error: `what ${calendars.host} sent repeats its events more often than a calendar's 50,000 occurrences (an event that repeats every minute or second, without end?)`,
      overBudget: 'occurrences',
      overBudgetReads: { time: 0, memory: 0, occurrences: expect.any(Number) },
      failedReads: refused!.overBudgetReads.occurrences,
    })
    expect(refused!.failedReads).toBeGreaterThanOrEqual(2)
    expect(read).toMatchObject({ busyTimes: 2, error: null, overBudget: null, failedReads: 0 })

    const warnings = lines.filter((line) => line.msg === 'busy calendar could not be read: the busy times read before stay in force')
    expect(warnings).toEqual([expect.objectContaining({ level: 40, calendar: 1, host: calendars.host, overBudget: 'occurrences', error: refused!.error })])

    const metrics = await (await fetch(`${service.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text()
    const sample = (calendar: number, reason: string) =>
      Number(
        new RegExp(`^forms_busy_calendar_over_budget_total\\{calendar="${calendar}",host="${calendars.host}",reason="${reason}"\\} (\\S+)$`, 'm').exec(
          metrics,
        )?.[1],
      )
    expect(sample(1, 'occurrences')).toBeGreaterThanOrEqual(refused!.overBudgetReads.occurrences)
    expect(sample(1, 'time')).toBe(0)
    expect(sample(2, 'occurrences')).toBe(0)
  }, 90_000)
})
