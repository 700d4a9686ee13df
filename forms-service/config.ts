import { existsSync } from 'node:fs'
import path from 'node:path'

export interface Config {
  host: string
  port: number
  /** The snapshot file; its journal and lock file sit beside it. `null`: memory only (tests, development). */
  dataFile: string | null
  /** `postgres://…`: keep everything in PostgreSQL instead of `dataFile`, for several replicas. */
  databaseUrl: string | null
  /** `null` until `startService` makes one up outside production. */
  adminPassword: string | null
  /**
   * ADMIN_RECOVERY: ADMIN_PASSWORD signs in as an owner again although owners exist, to invite a new owner when
   * every owner lost their way in (docs/operators.md). Meant for one start: the service warns while it is on.
   */
  adminRecovery: boolean
  /** Browser origins allowed to call the API (`https://example.com`), when the site is hosted elsewhere. */
  corsOrigins: string[]
  /** POSTs per client address per minute; 0 disables the limit. */
  rateLimitPerMinute: number
  /** Consultations booked from one client address in 24 hours (forms-service/booking/caps.ts); 0 disables the cap. */
  bookingsPerAddressPerDay: number
  /** Consultations booked from one network (an IPv4 /24, an IPv6 /56: clientNetwork.ts) in 24 hours; 0 disables the cap. */
  bookingsPerNetworkPerDay: number
  /** GET /api/availability per client address per minute (public, and it costs CPU); 0 disables the limit. */
  availabilityPerMinute: number
  /**
   * How many proxies in front of the service are trusted (0: none). The client address is then the one
   * the farthest trusted proxy saw: the n-th X-Forwarded-For entry from the right, never one the client wrote.
   */
  trustProxy: number
  /** The built site to serve beside the API; `null` serves the API only. */
  siteDir: string | null
  production: boolean
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** Fold the journal into the snapshot once it is this large, and at least as large as the snapshot. */
  compactJournalBytes: number
  /** The content folder: the email templates and the site identity they quote. */
  contentDir: string
  /** `smtp://user:pass@host:587` or `smtps://…`; `null` writes every email to `outboxDir` instead. */
  smtpUrl: string | null
  /** The local outbox folder; `null`: `outbox/` beside the data file. */
  outboxDir: string | null
  /**
   * How emails leave: `smtp` through `smtpUrl`, `folder` written to `outboxDir` and never sent (MAIL_DELIVERY).
   * `null`: SMTP when `smtpUrl` is set, else the folder, which production refuses unless it is chosen.
   */
  mailDelivery: MailDelivery | null
  /** The From of every email; `null`: the site's name and email from content/site.json. */
  mailFrom: string | null
  /** Who hears of new leads; `null`: the site's email from content/site.json. */
  notifyTo: string | null
  /** NOTIFY_COPY: a lead's notification goes to its owner with `notifyTo` in copy (the default), or to the owner alone. */
  notifyCopy: boolean
  /** The public origin of the site, for links in emails; `null`: this service's own URL. */
  siteUrl: string | null
  /** The public origin of this API, for the one-click unsubscribe; `null`: `siteUrl`. */
  apiUrl: string | null
  /** Signs unsubscribe links; `null` until `startService` makes one up outside production. */
  unsubscribeSecret: string | null
  /** A request's headers and body must arrive within this time (a stalled upload gets 408). */
  requestTimeoutMs: number
  /** On SIGTERM, requests still unfinished after this long are cut off: less than a platform's 10 s. */
  shutdownGraceMs: number
  /** How long a replica keeps an email it is sending before another may take it (PostgreSQL). */
  mailLeaseMs: number
  /** `false` queues emails with their records but never sends them (a replica that must not send, a benchmark). */
  sendEmails: boolean
  /** The bearer token of GET /metrics; `null`: no metrics endpoint. */
  metricsToken: string | null
  /** The agency's own calendars (iCalendar addresses) whose busy times are never offered; none: nothing is busy. */
  busyCalendarUrls: string[]
  /** How often the busy calendars are read again. */
  busyCalendarRefreshMs: number
  /** A read of a busy calendar that takes longer fails (the copy read before stays). */
  busyCalendarTimeoutMs: number
  /** Hosts a busy calendar's address may redirect to besides its own ('*.icloud.com': any host under it); none: its own only. */
  busyCalendarRedirectHosts: string[]
  /** Emails in 24 hours to one visitor address that never used a link of ours (outbox/recipients.ts); 0: no cap. */
  mailPerRecipientPerDay: number
  /** Emails to strangers (outbox/recipients.ts) the forms may cause, per client and per network in 24 hours, and in all per hour; 0: no budget. */
  strangerMail: StrangerMailBudgets
  /** When bookings need a proof of work, and how hard it is (booking/challenge.ts). */
  bookingChallenge: BookingChallengeRules
}

