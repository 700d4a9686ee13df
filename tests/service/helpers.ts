import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import request from 'supertest'
import { afterEach, expect, inject } from 'vitest'
import { createDatabase } from '../../scripts/postgres.js'
import { createApp, type AppOptions } from '../../forms-service/app.js'
import { loadBookingSettings } from '../../forms-service/booking/settings.js'
import type { BookingSettings } from '../../contract/booking/booking.js'
import { defaultConfig, type Config } from '../../forms-service/config.js'
import { consultationDates } from '../../contract/booking/consultationDates.js'
import type { FormStore, StoreOptions } from '../../forms-service/store/formStore.js'
import type { ObservedStore } from '../../forms-service/store/events.js'
import { openStore } from '../../forms-service/store/store.js'
import type { ClosedDay } from '../../site/content/schemas.js'
import { fixtureContentDir, fixtureJson } from '../fixtures/fixture.js'
export { clockAt, midMinute } from '../clock.js'
import { loadEmailTemplates } from '../../contract/content/emails/templates.js'
import type { EmailContext } from '../../forms-service/email/messages.js'
import { emailRenderer } from '../../forms-service/outbox/render.js'
import type { EmailRecord } from '../../forms-service/store/records.js'

export const root = path.resolve(import.meta.dirname, '../..')
export const adminPassword = 'test-admin-password'
/** The admin's header for the API, as a script sends it (the password as a bearer token). */
export const adminHeader = { Authorization: `Bearer ${adminPassword}` } as const
export const unsubscribeSecret = 'test-unsubscribe-secret-of-32-characters'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A fresh directory under the OS temp dir, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forms-service-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** `handler` listening on 127.0.0.1, closed after the test (its connections too); its origin. */
export async function listening(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler)
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

export const silentLogger = pino({ level: 'silent' })

/** Log lines written by the app, parsed. */
export function capturedLogger() {
  const lines: Array<Record<string, unknown>> = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { logger: pino({ level: 'info' }, sink), lines }
}

/** The store these tests run against: the embedded one, or PostgreSQL in the `postgres` project (vitest.config.ts). */
export const onPostgres = process.env.FORMS_TEST_STORE === 'postgres'

/** Where a test's service keeps its data: a fresh data file, or a fresh database on the test server. */
export async function freshStore(): Promise<{ dataFile: string; databaseUrl: string | null }> {
  const dataFile = path.join(tempDir(), 'db.json')
  if (!onPostgres) return { dataFile, databaseUrl: null }
  return { dataFile, databaseUrl: await createDatabase(inject('postgresUrl')) }
}

/** The environment of a spawned service on a fresh store. */
export async function storeEnv(): Promise<Record<string, string>> {
  const { dataFile, databaseUrl } = await freshStore()
  // Replicas on one database share their link key: the service refuses to make one up there.
  return databaseUrl ? { DATA_FILE: dataFile, DATABASE_URL: databaseUrl, UNSUBSCRIBE_SECRET: unsubscribeSecret } : { DATA_FILE: dataFile }
}

export interface TestApp {
  http: ReturnType<typeof request>
  store: ObservedStore
  config: Config
  dataFile: string
  /** The booking settings in force: the fixture's booking.json unless the test gave others. */
  booking: BookingSettings
  /** The app's clock: the test's, or the real one. */
  now: () => Date
  /** The service stopped and started again on the same data file (or database), with `changed` settings: a new app on a new store. */
  restart(changed?: Partial<Config>): Promise<TestApp>
}

/** createApp on a temporary data file (or database), driven with supertest. */
export async function testApp(overrides: Partial<Config> = {}, options: AppOptions = {}, storeOptions: StoreOptions = {}): Promise<TestApp> {
  const { dataFile, databaseUrl } = await freshStore()
  const config: Config = {
    ...defaultConfig,
    dataFile,
    databaseUrl,
    adminPassword,
    unsubscribeSecret,
    siteDir: null,
    contentDir: fixtureContentDir,
    rateLimitPerMinute: 0,
    bookingsPerAddressPerDay: 0,
    bookingsPerNetworkPerDay: 0,
    bookingChallenge: { ...defaultConfig.bookingChallenge, perHour: 0 },
    availabilityPerMinute: 0,
    logLevel: 'silent',
    ...overrides,
  }
  const booking = (typeof options.booking === 'function' ? options.booking() : options.booking) ?? (await loadBookingSettings(config.contentDir))
  return started(config, options, storeOptions, booking, dataFile)
}

