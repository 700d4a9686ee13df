// The admin inbox and the email outbox under load, for `npm run bench:api` (which starts the services).
import path from 'node:path'
import autocannon from 'autocannon'
import { emptyData, type ConsultationRecord } from '../forms-service/store/records.js'
import { readExport, writeExport } from '../forms-service/store/exportFile.js'
import { openStore } from '../forms-service/store/store.js'
import type { TestPostgres } from './postgres.ts'
import { freePort, silentServer } from './net.ts'
import { adminPassword, startService, stop } from './bench-service.ts'

const storedRequests = 100_000
const services = ['website-design', 'app-design', 'digital-marketing', 'automation', 'ai-agents'] as const
const slots = ['morning', 'afternoon', 'evening'] as const
const statuses = ['new', 'contacted', 'closed'] as const

/** 100,000 consultation requests, a third of them contacted and a third closed; one in 50 from a "José Hernández". */
async function seededRequests(dir: string): Promise<string> {
  const dataFile = path.join(dir, 'inbox.json')
  const data = emptyData()
  const start = Date.parse('2025-01-01T00:00:00Z')
  for (let i = 0; i < storedRequests; i++) {
    const receivedAt = new Date(start + i * 60_000).toISOString()
    const status = statuses[i % 3]!
    const record: ConsultationRecord = {
      id: crypto.randomUUID(),
      receivedAt,
      businessName: `Business ${i}`,
      website: `https://business-${i}.example.com`,
      contactName: i % 50 === 0 ? `José Hernández ${i}` : `Person ${i}`,
      email: `person-${i}@example.com`,
      phone: `214-555-${String(i % 10_000).padStart(4, '0')}`,
      serviceInterest: services[i % services.length]!,
      date: `2025-07-${String(1 + (i % 28)).padStart(2, '0')}`,
      timeSlot: slots[i % slots.length]!,
      message: 'We would like to talk about our website and the bookings it brings in.',
      ...(status === 'new' ? {} : { status, statusChanges: [{ status, at: receivedAt }] }),
    }
    data.consultations.push(record)
  }
  await writeExport(dataFile, data)
  return dataFile
}

