import fs from 'node:fs/promises'
import { simpleParser, type ParsedMail } from 'mailparser'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { pino } from 'pino'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { defaultConfig, type Config } from '../../forms-service/config'
import { startService, type RunningService } from '../../forms-service/service'
import type { ClosedDay } from '../../site/content/schemas'
import { api } from '../../contract/wire/api'
import type { Availability } from '../../contract/wire/meetingApi'
import { fixtureContentDir, fixtureJson } from '../fixtures/fixture'
import { distDir } from '../site/dist'
import { chromiumLaunchOptions } from '../../scripts/page-weight/browserWeight'

export const adminPassword = 'test-password'
/** The admin's header for the API, as a script sends it (the password as a bearer token). */
export const adminHeader = { Authorization: `Bearer ${adminPassword}` } as const

/** A Monday after the limited offer ended (offer.json of the fixture: 2025-06-30): no popup gets in the way. */
export const afterOffer = new Date('2025-07-07T10:00:00-05:00')
/** A Monday while the offer runs. */
export const duringOffer = new Date('2025-06-02T10:00:00-05:00')

/** The days the service (reading the fixture content) refuses, for tests that pick a date from the real clock. */
export const closedDays: string[] = fixtureJson<ClosedDay[]>('closed-days.json').map((day) => day.date)

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const
export type ViewportName = keyof typeof viewports

/** The widths a new screen is checked at with axe: a phone, and a wide desktop. */
export const checkedWidths = { phone: viewports.phone, wide: { width: 1440, height: 900 } } as const

/** The site built from the fixture content (tests/globalSetup.ts) served by the real forms service, and Chromium. */
export type Site = {
  url: string
  browser: Browser
  service: RunningService
  /** Closes the browser contexts opened so far (call it after each test). */
  closePages(): Promise<void>
  close(): Promise<void>
}

export type SiteOptions = {
  /** The service's clock for consultation dates; the page's clock must agree for a submit to pass. */
  now?: () => Date
  /** The service's data file, kept on close (to start the service again on the same data); a fresh temporary one otherwise. */
  dataFile?: string
  /** More of the service's configuration (`busyCalendarUrls`, …). */
  config?: Partial<Config>
}