async function started(config: Config, options: AppOptions, storeOptions: StoreOptions, booking: BookingSettings, dataFile: string): Promise<TestApp> {
  const store = await openStore(config, { ...storeOptions, booking })
  let open = true
  const close = async () => {
    if (open) await store.close()
    open = false
  }
  cleanups.push(close)
  const app = createApp(config, store, { logger: silentLogger, booking, ...options })
  return {
    http: request(app.callback()),
    store,
    config,
    dataFile,
    booking,
    now: options.now ?? (() => new Date()),
    restart: async (changed = {}) => {
      await close()
      return started({ ...config, ...changed }, options, storeOptions, booking, dataFile)
    },
  }
}

/** The email context of a service on https://www.example.com with the fixture's content and the tests' secret. */
export async function testEmailContext(): Promise<EmailContext> {
  return {
    templates: await loadEmailTemplates(fixtureContentDir),
    from: 'Bluebonnet <hello@example.com>',
    notifyTo: 'leads@example.com',
    notifyCopy: true,
    siteUrl: 'https://www.example.com',
    apiUrl: 'https://www.example.com',
    unsubscribeSecret,
    messageIdDomain: 'example.com',
    holdMinutes: defaultConfig.bookingChallenge.holdMinutes,
    place: (await loadBookingSettings(fixtureContentDir)).place,
  }
}

/**
 * The latest queued email of `kind` about a request, rendered as the outbox renders it at `now` (the
 * test's context, testEmailContext); a test fails when there is none, or it would not be sent.
 */
export async function renderQueued(store: FormStore, requestId: string, kind: string, now = () => new Date()) {
  const emails = (await store.emailsAbout('consultations', requestId)).filter((email: EmailRecord) => email.kind === kind)
  expect(emails.length).toBeGreaterThan(0)
  const settings = await loadBookingSettings(fixtureContentDir)
  const message = await emailRenderer(store, await testEmailContext(), { settings, closedDays: [], now })(emails.at(-1)!)
  if (!message || 'superseded' in message) throw new Error(`${kind} did not render: ${JSON.stringify(message)}`)
  return message
}

/** The token of the hold link (urls.consultationHold) in an email's text, as testEmailContext's site addresses it; a test fails without one. */
export function holdTokenIn(message: { text?: unknown }): string {
  const link = /https:\/\/www\.example\.com\/consultation\/hold\/\?token=[^\s)">]+/.exec(String(message.text))?.[0]
  expect(link, 'the email has a hold link').toBeDefined()
  return new URL(link!).searchParams.get('token')!
}

/** What a service a test starts with startService() shares: a free port, the fixture's content, no site, no logs, no rate limit, cap per address or network or booking challenge, no email sent. */
export const testServiceOptions = {
  port: 0,
  contentDir: fixtureContentDir,
  adminPassword,
  unsubscribeSecret,
  siteDir: null,
  logLevel: 'silent',
  rateLimitPerMinute: 0,
  bookingsPerAddressPerDay: 0,
  bookingsPerNetworkPerDay: 0,
  bookingChallenge: { ...defaultConfig.bookingChallenge, perHour: 0 },
  availabilityPerMinute: 0,
  sendEmails: false,
} as const

/** The days the tests' services refuse (the fixture content's closed-days.json, which they read). */
const closedDays = fixtureJson<ClosedDay[]>('closed-days.json').map((day) => day.date)

/** The consultation dates the tests' services offer today, soonest first. */
export const offeredDates = () => consultationDates(new Date(), closedDays).map((option) => option.value)

