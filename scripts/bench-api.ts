// `npm run bench:api`: acknowledged newsletter subscriptions per second and latency of the forms
// service, on its data file and on PostgreSQL, with 0 and with 100,000 stored subscribers, plus the time to serve
// the admin list at 100,000; the admin inbox's list and search at 100,000 stored requests; and contact
// POST latency while the mail server is down or hanging, against the same service not sending at all;
// the availability answer with 10,000 future meetings, and booking POSTs per second against contact POSTs.
// The service runs as its production build in a child process (one core); autocannon runs here (the
// other core).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
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
/** Rounds of the comparison with the bare endpoint, each with both services started afresh. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
/** Turns of each round: the bare endpoint, then the service, `duration` seconds in all for each. */
const turns = Number(process.env.BENCH_TURNS ?? 10)

interface Figures {
  perSecond: number
  p50: number
  p99: number
  acknowledged: number
  errors: number
  /** How long the load ran. */
  seconds: number
}

/** 50 connections for `seconds` (10), or for `amount` requests; each request a new address. */
async function subscribe(url: string, label: string, load: { amount?: number; seconds?: number } = {}): Promise<Figures> {
  let counter = 0
  const result = await autocannon({
    url: `${url}/api/newsletter-subscription`,
    connections,
    ...(load.amount ? { amount: load.amount } : { duration: load.seconds ?? duration }),
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
    seconds,
  }
}

/** From the admin's summary, not the list: the list's 13 MB of JSON would leave the service garbage to collect during the run. */
async function subscriberCount(url: string): Promise<number> {
  const res = await fetch(`${url}/api/admin/summary`, { headers: { Authorization: `Bearer ${adminPassword}` } })
  return ((await res.json()) as AnswerOf<typeof adminApi.summary>).subscribers.total
}

/**
 * Throws unless every acknowledged subscription of `loads` autocannon runs was stored: autocannon stops
 * counting at each run's deadline with up to one request per connection in flight, so up to that many
 * more may be stored.
 */
function expectAllStored(label: string, acknowledged: number, storedNow: number, loads: number): void {
  if (storedNow < acknowledged || storedNow > acknowledged + connections * loads) {
    throw new Error(`${label}: ${acknowledged} acknowledged but ${storedNow} stored`)
  }
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

type Mode = 'durable' | 'postgres'

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

async function run(mode: Mode, seeded: boolean, workDir: string, postgres: TestPostgres | null) {
  const dataFile = mode === 'durable' && seeded ? await seededDataFile(workDir) : path.join(workDir, `empty-${Date.now()}.json`)
  const databaseUrl = mode === 'postgres' ? await postgres!.createDatabase() : null
  const { url, child } = await startService(dataFile, workDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {})
  try {
    if (seeded && databaseUrl) await seedDatabase(databaseUrl)
    const before = await subscriberCount(url)
    await subscribe(url, 'warmup', { amount: 2000 })
    const afterWarmup = await subscriberCount(url)
    const figures = await subscribe(url, 'bench')
    const after = await subscriberCount(url)
    expectAllStored(mode, figures.acknowledged, after - afterWarmup, 1)
    const admin = seeded ? await adminListTime(url) : null
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

/** CPU time the main thread of process `pid` has used, in ns (Linux's schedstat). */
const cpuNs = (pid: number) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0])

/**
 * Seconds process `pid` kept working after its load stopped (a compaction, the last journal writes):
 * until the first 50 ms in which it used under a tenth of a core.
 */
async function busyAfterLoad(pid: number): Promise<number> {
  const start = performance.now()
  for (let before = cpuNs(pid); ; ) {
    const windowStart = performance.now()
    await sleep(50)
    const now = cpuNs(pid)
    if (now - before < 5e6) return (windowStart - start) / 1000
    before = now
  }
}

/**
 * Durable subscriptions at 100,000 stored against the bare endpoint, `rounds` times. This machine is
 * shared: its speed drifts by a fifth and more within a minute, and now and then one process runs
 * slower than the next for its whole life (docs/performance.md). So each round starts both services
 * afresh, keeps them up at once and loads them in `turns` turns of a second each, `duration` seconds in
 * all for each: the two are measured in the same minutes. A turn lasts until the service it loaded is
 * quiet again, so what the store still had to do after its load (a compaction) counts against it. A
 * round's ratio is that of its totals; the figure is the median of the rounds'.
 */
async function compareWithBare(workDir: string): Promise<void> {
  const ratios: number[] = []
  for (let round = 1; round <= rounds; round++) {
    const dataFile = await seededDataFile(workDir)
    const arms = { bare: await startBare(workDir), durable: await startService(dataFile, workDir) }
    try {
      const totals = { bare: { acknowledged: 0, seconds: 0, p99: 0 }, durable: { acknowledged: 0, seconds: 0, p99: 0 } }
      for (const { url } of Object.values(arms)) await subscribe(url, 'warmup', { amount: 2000 })
      const storedBefore = await subscriberCount(arms.durable.url)
      for (let turn = 1; turn <= turns; turn++) {
        for (const arm of ['bare', 'durable'] as const) {
          const figures = await subscribe(arms[arm].url, `${arm}-${turn}`, { seconds: duration / turns })
          if (figures.errors > 0) throw new Error(`${arm}: ${figures.errors} errors`)
          totals[arm].acknowledged += figures.acknowledged
          totals[arm].seconds += figures.seconds + (await busyAfterLoad(arms[arm].child.pid!))
          totals[arm].p99 = Math.max(totals[arm].p99, figures.p99)
        }
      }
      expectAllStored('durable', totals.durable.acknowledged, (await subscriberCount(arms.durable.url)) - storedBefore, turns)
      const rate = (arm: keyof typeof totals) => Math.round(totals[arm].acknowledged / totals[arm].seconds)
      ratios.push(rate('durable') / rate('bare'))
      console.log(
        `round ${round}: bare ${rate('bare')}/s (p99 ${totals.bare.p99} ms), durable at ${storedBefore.toLocaleString('en-US')} stored ${rate('durable')}/s (p99 ${totals.durable.p99} ms): ${ratios.at(-1)!.toFixed(3)} of bare`,
      )
    } finally {
      await Promise.all([stop(arms.bare.child), stop(arms.durable.child)])
      removeDataFiles(dataFile)
    }
  }
  console.log(
    `Durable at 100,000 stored / bare Koa + ajv: median ${median(ratios).toFixed(3)} of ${rounds} rounds (${turns} turns of ${duration / turns} s each, ${connections} connections, node ${process.version})`,
  )
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = sorted.length / 2
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!
}

execFileSync('npm', ['run', '--silent', 'build:service'], { cwd: root, stdio: 'inherit' })
const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'))
try {
  const results: Array<Awaited<ReturnType<typeof run>>> = []
  // BENCH_API_ONLY=subscribe: only durable subscriptions against the bare endpoint (BENCH_ROUNDS, 5; BENCH_TURNS, 10).
  if (process.env.BENCH_API_ONLY === 'subscribe') {
    await compareWithBare(workDir)
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
    for (const mode of ['durable', 'postgres'] as const) {
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
    const postgresRatio = at('postgres', seeded).perSecond / at('durable', seeded).perSecond
    console.log(`\nAt ${seeded ? '100,000' : '0'} stored: PostgreSQL / durable ${postgresRatio.toFixed(2)}`)
  }
  await compareWithBare(workDir)
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