export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const dataDir = options.dataFile ? null : await fs.mkdtemp(path.join(os.tmpdir(), 'widgets-'))
  const service = await startService(
    {
      port: 0,
      siteDir: distDir,
      contentDir: fixtureContentDir,
      dataFile: options.dataFile ?? path.join(dataDir!, 'db.json'),
      adminPassword,
      rateLimitPerMinute: 0,
      // A browser test books and writes from one address, as a bot would: no cap per client or network, no
      // budget of emails to strangers (tests/service/booking-caps.test.ts and stranger-mail.test.ts hold those).
      bookingsPerAddressPerDay: 0,
      bookingsPerNetworkPerDay: 0,
      strangerMail: { perClientPerDay: 0, perNetworkPerDay: 0, perHour: 0 },
      // No booking challenge either, unless a test asks for one (tests/browser/booking-challenge.test.ts).
      bookingChallenge: { ...defaultConfig.bookingChallenge, perHour: 0 },
      availabilityPerMinute: 0,
      logLevel: 'silent',
      ...options.config,
    },
    { logger: pino({ level: 'silent' }), now: options.now },
  )
  const browser = await chromium.launch(chromiumLaunchOptions)
  return {
    url: service.url,
    browser,
    service,
    async closePages() {
      await Promise.all(browser.contexts().map((context) => context.close()))
    },
    async close() {
      await browser.close()
      await service.close()
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The site for the tests of one file: started before them, the pages of each test closed after it, and
 * stopped after them all. The Site it returns answers once the file's tests run.
 */
export function siteForTests(options: SiteOptions = {}): Site {
  let site: Site | undefined
  beforeAll(async () => {
    site = await startSite(options)
  })
  afterEach(() => site?.closePages())
  afterAll(() => site?.close())
  return new Proxy({} as Site, {
    get(_, key: keyof Site) {
      if (!site) throw new Error('the site starts before the tests of the file (siteForTests), not while it is collected')
      return site[key]
    },
  })
}

export type PageOptions = {
  /** A named viewport, or a size (checkedWidths). */
  viewport?: ViewportName | { width: number; height: number }
  /** Installs Playwright's clock at this time before the first navigation (time then flows on). */
  clock?: Date
  reducedMotion?: 'reduce' | 'no-preference'
  /** false: the page's scripts do not run, as in a browser with JavaScript off. */
  javaScript?: boolean
  /** The browser's time zone; Dallas's unless a test is about a visitor elsewhere. */
  timezoneId?: string
  /** Another browser than this Chromium, as the service is told (User-Agent): a person's second device. */
  userAgent?: string
}

export type TestPage = {
  page: Page
  context: BrowserContext
  /** Console errors and uncaught exceptions seen so far, less the expected ones (see `expectError`). */
  errors: string[]
  /**
   * Declares a console error the test provokes on purpose: Chromium logs every failed request
   * ("Failed to load resource: … 500"), which is what a failure test asks for.
   */
  expectError(pattern: RegExp): void
  /** Loads a route of the site and waits for its load event. */
  goto(route: string): Promise<void>
}

// The map frame is the one third-party resource; tests answer it here instead of reaching Google.
const mapStub = '<!doctype html><title>Map</title><p>Map of Dallas, TX</p>'

/** A fresh browser context (so sessionStorage and cookies start empty) on the site. */
export async function openPage(site: Site, options: PageOptions = {}): Promise<TestPage> {
  const context = await site.browser.newContext({
    viewport: typeof options.viewport === 'object' ? options.viewport : viewports[options.viewport ?? 'desktop'],
    locale: 'en-US',
    timezoneId: options.timezoneId ?? 'America/Chicago',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    javaScriptEnabled: options.javaScript ?? true,
    baseURL: site.url,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  })
  await context.route('https://www.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: mapStub }))
  const page = await context.newPage()
  const errors: string[] = []
  const expected: RegExp[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (message.type() === 'error' && !expected.some((pattern) => pattern.test(text))) errors.push(`${page.url()}: ${text}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  if (options.clock) await page.clock.install({ time: options.clock })
  return {
    page,
    context,
    errors,
    expectError: (pattern) => void expected.push(pattern),
    async goto(route) {
      await page.goto(route, { waitUntil: 'load' })
    },
  }
}

/** Resolves once the named island has hydrated (hydrate.ts marks it). */
export async function hydrated(page: Page, island: string) {
  await page.locator(`[data-island="${island}"][data-hydrated]`).first().waitFor({ state: 'attached' })
}

/**
 * Resolves once what the page shows now has been on screen for a frame: what a visitor sees before acting on
 * it. A dialog is in the DOM (what `waitFor` checks) before it is painted, and Radix arms its close on a
 * click outside in a timer after it mounts (so that the click that opened it does not close it): a click
 * sent at once can come before that timer and be lost, which no visitor can do. Timers the page set before
 * the frame have run by the time this resolves. The page's clock must be running (not paused).
 */
export async function painted(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
}

/** axe-core on the current page state: no serious or critical violation. */
export async function expectAccessible(page: Page, include?: string) {
  // Half-faded text (a scroll reveal under way) would be measured at its passing contrast.
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length)).toBe(0)
  // Legacy mode runs axe in the page and its frames and gathers the results there, instead of opening another
  // page (another renderer) for it: 0.7 s a check instead of 1.15 s, measured over tests/browser/accessibility.test.ts.
  const builder = new AxeBuilder({ page }).setLegacyMode(true)
  if (include) builder.include(include)
  const { violations } = await builder.analyze()
  const severe = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`)
  expect(severe, severe.join('\n')).toEqual([])
}

export function expectNoErrors(test: TestPage) {
  expect(test.errors).toEqual([])
}

/** The islands that wait for the visitor: scroll each into view so that it hydrates, and wait for it. */
export async function scrollToIsland(page: Page, island: string) {
  await page.locator(`[data-island="${island}"] > *`).first().scrollIntoViewIfNeeded()
  await hydrated(page, island)
}

/** Subscribes addresses through the real API, as visitors would. */
export async function subscribe(site: Site, emails: string[]) {
  for (const email of emails) {
    const response = await fetch(`${site.url}/api/newsletter-subscription`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    expect(response.status).toBe(201)
  }
}

/** The emails the service has written to its outbox folder for `to` (no SMTP_URL in these tests). */
export async function emailsTo(to: string, on: Site): Promise<ParsedMail[]> {
  const { config } = on.service
  const folder = config.outboxDir ?? path.join(path.dirname(config.dataFile!), 'outbox')
  const files = (await fs.readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'))
  const mails = await Promise.all(files.map(async (file) => simpleParser(await fs.readFile(path.join(folder, file)))))
  return mails.filter((mail) => [mail.to].flat().some((address) => address?.value.some((entry) => entry.address === to)))
}

/** The link to `page` (urls.meetingCancel, urls.meetingReschedule, urls.consultationHold) in the first email to `to` that has one, as a path of the site. */
export async function linkTo(to: string, page: string, on: Site): Promise<string> {
  const pattern = new RegExp(`${page}/?\\?token=[^\\s"'<>)&]+`)
  let found: string | undefined
  await expect
    .poll(async () => {
      const mails = await emailsTo(to, on)
      found = mails.map((mail) => pattern.exec(`${mail.html || ''} ${mail.text ?? ''}`)?.[0]).find(Boolean)
      return found
    })
    .toBeDefined()
  return found!
}

/**
 * One booking by another visitor, at the last free start of the fortnight: with BOOKING_CHALLENGE_PER_HOUR
 * at 1 (the site's config), the hour's pace is reached and the next bookings meet the challenge.
 */
export async function reachBookingPace(site: Site): Promise<void> {
  const availability = (await (await fetch(`${site.url}${api.meetings.availability.path}`)).json()) as Availability
  const day = availability.days.findLast((day) => day.starts.length > 0)!
  const start = day.starts.at(-1)!
  const response = await fetch(`${site.url}${api.forms.consultation.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      businessName: 'Pace Setter',
      contactName: 'Pat Doe',
      email: 'pat@pace.example',
      phone: '214 555 0100',
      serviceInterest: 'automation',
      date: day.date,
      timeSlot: start.window,
      start: start.start,
    }),
  })
  expect(response.status).toBe(201)
}