export interface BookingChallengeRules {
  /** Bookings in the last hour (every replica's) from which the next ones need the challenge; 0: never. */
  perHour: number
  /** ALTCHA's `maxnumber`: the browser tries half of it on average. */
  maxNumber: number
  /** How long the hold link of a request sent without JavaScript while the challenge is on works, from its arrival. */
  holdMinutes: number
}

export interface StrangerMailBudgets {
  perClientPerDay: number
  perNetworkPerDay: number
  perHour: number
}

export const defaultConfig: Config = {
  host: '127.0.0.1',
  port: 8080,
  dataFile: 'data/db.json',
  databaseUrl: null,
  adminPassword: null,
  adminRecovery: false,
  corsOrigins: [],
  rateLimitPerMinute: 60,
  bookingsPerAddressPerDay: 3,
  bookingsPerNetworkPerDay: 6,
  availabilityPerMinute: 120,
  trustProxy: 0,
  siteDir: 'dist',
  production: false,
  logLevel: 'info',
  compactJournalBytes: 16 * 1024 * 1024,
  contentDir: 'content',
  smtpUrl: null,
  outboxDir: null,
  mailDelivery: null,
  mailFrom: null,
  notifyTo: null,
  notifyCopy: true,
  siteUrl: null,
  apiUrl: null,
  unsubscribeSecret: null,
  sendEmails: true,
  metricsToken: null,
  busyCalendarUrls: [],
  busyCalendarRefreshMs: 5 * 60_000,
  busyCalendarTimeoutMs: 10_000,
  busyCalendarRedirectHosts: [],
  mailPerRecipientPerDay: 5,
  // docs/decisions.md, "Emails to strangers are budgeted": far above an agency's honest day, far below a mail provider's bulk line.
  strangerMail: { perClientPerDay: 10, perNetworkPerDay: 20, perHour: 100 },
  // docs/decisions.md, "A challenge when booking is unusual": a few bookings a day is the agency's pace.
  bookingChallenge: { perHour: 6, maxNumber: 10_000, holdMinutes: 60 },
  mailLeaseMs: 120_000,
  requestTimeoutMs: 15_000,
  shutdownGraceMs: 8_000,
}

/** The value of DATA_FILE that turns persistence off, outside production only. */
export const memoryDataFile = ':memory:'

export const mailDeliveries = ['smtp', 'folder'] as const
export type MailDelivery = (typeof mailDeliveries)[number]

/** Why production refuses a start that would only write emails to a folder without saying so. */
export const folderNotChosen =
  'SMTP_URL must be set when NODE_ENV=production; to write every email to a folder instead, where none is sent, choose it: MAIL_DELIVERY=folder (OUTBOX_DIR names the folder)'

export const minAdminPasswordLength = 12
export const minSecretLength = 32

