// `npm run bench:abuse`: what a bot gets out of the forms with the service's defaults. A burst of
// newsletter posts from many addresses (BENCH_POSTS, 10,000, from BENCH_ADDRESSES, 250, each its own
// /24) to as many strangers: how many emails left the service and how many were held. Then 30 addresses
// (each its own /24, the worst case for the network cap) trying to book every start of the fortnight:
// how many they held before the booking challenge and in the first 10 minutes, without and with solving it. The service runs in this process on a fresh
// data file, behind one trusted proxy (so each post says its client), sending to a local SMTP server.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { pino } from 'pino'
import { solveChallenge } from 'altcha-lib/v1'
import { challengeHeader, challengeStatus, type BookingChallenge } from '../contract/wire/challenge.js'
import type { Availability } from '../contract/wire/meetingApi.js'
import { defaultConfig } from '../forms-service/config.js'
import { startService } from '../forms-service/service.js'

const posts = Number(process.env.BENCH_POSTS ?? 10_000)
const addresses = Number(process.env.BENCH_ADDRESSES ?? 250)
const bookers = 30
const adminPassword = 'bench-admin-password'
const root = path.resolve(import.meta.dirname, '..')

let delivered = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume()
    stream.on('end', () => {
      delivered++
      callback()
    })
  },
})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
const smtpPort = (smtp.server.address() as { port: number }).port

const work = mkdtempSync(path.join(os.tmpdir(), 'bench-abuse-'))
let services = 0
const startBenchService = () =>
  startService(
    {
      ...defaultConfig,
      port: 0,
      dataFile: path.join(work, `db-${++services}.json`),
      adminPassword,
      unsubscribeSecret: 'bench-unsubscribe-secret-of-32-characters',
      contentDir: path.join(root, 'content'),
      siteDir: null,
      logLevel: 'silent',
      trustProxy: 1,
      // The POST rate limit is per client address and per minute: 250 addresses at 60 a minute would take
      // minutes to send 10,000; a bot spreads wider or waits. Off, so that only the budgets stand.
      rateLimitPerMinute: 0,
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      mailDelivery: 'smtp',
      notifyTo: 'leads@agency.example.com',
    },
    { logger: pino({ level: 'silent' }) },
  )
const service = await startBenchService()
const headers = (client: string) => ({ 'Content-Type': 'application/json', 'X-Forwarded-For': client })
const admin = { Authorization: `Bearer ${adminPassword}` }
const clientOf = (i: number) => `${10 + Math.floor(i / 250)}.${i % 250}.7.${(i % 200) + 1}`

// The burst: concurrent posts, each from one of the addresses in turn, each to a new stranger.
const started = performance.now()
let next = 0
let stored = 0
await Promise.all(
  Array.from({ length: 32 }, async () => {
    for (let i = next++; i < posts; i = next++) {
      const answer = await fetch(`${service.url}/api/newsletter-subscription`, {
        method: 'POST',
        headers: headers(clientOf(i % addresses)),
        body: JSON.stringify({ email: `stranger${i}@example.net` }),
      })
      if (answer.status === 201) stored++
      await answer.arrayBuffer()
    }
  }),
)
const postSeconds = (performance.now() - started) / 1000
const outboxTotal = async (state: string) =>
  ((await (await fetch(`${service.url}/api/admin/outbox?state=${state}&limit=1`, { headers: admin })).json()) as { total: number }).total
// Until nothing is due: the agency's morning digest waits for its morning, queued all the while.
const dueNow = async () =>
  (
    (await (await fetch(`${service.url}/api/admin/outbox?state=queued&limit=200`, { headers: admin })).json()) as { items: Array<{ kind: string }> }
  ).items.filter((email) => email.kind !== 'morning-digest').length