async function medianMs(url: string, runs = 9): Promise<{ ms: number; bytes: number; total: number }> {
  const times: number[] = []
  let bytes = 0
  let total = 0
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const res = await fetch(url, { headers: { Authorization: `Bearer ${adminPassword}` } })
    const body = await res.text()
    times.push(performance.now() - start)
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body}`)
    bytes = body.length
    // A list's matches, or a person's records.
    const answer = JSON.parse(body) as { total?: number; records?: unknown[] }
    total = answer.total ?? answer.records?.length ?? 1
  }
  times.sort((a, b) => a - b)
  return { ms: Math.round(times[Math.floor(runs / 2)]! * 10) / 10, bytes, total }
}

/** The seeded requests in a data file and, imported, in a fresh database: the same records on both stores. */
async function seededOnBothStores(workDir: string, postgres: TestPostgres) {
  const dataFile = await seededRequests(workDir)
  console.log(`Seeded ${storedRequests.toLocaleString('en-US')} requests; importing them into PostgreSQL...`)
  const databaseUrl = await postgres.createDatabase()
  const database = await openStore({ dataFile: null, databaseUrl, compactJournalBytes: 0 })
  const data = await readExport(dataFile)
  await database.importData(data)
  await database.close()
  return { dataFile, databaseUrl, data }
}

type Store = 'embedded' | 'PostgreSQL'

/** Each route's median (medianMs) on the embedded store, then on PostgreSQL: a service on each in turn. */
async function timedOnBothStores(
  stores: { dataFile: string; databaseUrl: string },
  workDir: string,
  routes: Record<string, string>,
): Promise<Record<string, Record<Store, { ms: number; total: number }>>> {
  const times: Record<string, Partial<Record<Store, { ms: number; total: number }>>> = {}
  for (const [store, env] of [
    ['embedded', {}],
    ['PostgreSQL', { DATABASE_URL: stores.databaseUrl }],
  ] as const) {
    const { url, child } = await startService(stores.dataFile, workDir, env)
    try {
      for (const [label, route] of Object.entries(routes)) {
        times[label] ??= {}
        times[label][store] = await medianMs(`${url}${route}`)
      }
    } finally {
      await stop(child)
    }
  }
  return times as Record<string, Record<Store, { ms: number; total: number }>>
}

/** The inbox's queries at 100,000 requests, on the embedded store and on PostgreSQL (same records, imported). */
export async function benchInbox(workDir: string, postgres: TestPostgres): Promise<void> {
  const stores = await seededOnBothStores(workDir, postgres)
  // One of ten requests sharing a phone (the seed's phones repeat every 10,000): a person of ten records.
  const someone = stores.data.consultations[77_777]!.id
  const queries = {
    'first page (50, newest first)': '',
    'status = contacted': '?status=contacted',
    'search a name': '?q=person%2077777',
    'search without accents (hernandez finds Hernández)': '?q=hernandez',
    'search a phone by digits': '?q=2145550042',
    'search with no match': '?q=nobody-at-all',
    'status + search, page 20': '?status=new&q=business&offset=950',
    'overdue first': '?sort=overdue',
    'by requested date': '?sort=requested',
    'spam view': '?status=spam',
  }
  const times = await timedOnBothStores(stores, workDir, {
    ...Object.fromEntries(Object.entries(queries).map(([label, query]) => [label, `/api/admin/consultations${query}`])),
    'one record (with the same address)': `/api/admin/consultations/${someone}`,
    "one record's person and timeline (same phone: 10 records)": `/api/admin/person/consultations/${someone}`,
  })
  console.log(`\nAdmin inbox at ${storedRequests.toLocaleString('en-US')} stored requests (median of 9, whole round trip):\n`)
  console.log('| Query | Embedded | PostgreSQL | Matches |\n|---|---:|---:|---:|')
  for (const [label, row] of Object.entries(times)) {
    console.log(`| ${label} | ${row.embedded.ms} ms | ${row.PostgreSQL.ms} ms | ${row.embedded.total.toLocaleString('en-US')} |`)
  }
}

/**
 * The admin's Overview at 100,000 stored requests (their ten weeks in one custom period, against the
 * period before), on the embedded store and on PostgreSQL: the whole round trip, median of 9.
 */
export async function benchOverview(workDir: string, postgres: TestPostgres): Promise<void> {
  const stores = await seededOnBothStores(workDir, postgres)
  const times = await timedOnBothStores(stores, workDir, {
    'custom period with every request': '/api/admin/overview?period=custom&from=2025-01-01&to=2025-03-31',
    'last 90 days (none of them)': '/api/admin/overview?period=90days',
  })
  console.log(`\nThe Overview at ${storedRequests.toLocaleString('en-US')} stored requests (median of 9, whole round trip):\n`)
  console.log('| Period | Embedded | PostgreSQL |\n|---|---:|---:|')
  for (const [label, row] of Object.entries(times)) console.log(`| ${label} | ${row.embedded.ms} ms | ${row.PostgreSQL.ms} ms |`)
}

/** Contact POSTs (two emails each) for `duration` s: p50 and p99. */
async function postContacts(url: string, options: { connections: number; duration: number }) {
  let counter = 0
  const result = await autocannon({
    url: `${url}/api/contact`,
    connections: options.connections,
    duration: options.duration,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            name: 'Ann Lee',
            email: `ann-${counter++}@example.com`,
            phone: '214-555-0142',
            business: 'Bakery',
            service: 'website',
            message: 'Hello',
          }),
        }),
      },
    ],
  })
  return {
    perSecond: Math.round(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

export async function benchEmailLatency(workDir: string, options: { connections: number; duration: number }): Promise<void> {
  const hanging = await silentServer()
  const modes: Array<[string, Record<string, string>]> = [
    ['emails queued, not sent', {}],
    ['SMTP down (connection refused)', { SEND_EMAILS: 'true', SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }],
    ['SMTP hanging (accepts, never answers)', { SEND_EMAILS: 'true', SMTP_URL: `smtp://127.0.0.1:${hanging.port}` }],
  ]
  const rows: Array<{ label: string } & Awaited<ReturnType<typeof postContacts>>> = []
  try {
    for (const [label, env] of modes) {
      const { url, child } = await startService(path.join(workDir, `email-${rows.length}.json`), workDir, env)
      try {
        rows.push({ label, ...(await postContacts(url, options)) })
      } finally {
        await stop(child)
      }
    }
  } finally {
    await hanging.close()
  }
  console.log(`\nContact POSTs (2 emails each), ${options.connections} connections, ${options.duration} s each:\n`)
  console.log('| Mail server | POSTs/s | p50 | p99 | p99 vs not sending | errors |\n|---|---:|---:|---:|---:|---:|')
  const base = rows[0]!.p99
  for (const row of rows)
    console.log(`| ${row.label} | ${row.perSecond.toLocaleString('en-US')} | ${row.p50} ms | ${row.p99} ms | ${(row.p99 / base).toFixed(2)} | ${row.errors} |`)
}
