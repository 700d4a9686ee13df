// Booking under load, for `npm run bench:api`: the availability answer with 10,000 future meetings
// stored (embedded store and PostgreSQL), and booking POSTs per second against contact POSTs in the same
// run of the same service. The service reads a copy of content/ with room for 50 meetings at once, so
// that ten seconds of bookings do not fill the two weeks (the real content holds one).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { api } from '../contract/api.ts'
import { bookableDays, bookingSettings, timeSlotValues, windowStarts, type BookingSettingsFile } from '../contract/booking.ts'
import { consultationDates } from '../contract/consultationDates.ts'
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
  for (const name of ['site.json', 'analysis.json', 'closed-days.json', 'emails'])
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

async function medianMs(url: string, runs = 9): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const res = await fetch(url)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${url}: ${res.status}`)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return Math.round(times[Math.floor(runs / 2)]! * 10) / 10
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
  for (const [label, env] of [
    ['embedded', {}],
    ['PostgreSQL', { DATABASE_URL: databaseUrl }],
  ] as const) {
    const { url, child } = await startService(dataFile, workDir, { CONTENT_DIR: contentDir, ...env })
    try {
      await fetch(`${url}/api/availability`)
      console.log(
        `Availability with ${futureMeetings.toLocaleString('en-US')} future meetings stored (${label}): ${await medianMs(`${url}/api/availability`)} ms (median of 9, whole round trip)`,
      )
    } finally {
      await stop(child)
    }
  }

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
