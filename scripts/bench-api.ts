// `npm run bench:api`: acknowledged newsletter subscriptions per second and latency of the forms
// service, durable and memory-only, with 0 and with 100,000 stored subscribers, plus the time to serve
// the admin list at 100,000; the admin inbox's list and search at 100,000 stored requests; and contact
// POST latency while the mail server is down or hanging, against the same service not sending at all;
// the availability answer with 10,000 future meetings, and booking POSTs per second against contact POSTs.
// The service runs as its production build in a child process (one core); autocannon runs here (the
// other core).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { writeExport } from '../forms-service/store/exportFile.js'
import { emptyData } from '../forms-service/store/records.js'
import pg from 'pg'
import { startPostgres, type TestPostgres } from './postgres.ts'
import type { adminApi } from '../contract/wire/adminApi.ts'
import type { AnswerOf } from '../contract/wire/api.ts'
import { benchEmailLatency, benchInbox, benchOverview } from './bench-inbox.ts'
import { benchBooking } from './bench-booking.ts'
import { adminPassword, startBare, startService, stop } from './bench-service.ts'

const root = path.resolve(import.meta.dirname, '..')
const stored = 100_000
const connections = 50
const duration = Number(process.env.BENCH_SECONDS ?? 10)
/** Alternations of the bare endpoint and the service: rounds on this shared machine differ by a fifth and more. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)

interface Figures {
  perSecond: number
  p50: number
  p99: number
  acknowledged: number
  errors: number
}

/** 50 connections for 10 s, each request a new address. */
async function subscribe(url: string, label: string, amount?: number): Promise<Figures> {
  let counter = 0
  const result = await autocannon({
    url: `${url}/api/newsletter-subscription`,
    connections,
    ...(amount ? { amount } : { duration }),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: `${label}-${counter++}@bench.example.com` }) }),
      },
    ],
  })
  const seconds = result.duration
  return {
    perSecond: Math.round(result['2xx'] / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    acknowledged: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

/** From the admin's summary, not the list: the list's 13 MB of JSON would leave the service garbage to collect during the run. */
async function subscriberCount(url: string): Promise<number> {
  const res = await fetch(`${url}/api/admin/summary`, { headers: { Authorization: `Bearer ${adminPassword}` } })
  return ((await res.json()) as AnswerOf<typeof adminApi.summary>).subscribers.total
}

/** Median of 7 fetches of the whole list, in ms, and its size. */
async function adminListTime(url: string): Promise<{ ms: number; bytes: number }> {
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < 7; i++) {
    const start = performance.now()
    const res = await fetch(`${url}/api/admin/newsletter-subscribers`, { headers: { Authorization: `Bearer ${adminPassword}` } })
    bytes = (await res.arrayBuffer()).byteLength
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return { ms: Math.round(times[3]!), bytes }
}

async function seededDataFile(dir: string): Promise<string> {
  const dataFile = path.join(dir, `seeded-${Date.now()}.json`)
  const data = emptyData()
  const start = Date.parse('2025-01-01T00:00:00Z')
  for (let i = 0; i < stored; i++) {
    data.newsletterSubscribers.push({ id: crypto.randomUUID(), email: `seed-${i}@example.com`, subscribedAt: new Date(start + i * 60_000).toISOString() })
  }
  await writeExport(dataFile, data)
  return dataFile
}

type Mode = 'durable' | 'memory' | 'postgres'

/** 100,000 subscribers written straight into a migrated database. */
async function seedDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client(databaseUrl)
  await client.connect()
  try {
    await client.query(
      `INSERT INTO newsletter_subscribers (id, email, email_key, subscribed_at)
       SELECT gen_random_uuid()::text, 'seed-' || n || '@example.com', 'seed-' || n || '@example.com', timestamp '2025-01-01' + n * interval '1 minute'
       FROM generate_series(1, $1) AS n`,
      [stored],
    )
  } finally {
    await client.end()
  }
}

async function run(mode: Mode, seeded: boolean, workDir: string, postgres: TestPostgres | null, timeAdminList = true) {
  const dataFile =
    mode === 'memory' ? ':memory:' : mode === 'durable' && seeded ? await seededDataFile(workDir) : path.join(workDir, `empty-${Date.now()}.json`)
  const databaseUrl = mode === 'postgres' ? await postgres!.createDatabase() : null
  const { url, child } = await startService(dataFile, workDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {})
  try {
    if (seeded && mode === 'memory') await subscribe(url, 'seed', stored)
    if (seeded && databaseUrl) await seedDatabase(databaseUrl)
    const before = await subscriberCount(url)
    await subscribe(url, 'warmup', 2000)
    const afterWarmup = await subscriberCount(url)
    const figures = await subscribe(url, 'bench')
    const after = await subscriberCount(url)
    // autocannon stops counting at the deadline with up to one request per connection in flight.
    const storedNow = after - afterWarmup
    if (storedNow < figures.acknowledged || storedNow > figures.acknowledged + connections) {
      throw new Error(`${mode}: ${figures.acknowledged} acknowledged but ${storedNow} stored`)
    }
    const admin = seeded && timeAdminList ? await adminListTime(url) : null
    return { mode, storedBefore: before, ...figures, admin }
  } finally {
    await stop(child)
    if (mode === 'durable') removeDataFiles(dataFile)
  }
}

/**
 * The data file of a run and what the store kept beside it (journal, lock), removed once the run is
 * over, and the disk's writes settled: the next run starts on as quiet a disk as the first.
 */
function removeDataFiles(dataFile: string): void {
  const name = path.basename(dataFile)
  for (const file of readdirSync(path.dirname(dataFile))) if (file.startsWith(name)) rmSync(path.join(path.dirname(dataFile), file))
  execFileSync('sync')
}

/** The bare Koa + ajv endpoint that keeps nothing (bench-bare.ts), measured as the service is. */
async function runBare(workDir: string): Promise<Figures> {
  const { url, child } = await startBare(workDir)
  try {
    await subscribe(url, 'warmup', 2000)
    return await subscribe(url, 'bench')
  } finally {
    await stop(child)
  }
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = sorted.length / 2
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!
}

/**
 * Durable subscriptions at 100,000 stored against the bare endpoint, alternating `rounds` times: the
 * machine is shared, so only ratios measured side by side mean something; their median is the figure.
 */
async function compareWithBare(workDir: string, rounds: number): Promise<void> {
  const ratios: number[] = []
  for (let round = 1; round <= rounds; round++) {
    const bare = await runBare(workDir)
    const durable = await run('durable', true, workDir, null, false)
    ratios.push(durable.perSecond / bare.perSecond)
    console.log(
      `round ${round}: bare ${bare.perSecond}/s (p99 ${bare.p99} ms), durable at ${durable.storedBefore.toLocaleString('en-US')} stored ${durable.perSecond}/s (p99 ${durable.p99} ms, ${durable.errors} errors): ${ratios.at(-1)!.toFixed(2)} of bare`,
    )
  }
  console.log(
    `Durable at 100,000 stored / bare Koa + ajv: median ${median(ratios).toFixed(2)} of ${rounds} rounds (${connections} connections, ${duration} s per run)`,
  )
}

execFileSync('npm', ['run', '--silent', 'build:service'], { cwd: root, stdio: 'inherit' })
const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'))
try {
  const results: Array<Awaited<ReturnType<typeof run>>> = []
  // BENCH_API_ONLY=subscribe: only durable subscriptions against the bare endpoint (BENCH_ROUNDS, 5).
  if (process.env.BENCH_API_ONLY === 'subscribe') {
    await compareWithBare(workDir, rounds)
    rmSync(workDir, { recursive: true, force: true })
    process.exit(0)
  }
  // PostgreSQL 15 on this same machine, fsync and synchronous_commit on, as the tests start it.
  const postgres = await startPostgres()
  // BENCH_API_ONLY=inbox: only the admin inbox's queries; =booking: only availability and booking; =overview: only the Overview.
  if (process.env.BENCH_API_ONLY === 'inbox' || process.env.BENCH_API_ONLY === 'booking' || process.env.BENCH_API_ONLY === 'overview') {
    if (process.env.BENCH_API_ONLY === 'inbox') await benchInbox(workDir, postgres)
    else if (process.env.BENCH_API_ONLY === 'overview') await benchOverview(workDir, postgres)
    else await benchBooking(workDir, postgres, { connections, duration })
    postgres.remove()
    rmSync(workDir, { recursive: true, force: true })
    process.exit(0)
  }
  for (const seeded of [false, true]) {
    for (const mode of ['durable', 'memory', 'postgres'] as const) {
      const result = await run(mode, seeded, workDir, postgres)
      console.log(
        `${mode.padEnd(7)} ${String(result.storedBefore).padStart(6)} stored: ${result.perSecond}/s acknowledged, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors`,
      )
      results.push(result)
    }
  }
  const at = (mode: string, seeded: boolean) => results.find((r) => r.mode === mode && r.storedBefore >= stored === seeded)!
  console.log(`\n| Store | Stored before | Acknowledged/s | p50 | p99 |\n|---|---:|---:|---:|---:|`)
  for (const r of results)
    console.log(`| ${r.mode} | ${r.storedBefore.toLocaleString('en-US')} | ${r.perSecond.toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms |`)
  for (const seeded of [false, true]) {
    const ratio = at('durable', seeded).perSecond / at('memory', seeded).perSecond
    const postgresRatio = at('postgres', seeded).perSecond / at('durable', seeded).perSecond
    console.log(`\nAt ${seeded ? '100,000' : '0'} stored: durable / memory-only ${ratio.toFixed(2)}, PostgreSQL / durable ${postgresRatio.toFixed(2)}`)
  }
  await compareWithBare(workDir, rounds)
  await benchBooking(workDir, postgres, { connections, duration })
  await benchInbox(workDir, postgres)
  await benchOverview(workDir, postgres)
  postgres.remove()
  const admin = at('durable', true).admin!
  console.log(`Admin list at ${stored.toLocaleString('en-US')}+ subscribers: ${admin.ms} ms (median of 7, ${(admin.bytes / 1e6).toFixed(1)} MB)`)
  console.log(`(${connections} connections, ${duration} s per run, ${os.cpus().length} cores, node ${process.version})`)
  await benchEmailLatency(workDir, { connections, duration })
} finally {
  rmSync(workDir, { recursive: true, force: true })
}