for (let waited = 0; (await dueNow()) > 0 && waited < 600_000; waited += 500) await new Promise((resolve) => setTimeout(resolve, 500))
const held = await outboxTotal('held')
console.log(`Newsletter burst: ${posts} posts from ${addresses} addresses in ${postSeconds.toFixed(1)} s, ${stored} stored (answered 201)`)
console.log(`  emails that left the service: ${delivered} (the hourly budget: ${defaultConfig.strangerMail.perHour}); held: ${held}`)

// The calendar: each of 30 addresses books the earliest free start until it is refused, first as a bot
// that cannot solve the booking challenge (a script posting JSON), then, on a fresh service, as one that
// solves each challenge as a browser would (altcha-lib here, in this process).
// Asked as each bot asks it (the availability's own limit is per client too).
const freeStarts = async (url: string, client = '192.0.2.1') => {
  const availability = (await (await fetch(`${url}/api/availability`, { headers: headers(client) })).json()) as Availability
  return availability.days.flatMap((day) => day.starts.map((start) => ({ date: day.date, ...start })))
}

/** What a bot solves: ALTCHA's payload for the challenge of a 428. */
async function solve(challenge: BookingChallenge): Promise<string> {
  const found = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise
  const { algorithm, salt, signature } = challenge
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: found?.number ?? -1, salt, signature }))
}

async function flood(url: string, solves: boolean) {
  const offered = (await freeStarts(url)).length
  const began = performance.now()
  const counts = { booked: 0, beforeChallenge: 0, inTenMinutes: 0, challenged: 0, capped: 0, solveMs: 0 }
  for (let i = 0; i < bookers; i++) {
    const client = `172.${16 + (i % 16)}.${i}.9`
    for (let attempt = 0; attempt < 20; attempt++) {
      const [start] = await freeStarts(url, client)
      if (!start) break
      const body = JSON.stringify({
        businessName: 'Bots Inc',
        contactName: `Bot ${i}-${attempt}`,
        email: `bot${i}.${attempt}@example.org`,
        phone: '214-555-0142',
        serviceInterest: 'website-design',
        date: start.date,
        timeSlot: start.window,
        start: start.start,
        message: 'We need a new site.',
      })
      const post = (proof?: string) =>
        fetch(`${url}/api/consultation`, { method: 'POST', headers: { ...headers(client), ...(proof ? { [challengeHeader]: proof } : {}) }, body })
      let answer = await post()
      if (answer.status === challengeStatus) {
        counts.challenged++
        const { challenge } = (await answer.json()) as { challenge: BookingChallenge }
        if (!solves) break
        const solving = performance.now()
        const proof = await solve(challenge)
        counts.solveMs += performance.now() - solving
        answer = await post(proof)
      }
      await answer.arrayBuffer()
      if (answer.status !== 201) {
        counts.capped++
        break
      }
      counts.booked++
      if (counts.challenged === 0) counts.beforeChallenge++
      if (performance.now() - began < 10 * 60_000) counts.inTenMinutes++
    }
  }
  return { offered, ...counts, left: (await freeStarts(url)).length }
}

const pace = defaultConfig.bookingChallenge
const plain = await flood(service.url, false)
console.log(
  `Booking the fortnight (${plain.offered} free starts offered; the challenge past ${pace.perHour} bookings an hour, maxnumber ${pace.maxNumber}), ${bookers} addresses, each its own /24:`,
)
console.log(
  `  a script that cannot solve the challenge: ${plain.beforeChallenge} held before the challenge, ${plain.inTenMinutes} in the first 10 minutes in all; ${plain.left} starts still offered`,
)
const second = await startBenchService()
const solving = await flood(second.url, true)
const solved = solving.booked - solving.beforeChallenge
console.log(
  `  a bot that solves each challenge: ${solving.beforeChallenge} held before the challenge, ${solving.inTenMinutes} in the first 10 minutes (${solved} after solving, ${solved > 0 ? Math.round(solving.solveMs / solved) : 0} ms of CPU each), ${solving.capped} addresses stopped by a cap; ${solving.left} starts still offered`,
)
await second.close()

await service.close()
smtp.close()
rmSync(work, { recursive: true, force: true })
