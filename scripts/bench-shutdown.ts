// `npm run bench:shutdown`: SIGTERM under load. Each round starts the service (its own process, embedded
// store), runs 48 clients that POST in a loop over keep-alive connections, sends SIGTERM once the burst
// is under way, and counts how each client's requests ended. A refused connection (the listener is
// closed) is what a proxy retries on another replica; a reset or a connection closed without an answer
// is a failed request (a 502 behind nginx). The aim is 0 of those over 10 rounds.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { api } from '../contract/wire/api.ts'

const root = path.resolve(import.meta.dirname, '..')
const rounds = Number(process.env.ROUNDS ?? 10)
const clients = 48
// KEEP_ALIVE=0: a new connection per request, as clients without keep-alive (and some proxies) do.
const keepAlive = process.env.KEEP_ALIVE !== '0'

function post(agent: http.Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function round(n: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-shutdown-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'forms-service/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      DATA_FILE: path.join(dir, 'db.json'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      BOOKINGS_PER_ADDRESS_PER_DAY: '0',
      BOOKINGS_PER_NETWORK_PER_DAY: '0',
      BOOKING_CHALLENGE_PER_HOUR: '0',
      AVAILABILITY_PER_MINUTE: '0',
      SEND_EMAILS: 'false',
      SITE_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  const url = await new Promise<URL>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = /listening on (http:\/\/[^\s;"]+)/.exec(output)
      if (match) resolve(new URL(api.forms.newsletter.path, match[1]))
    })
    child.once('exit', () => reject(new Error(output)))
  })
  const outcomes = { answered: 0, refused: 0, reset: 0, hangUp: 0, other: 0 }
  let sent = 0
  const agent = new http.Agent({ keepAlive, maxSockets: clients })
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let i = 0; ; i++) {
      try {
        await post(agent, url, JSON.stringify({ email: `r${n}c${client}i${i}@example.com` }))
        outcomes.answered++
        sent++
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ECONNREFUSED') {
          outcomes.refused++
          return
        }
        if (code === 'ECONNRESET' && /hang up/.test((error as Error).message)) outcomes.hangUp++
        else if (code === 'ECONNRESET' || code === 'EPIPE') outcomes.reset++
        else outcomes.other++
      }
    }
  })
  while (sent < 200) await sleep(5)
  const stopAt = performance.now()
  child.kill('SIGTERM')
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  const stopMs = performance.now() - stopAt
  await Promise.all(loops)
  agent.destroy()
  rmSync(dir, { recursive: true, force: true })
  return { ...outcomes, exit: code, stopMs: Math.round(stopMs) }
}

const results: Array<Awaited<ReturnType<typeof round>>> = []
for (let n = 1; n <= rounds; n++) {
  const result = await round(n)
  results.push(result)
  console.log(`round ${n}: ${JSON.stringify(result)}`)
}
const total = (key: 'reset' | 'hangUp' | 'other' | 'answered') => results.reduce((sum, r) => sum + r[key], 0)
const stops = results.map((r) => r.stopMs).sort((a, b) => a - b)
console.log(
  `${rounds} rounds, ${clients} clients${keepAlive ? ' (keep-alive)' : ' (a connection per request)'}: ${total('answered')} answered, resets ${total('reset')}, closed without answer ${total('hangUp')}, other errors ${total('other')}; stop took median ${stops[Math.floor(stops.length / 2)]} ms`,
)
