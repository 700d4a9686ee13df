// Booking under load, for `npm run bench:api`: GET /api/availability per second against /healthz on the
// same service, with 10,000 future meetings stored and a busy calendar of 500 events (embedded store and
// PostgreSQL), and booking POSTs per second against contact POSTs in the same run of the same service. The service reads a copy of content/ with room for 50 meetings at once, so
// that ten seconds of bookings do not fill the two weeks (the real content holds one).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import autocannon from 'autocannon'
import { api } from '../contract/wire/api.ts'
import { bookableDays, bookingSettings, timeSlotValues, windowStarts, type BookingSettingsFile } from '../contract/booking/booking.ts'
import { consultationDates } from '../contract/booking/consultationDates.ts'
import { writeExport } from '../forms-service/store/exportFile.js'
import { emptyData, type ConsultationRecord } from '../forms-service/store/records.js'
import { openStore } from '../forms-service/store/store.js'
import type { TestPostgres } from './postgres.ts'
import { startService, stop } from './bench-service.ts'

const root = path.resolve(import.meta.dirname, '..')
const futureMeetings = 10_000

/** The files the service reads of content/, with `atOnce` raised. */
function benchContent(workDir: string, atOnce: number): string {
  const dir = path.join(workDir, 'content')
  mkdirSync(dir, { recursive: true })
  for (const name of ['site.json', 'analysis.json', 'closed-days.json', 'ui.json', 'emails'])
    cpSync(path.join(root, 'content', name), path.join(dir, name), { recursive: true })
  const booking = JSON.parse(readFileSync(path.join(root, 'content', 'booking.json'), 'utf8')) as BookingSettingsFile
  writeFileSync(path.join(dir, 'booking.json'), JSON.stringify({ ...booking, atOnce }))
  return dir
}

/** 10,000 requests with meetings on every free start of the weekdays from tomorrow on, one seat each. */
function seededMeetings(contentDir: string) {
  const settings = bookingSettings(JSON.parse(readFileSync(path.join(contentDir, 'booking.json'), 'utf8')))
  const data = emptyData()
  const step = Math.ceil((settings.meetingMinutes + settings.bufferMinutes) / settings.meetingMinutes)
  for (let days = 1; data.consultations.length < futureMeetings; days += 30) {
    for (const date of bookableDays(new Date(Date.now() + (days - 1) * 86_400_000), [], 30)) {
      for (const window of timeSlotValues) {
        // Every other start with a buffer that takes two cells: the starts a window can hold.
        for (const start of windowStarts(date, window, settings).filter((_, i) => i % step === 0)) {
          if (data.consultations.length >= futureMeetings) break
          const id = crypto.randomUUID()
          const record: ConsultationRecord = {
            id,
            receivedAt: new Date().toISOString(),
            businessName: `Business ${id.slice(0, 8)}`,
            contactName: 'Pat Example',
            email: 'pat@example.com',
            phone: '214-555-0100',
            serviceInterest: 'website-design',
            date,
            timeSlot: window,
            meeting: {
              id: crypto.randomUUID(),
              start,
              end: new Date(Date.parse(start) + settings.meetingMinutes * 60_000).toISOString(),
              state: 'booked',
              sequence: 0,
              history: [],
            },
          }
          data.consultations.push(record)
        }
      }
    }
  }
  return { data, settings }
}