export function validConsultation(overrides: Record<string, unknown> = {}) {
  return {
    businessName: 'Bluebonnet Bakery',
    website: 'https://bakery.example.com',
    contactName: 'Ann Lee',
    email: 'ann@bakery.example.com',
    phone: '214-555-0142',
    serviceInterest: 'website-design',
    date: consultationDates(new Date(), closedDays)[0]!.value,
    timeSlot: 'morning',
    message: 'We need a new site.',
    ...overrides,
  }
}

/**
 * The i-th of many valid requests, spread over the windows and days offered so that each window gets
 * few of them: a window has room for a few meetings only (the fixture's booking.json).
 */
export function spreadConsultation(i: number, overrides: Record<string, unknown> = {}) {
  const dates = consultationDates(new Date(), closedDays)
  const slots = ['morning', 'afternoon', 'evening'] as const
  return validConsultation({ date: dates[Math.floor(i / slots.length) % dates.length]!.value, timeSlot: slots[i % slots.length], ...overrides })
}

export function validContact(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ann Lee',
    email: 'ann@bakery.example.com',
    phone: '(214) 555-0142',
    business: 'Bluebonnet Bakery',
    service: 'website',
    message: 'Hello',
    ...overrides,
  }
}

/** The service as its own process (`node --import tsx forms-service/server.ts`), as `npm start` runs it, on the fixture content. */
export async function spawnService(env: Record<string, string>, entry = ['--import', 'tsx', 'forms-service/server.ts'], command = process.execPath) {
  const child = spawn(command, entry, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      BOOKINGS_PER_ADDRESS_PER_DAY: '0',
      BOOKINGS_PER_NETWORK_PER_DAY: '0',
      BOOKING_CHALLENGE_PER_HOUR: '0',
      AVAILABILITY_PER_MINUTE: '0',
      CONTENT_DIR: fixtureContentDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited(child)
    }
  })
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/[^\s;"]+)/.exec(output)
      if (match) resolve(match[1]!)
    }
    child.stdout.on('data', onData)
    // 'close', not 'exit': the message carries the service's last line (its fatal line), read by then.
    child.once('close', (code) => reject(new Error(`service exited with ${code}: ${output}`)))
  })
  return { child, url, output: () => output }
}

/**
 * A start that is meant to fail: runs the entry with only `env` (and PATH), waits until it has exited
 * and all it wrote has been read, and hands back its code and that output, for the tests of the
 * one-line fatal messages.
 */
export async function failedStart(
  env: Record<string, string>,
  { entry = ['--import', 'tsx', 'forms-service/server.ts'], command = process.execPath }: { entry?: string[]; command?: string } = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, entry, { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await closed(child)
  return { code, output }
}

/** The JSON lines of a service's output (every line it writes is one). */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

/**
 * The exit code once the process has exited and its stdout and stderr have been read to their end
 * ('close'): at 'exit' its last lines may still be in the pipe, unread (Node's child_process docs).
 */
export function closed(child: ChildProcess): Promise<number | null> {
  const drained = [child.stdout, child.stderr].every((stream) => stream === null || stream.closed)
  if ((child.exitCode !== null || child.signalCode !== null) && drained) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('close', (code) => resolve(code)))
}

export const json = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), ...init })

/** An email as the admin's Outbox lists it (contract/wire/records.ts EmailView), as far as the tests read it. */
export interface OutboxEmail {
  id: string
  kind: string
  state: string
  to?: string
  heldFor?: string
}

/** The outbox of the service at `url` as the admin's Outbox screen reads it, the digests (about a day, due later) left out. */
export async function outboxEmails(url: string, state?: string): Promise<OutboxEmail[]> {
  const answer = await fetch(`${url}/api/admin/outbox?limit=200${state ? `&state=${state}` : ''}`, { headers: adminHeader })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { items: OutboxEmail[] }).items.filter((email) => email.kind !== 'morning-digest')
}

/** One sample of `/metrics` (`name{labels}`, as the text writes it), read with `token`; undefined when it is not there. */
export async function metricSample(url: string, token: string, sample: string): Promise<number | undefined> {
  const text = await (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).text()
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${sample} `))
  return line === undefined ? undefined : Number(line.split(' ')[1])
}