/** A bad environment variable: the message names it and fits on one line. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** The configuration from environment variables; unset ones take `defaultConfig`'s value. */
export function readConfig(env: Env): Config {
  // 'Production' and ' production ' mean production too: a typo must not start a development server.
  const production = env.NODE_ENV?.trim().toLowerCase() === 'production'
  const adminPassword = optional(env, 'ADMIN_PASSWORD', (value) => {
    if (value.length < minAdminPasswordLength) throw new ConfigError(`ADMIN_PASSWORD must be at least ${minAdminPasswordLength} characters long`)
    return value
  })
  if (production && adminPassword === undefined) {
    throw new ConfigError('ADMIN_PASSWORD must be set when NODE_ENV=production')
  }
  const unsubscribeSecret = optional(env, 'UNSUBSCRIBE_SECRET', (value) => {
    if (value.length < minSecretLength) throw new ConfigError(`UNSUBSCRIBE_SECRET must be at least ${minSecretLength} characters long`)
    return value
  })
  if (production && unsubscribeSecret === undefined) {
    throw new ConfigError('UNSUBSCRIBE_SECRET must be set when NODE_ENV=production (it signs the unsubscribe links of every email)')
  }
  const databaseUrlValue = optional(env, 'DATABASE_URL', databaseUrl)
  const smtp = optional(env, 'SMTP_URL', smtpUrl)
  const outboxDir = optional(env, 'OUTBOX_DIR', (value) => path.resolve(value))
  const mailDelivery = optional(env, 'MAIL_DELIVERY', (value) => oneOf('MAIL_DELIVERY', value.toLowerCase(), mailDeliveries))
  // Without a mail server every email only lands in a folder: in production that must be a choice, not
  // a forgotten SMTP_URL (or an OUTBOX_DIR left in an example) that delivers nothing and says nothing.
  if (mailDelivery === 'smtp' && smtp === undefined) throw new ConfigError('MAIL_DELIVERY=smtp needs SMTP_URL (smtp://user:password@mail.example.com:587)')
  if (mailDelivery === 'folder' && smtp !== undefined) {
    throw new ConfigError('MAIL_DELIVERY=folder and SMTP_URL are both set: unset SMTP_URL to write emails to a folder unsent, or MAIL_DELIVERY to send them')
  }
  if (production && smtp === undefined && mailDelivery !== 'folder') throw new ConfigError(folderNotChosen)
  const dataFile = optional(env, 'DATA_FILE', (value) => {
    if (value === memoryDataFile) {
      // Every lead would be lost at the next restart.
      if (production)
        throw new ConfigError(
          `DATA_FILE=${memoryDataFile} keeps nothing on disk and cannot be used when NODE_ENV=production; set DATA_FILE to a file on a volume`,
        )
      return null
    }
    // A typo or a volume that is not mounted must not start a service that writes somewhere else. With
    // DATABASE_URL the records are not there, so the folder need not exist (only a local outbox would use it).
    if (databaseUrlValue === undefined && !existsSync(path.dirname(path.resolve(value)))) {
      throw new ConfigError(`DATA_FILE's folder ${path.dirname(path.resolve(value))} does not exist; create it or mount the volume first`)
    }
    return path.resolve(value)
  })
  // A whole number from `min` to `max` under `name`, or `fallback` when it is not set.
  const whole = (name: string, fallback: number, min = 0, max = 1_000_000) => optional(env, name, (value) => integer(name, value, min, max)) ?? fallback
  return {
    host: optional(env, 'HOST', (value) => value) ?? defaultConfig.host,
    port: whole('PORT', defaultConfig.port, 0, 65535),
    dataFile: dataFile === undefined ? path.resolve(defaultConfig.dataFile!) : dataFile,
    databaseUrl: databaseUrlValue ?? null,
    adminPassword: adminPassword ?? null,
    adminRecovery: optional(env, 'ADMIN_RECOVERY', (value) => boolean('ADMIN_RECOVERY', value)) ?? defaultConfig.adminRecovery,
    corsOrigins: optional(env, 'CORS_ORIGINS', corsOrigins) ?? [],
    rateLimitPerMinute: whole('RATE_LIMIT_PER_MINUTE', defaultConfig.rateLimitPerMinute),
    bookingsPerAddressPerDay: whole('BOOKINGS_PER_ADDRESS_PER_DAY', defaultConfig.bookingsPerAddressPerDay),
    bookingsPerNetworkPerDay: whole('BOOKINGS_PER_NETWORK_PER_DAY', defaultConfig.bookingsPerNetworkPerDay),
    availabilityPerMinute: whole('AVAILABILITY_PER_MINUTE', defaultConfig.availabilityPerMinute),
    trustProxy: optional(env, 'TRUST_PROXY', proxyHops) ?? defaultConfig.trustProxy,
    siteDir: optional(env, 'SITE_DIR', (value) => path.resolve(value)) ?? path.resolve(defaultConfig.siteDir!),
    production,
    logLevel: optional(env, 'LOG_LEVEL', (value) => oneOf('LOG_LEVEL', value, logLevels)) ?? defaultConfig.logLevel,
    compactJournalBytes: whole('COMPACT_JOURNAL_BYTES', defaultConfig.compactJournalBytes, 1024, Number.MAX_SAFE_INTEGER),
    contentDir: optional(env, 'CONTENT_DIR', (value) => path.resolve(value)) ?? path.resolve(defaultConfig.contentDir),
    smtpUrl: smtp ?? null,
    outboxDir: outboxDir ?? null,
    mailDelivery: mailDelivery ?? null,
    mailFrom: optional(env, 'MAIL_FROM', (value) => address('MAIL_FROM', value)) ?? null,
    notifyTo: optional(env, 'NOTIFY_TO', (value) => address('NOTIFY_TO', value)) ?? null,
    notifyCopy: optional(env, 'NOTIFY_COPY', (value) => boolean('NOTIFY_COPY', value)) ?? defaultConfig.notifyCopy,
    siteUrl: optional(env, 'SITE_URL', (value) => origin('SITE_URL', value)) ?? null,
    apiUrl: optional(env, 'API_URL', (value) => origin('API_URL', value)) ?? null,
    unsubscribeSecret: unsubscribeSecret ?? null,
    requestTimeoutMs: defaultConfig.requestTimeoutMs,
    shutdownGraceMs: defaultConfig.shutdownGraceMs,
    mailLeaseMs: whole('MAIL_LEASE_SECONDS', defaultConfig.mailLeaseMs / 1000, 1, 86_400) * 1000,
    sendEmails: optional(env, 'SEND_EMAILS', (value) => boolean('SEND_EMAILS', value)) ?? defaultConfig.sendEmails,
    metricsToken:
      optional(env, 'METRICS_TOKEN', (value) => {
        if (value.length < minSecretLength) throw new ConfigError(`METRICS_TOKEN must be at least ${minSecretLength} characters long`)
        return value
      }) ?? null,
    busyCalendarUrls: optional(env, 'BUSY_CALENDAR_URLS', busyCalendarUrls) ?? [],
    busyCalendarRefreshMs: whole('BUSY_CALENDAR_REFRESH_MINUTES', defaultConfig.busyCalendarRefreshMs / 60_000, 1, 1440) * 60_000,
    busyCalendarTimeoutMs: defaultConfig.busyCalendarTimeoutMs,
    busyCalendarRedirectHosts: optional(env, 'BUSY_CALENDAR_REDIRECT_HOSTS', redirectHosts) ?? [],
    mailPerRecipientPerDay: whole('MAIL_PER_RECIPIENT_PER_DAY', defaultConfig.mailPerRecipientPerDay),
    strangerMail: {
      perClientPerDay: whole('MAIL_TO_STRANGERS_PER_CLIENT_PER_DAY', defaultConfig.strangerMail.perClientPerDay),
      perNetworkPerDay: whole('MAIL_TO_STRANGERS_PER_NETWORK_PER_DAY', defaultConfig.strangerMail.perNetworkPerDay),
      perHour: whole('MAIL_TO_STRANGERS_PER_HOUR', defaultConfig.strangerMail.perHour),
    },
    bookingChallenge: {
      perHour: whole('BOOKING_CHALLENGE_PER_HOUR', defaultConfig.bookingChallenge.perHour),
      maxNumber: whole('BOOKING_CHALLENGE_MAX_NUMBER', defaultConfig.bookingChallenge.maxNumber, 1_000, 10_000_000),
      holdMinutes: whole('BOOKING_HOLD_MINUTES', defaultConfig.bookingChallenge.holdMinutes, 5, 1440),
    },
  }
}

function databaseUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    throw new ConfigError('DATABASE_URL must look like postgres://user:password@db.example.com:5432/forms')
  }
  return value
}

function smtpUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('SMTP_URL must look like smtp://user:password@mail.example.com:587 or smtps://…')
  }
  return value
}

// 'Bluebonnet Digital <hello@example.com>' or 'hello@example.com'; one address, no line breaks.
function address(name: string, value: string): string {
  if (/[\r\n]/.test(value) || !/^(?:[^<>@,]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@,]+@[^<>\s@,]+)$/.test(value)) {
    throw new ConfigError(`${name} must be one email address, like "Name <name@example.com>" (got "${value}")`)
  }
  return value
}

function origin(name: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new ConfigError(`${name} must be an http(s) URL like https://example.com (got "${value}")`)
  return value.replace(/\/+$/, '')
}

// An empty variable is an unset one: `.env.example`'s blank lines and compose's `${SMTP_URL:-}` pass
// empty strings, and refusing them would stop the example from starting as shipped. What production
// must have (ADMIN_PASSWORD, UNSUBSCRIBE_SECRET) is still required, empty or missing alike.
function optional<T>(env: Env, name: string, parse: (value: string) => T): T | undefined {
  const value = env[name]?.trim()
  if (value === undefined || value === '') return undefined
  return parse(value)
}