/** GETs per second and p50 of `url`, as a browser asks (gzip accepted). */
async function gets(url: string, connections: number, duration: number) {
  const result = await autocannon({ url, connections, duration, headers: { 'accept-encoding': 'gzip, deflate, br' } })
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx} answers not 2xx, ${result.errors} errors`)
  return { perSecond: Math.round(result['2xx'] / result.duration), p50: result.latency.p50 }
}

/**
 * The agency's busy calendar: 500 one-hour events on the weekdays of the coming weeks, in Central time,
 * served as an iCalendar file the way Google or Outlook publish one.
 */
async function busyCalendarServer(): Promise<{ url: string; close: () => void }> {
  const stamp = (at: number) =>
    new Date(at)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')
  const events: string[] = []
  const first = Date.now() + 86_400_000
  for (let i = 0; i < 500; i++) {
    // Spread over five weeks: some in the windows, some before or after them.
    const start = Math.floor(first / 3_600_000) * 3_600_000 + (i % 35) * 86_400_000 + Math.floor(i / 35) * 3_600_000
    events.push(
      `BEGIN:VEVENT\r\nUID:busy-${i}@bench\r\nDTSTAMP:${stamp(first)}\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(start + 3_600_000)}\r\nSUMMARY:Busy\r\nEND:VEVENT\r\n`,
    )
  }
  const body = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n${events.join('')}END:VCALENDAR\r\n`
  const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(body))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/busy.ics`, close: () => server.close() }
}

async function post(url: string, path: string, body: (i: number) => unknown, connections: number, duration: number) {
  let counter = 0
  const result = await autocannon({
    url: `${url}${path}`,
    connections,
    duration,
    requests: [
      { method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request) => ({ ...request, body: JSON.stringify(body(counter++)) }) },
    ],
  })
  return { perSecond: Math.round(result['2xx'] / result.duration), p99: result.latency.p99, refused: result.non2xx, errors: result.errors + result.timeouts }
}

export async function benchBooking(workDir: string, postgres: TestPostgres, options: { connections: number; duration: number }): Promise<void> {
  const contentDir = benchContent(workDir, 50)
  const { data, settings } = seededMeetings(contentDir)
  const dataFile = path.join(workDir, 'meetings.json')
  await writeExport(dataFile, data)
  const databaseUrl = await postgres.createDatabase()
  const seeded = await openStore({ databaseUrl, dataFile: null, compactJournalBytes: 1 << 24 }, { booking: settings })
  await seeded.importData(data)
  await seeded.close()
  const busy = await busyCalendarServer()
  console.log(
    `\n| GET, ${futureMeetings.toLocaleString('en-US')} future meetings, a busy calendar of 500 events, ${options.connections} connections | /api/availability | /healthz | Ratio |\n|---|---:|---:|---:|`,
  )
  for (const [label, env] of [
    ['embedded', {}],
    ['PostgreSQL', { DATABASE_URL: databaseUrl }],
  ] as const) {
    // The per-address limit on availability is off: one client here stands for many visitors.
    const { url, child } = await startService(dataFile, workDir, {
      CONTENT_DIR: contentDir,
      BUSY_CALENDAR_URLS: busy.url,
      AVAILABILITY_PER_MINUTE: '0',
      ...env,
    })
    try {
      await fetch(`${url}/api/availability`)
      // Alternating rounds, so that whatever else the machine does falls on both alike; medians of three.
      const rounds: Array<{ available: Awaited<ReturnType<typeof gets>>; health: Awaited<ReturnType<typeof gets>> }> = []
      for (let round = 0; round < 3; round++) {
        const seconds = Math.max(2, Math.round(options.duration / 3))
        rounds.push({
          available: await gets(`${url}/api/availability`, options.connections, seconds),
          health: await gets(`${url}/healthz`, options.connections, seconds),
        })
      }
      const median = (figures: Array<{ perSecond: number; p50: number }>) => figures.toSorted((a, b) => a.perSecond - b.perSecond)[1]!
      const available = median(rounds.map((round) => round.available))
      const health = median(rounds.map((round) => round.health))
      console.log(
        `| ${label} | ${available.perSecond.toLocaleString('en-US')}/s (p50 ${available.p50} ms) | ${health.perSecond.toLocaleString('en-US')}/s (p50 ${health.p50} ms) | ${(available.perSecond / health.perSecond).toFixed(2)} |`,
      )
    } finally {
      await stop(child)
    }
  }
  busy.close()

  // Bookings spread over the days and windows offered, against contact messages, on one fresh service.
  const dates = consultationDates(
    new Date(),
    JSON.parse(readFileSync(path.join(contentDir, 'closed-days.json'), 'utf8')).map((day: { date: string }) => day.date),
  )
  const { url, child } = await startService(path.join(workDir, `booking-${Date.now()}.json`), workDir, { CONTENT_DIR: contentDir })
  try {
    const consultation = (i: number) => ({
      businessName: 'Bench Bakery',
      contactName: 'Pat Example',
      email: `pat-${i}@example.com`,
      phone: '214-555-0100',
      serviceInterest: 'website-design',
      date: dates[i % dates.length]!.value,
      timeSlot: timeSlotValues[Math.floor(i / dates.length) % timeSlotValues.length],
    })
    const contact = (i: number) => ({ name: 'Pat Example', email: `pat-${i}@example.com`, phone: '214-555-0100', business: 'Bench Bakery', service: 'website' })
    const booking = await post(url, api.forms.consultation.path, consultation, options.connections, options.duration)
    const message = await post(url, api.forms.contact.path, contact, options.connections, options.duration)
    console.log(`\n| POST (embedded store, ${options.connections} connections) | Stored/s | p99 | Refused |\n|---|---:|---:|---:|`)
    console.log(`| ${api.forms.consultation.path} (a meeting each) | ${booking.perSecond} | ${booking.p99} ms | ${booking.refused} |`)
    console.log(`| ${api.forms.contact.path} | ${message.perSecond} | ${message.p99} ms | ${message.refused} |`)
    console.log(`Booking / contact: ${(booking.perSecond / message.perSecond).toFixed(2)}`)
  } finally {
    await stop(child)
  }
}