function integer(name: string, value: string, min: number, max: number): number {
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${value}")`)
  }
  return n
}

function boolean(name: string, value: string): boolean {
  if (/^(1|true|yes)$/i.test(value)) return true
  if (/^(0|false|no)$/i.test(value)) return false
  throw new ConfigError(`${name} must be true or false (got "${value}")`)
}

// 'true' / 'yes' -> 1 (one proxy, the usual container platform), 'false' / 'no' -> 0, '2' -> 2.
function proxyHops(value: string): number {
  if (/^(true|yes)$/i.test(value)) return 1
  if (/^(false|no)$/i.test(value)) return 0
  if (!/^\d{1,2}$/.test(value) || Number(value) > 10) {
    throw new ConfigError(`TRUST_PROXY must be the number of proxies in front of the service, 0 to 10, or true (1) or false (0) (got "${value}")`)
  }
  return Number(value)
}

function oneOf<const T extends readonly string[]>(name: string, value: string, allowed: T): T[number] {
  if (!allowed.includes(value)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${value}")`)
  return value as T[number]
}

// "https://calendar.google.com/…/basic.ics https://outlook.office365.com/…/calendar.ics", by spaces or commas.
function busyCalendarUrls(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((item) => {
      const url = URL.canParse(item) ? new URL(item) : null
      if (url?.protocol === 'webcal:')
        throw new ConfigError(`BUSY_CALENDAR_URLS holds a webcal:// address: write it with https:// instead (got "${url.protocol}//${url.host}/…")`)
      // The rest of the address is a secret (Google's "secret address in iCal format"): only its start is repeated.
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
        throw new ConfigError(
          `BUSY_CALENDAR_URLS must be http(s) addresses of iCalendar files, separated by spaces or commas, like https://calendar.google.com/calendar/ical/…/basic.ics (got "${item.slice(0, 12)}…")`,
        )
      return url.href
    })
}

// "p52-caldav.icloud.com, *.icloud.com, cal.example.com:8443" -> the same, lower-cased: host names, with a port
// where the redirect names one (a host without one matches its default port only).
function redirectHosts(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((item) => {
      const host = item.toLowerCase()
      const name = host.startsWith('*.') ? host.slice(2) : host
      if (!URL.canParse(`https://${name}`) || new URL(`https://${name}`).host !== name || name.includes('*'))
        throw new ConfigError(
          `BUSY_CALENDAR_REDIRECT_HOSTS must be host names separated by spaces or commas, like p52-caldav.icloud.com or *.icloud.com (got "${item}")`,
        )
      return host
    })
}

// "https://example.com, https://www.example.com" -> ['https://example.com', 'https://www.example.com']
function corsOrigins(value: string): string[] {
  return value.split(',').map((item) => {
    const origin = item.trim().replace(/\/$/, '')
    let url: URL | undefined
    try {
      url = new URL(origin)
    } catch {
      url = undefined
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
      throw new ConfigError(`CORS_ORIGINS must be comma-separated origins like https://example.com (got "${item.trim()}")`)
    }
    return origin
  })
}
