import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createApp, type AppOptions } from './app.js'
import { busyCalendar } from './booking/busyCalendar.js'
import { loadBookingSettings } from './booking/settings.js'
import { scheduleDigests } from './digest/schedule.js'
import { loadClosedDays } from './closedDays.js'
import { followContent } from './followedContent.js'
import { defaultConfig, folderNotChosen, type Config } from './config.js'
import { checkDataFolder } from './dataFolder.js'
import type { EmailContext } from './email/messages.js'
import { loadEmailTemplates } from '../contract/content/emails/templates.js'
import { localSecret } from './localSecret.js'
import { serviceLogger } from './logger.js'
import { folderMailer, smtpMailer } from './outbox/mailers.js'
import { emailRenderer } from './outbox/render.js'
import { defaultSenderOptions, EmailSender, type SenderOptions } from './outbox/sender.js'
import { RecipientRules } from './outbox/recipients.js'
import { serviceMetrics } from './metrics.js'
import { Retention } from './retention.js'
import { gracefulServer } from './shutdown.js'
import { openStore } from './store/store.js'

export interface RunningService {
  url: string
  port: number
  /** The configuration in force, with the generated secrets if none were given. */
  config: Config
  /** Where emails go: the SMTP server (host and port, never its credentials), or the folder they are written to, unsent. */
  email: { delivery: 'smtp'; server: string } | { delivery: 'folder'; folder: string }
  /** Stops taking requests, lets the ones under way finish, then closes the store. */
  close(): Promise<void>
}

const unsubscribeSecretWithDatabase =
  'UNSUBSCRIBE_SECRET must be set when DATABASE_URL is set: every replica must sign links with the same key (make one with: openssl rand -base64 32)'

export interface ServiceOptions extends AppOptions {
  /** Retry timing of the email sender (tests shorten it). */
  sender?: Partial<SenderOptions>
}

/**
 * Loads the email templates, opens the store, listens (`port: 0` picks a free port) and starts the
 * email sender. Outside production a missing admin password is made up (the caller decides whether to
 * print it), and a missing unsubscribe secret is made up once and kept beside the data file (the
 * embedded store only: with DATABASE_URL it must be given).
 */
export async function startService(overrides: Partial<Config> = {}, options: ServiceOptions = {}): Promise<RunningService> {
  const config: Config = { ...defaultConfig, ...overrides }
  if (config.adminPassword === null) {
    if (config.production) throw new Error('ADMIN_PASSWORD must be set when NODE_ENV=production')
    config.adminPassword = randomBytes(18).toString('base64url')
  }
  const logger = options.logger ?? serviceLogger(config.logLevel)
  if (config.adminRecovery) {
    logger.warn(
      { event: 'admin-recovery' },
      'ADMIN_RECOVERY is on: ADMIN_PASSWORD signs in as an owner. Invite the owner who lost their way in (People), then restart without it',
    )
  }
  // Followed while the service runs (followedContent.ts): an editor's change to a mounted content folder
  // counts without a restart; a mistake in it is logged once and the last good content stays.
  const kept = (what: string) => (error: Error) =>
    logger.error({ err: error }, `${what} changed with a mistake; the ${what} read before stay: ${error.message}`)
  const contentFile = (name: string) => path.join(config.contentDir, name)
  const emailTemplates = await followContent(
    [contentFile('emails'), contentFile('site.json'), contentFile('analysis.json')],
    () => loadEmailTemplates(config.contentDir),
    kept('email templates'),
  )
  const bookingSettings = await followContent(
    ['booking.json', 'site.json', 'analysis.json'].map(contentFile),
    () => loadBookingSettings(config.contentDir),
    kept('booking settings'),
  )
  const templates = emailTemplates.current
  const booking = () => bookingSettings.current
  const dataDir = config.dataFile ? path.dirname(config.dataFile) : null
  if (dataDir && config.databaseUrl === null) await checkDataFolder(dataDir)
  if (config.unsubscribeSecret === null) {
    if (config.production) throw new Error('UNSUBSCRIBE_SECRET must be set when NODE_ENV=production')
    // Replicas sharing a database would each make up a key of their own, and refuse each other's links.
    if (config.databaseUrl !== null) throw new Error(unsubscribeSecretWithDatabase)
    config.unsubscribeSecret = dataDir ? await localSecret(path.join(dataDir, 'unsubscribe-secret')) : randomBytes(32).toString('base64url')
  }
  // readConfig says the same for the environment; this holds for a caller that passes a Config itself.
  const folder = config.mailDelivery === 'folder' || (config.mailDelivery === null && config.smtpUrl === null)
  if (config.production && folder && config.mailDelivery !== 'folder') throw new Error(folderNotChosen)
  const outboxDir = config.outboxDir ?? path.join(dataDir ?? path.join(os.tmpdir(), 'forms-service'), 'outbox')
  const closedDays = await loadClosedDays(config.contentDir, kept('closed days'))
  const store = await openStore(config, {
    booking,
    now: options.now,
    onBackgroundError: (error, task) => logger.error({ err: error }, `${task} failed`),
    onMaintenance: (event) =>
      event.kind === 'migration'
        ? logger.info(event, `database schema migrated from version ${event.from} to ${event.to} in ${event.ms} ms`)
        : logger.info(event, `journal compacted into the data file (${event.journalBytes} bytes${event.atStart ? ', at start' : ''}) in ${event.ms} ms`),
  })
  const mailer = folder ? folderMailer(outboxDir) : smtpMailer(config.smtpUrl!)
  const outbox = { delivery: mailer.kind, folder: mailer.kind === 'folder' ? outboxDir : null }
  const retention = new Retention(store, templates.site.retentionMonths, options.now ?? (() => new Date()), logger)
  const calendar = busyCalendar(config.busyCalendarUrls, {
    logger,
    now: options.now,
    refreshMs: config.busyCalendarRefreshMs,
    timeoutMs: config.busyCalendarTimeoutMs,
    redirectHosts: config.busyCalendarRedirectHosts,
  })
  // Made here rather than by createApp, so that the sender's store calls (emails held) are counted too.
  const metrics = serviceMetrics(store, { delivery: mailer.kind, now: options.now })
  store.listen(metrics.onStoreEvent)
  const app = createApp(config, store, {
    closedDays,
    booking,
    busy: calendar.busy,
    busyCalendars: calendar.status,
    ...options,
    logger,
    outbox,
    retention,
    metrics,
  })
  // A request (its headers and body) must arrive within requestTimeout; Node's default waits 300 s,
  // and checks only every 30 s.
  const server = http.createServer({
    requestTimeout: config.requestTimeoutMs,
    headersTimeout: Math.min(config.requestTimeoutMs, 10_000),
    connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs / 2),
  })
  const graceful = gracefulServer(server, app.callback())
  server.on('request', graceful.listener)
  server.listen(config.port, config.host)
  try {
    await once(server, 'listening')
  } catch (error) {
    await store.close()
    throw error
  }
  // In the background: the first bookings go on without the busy times until the calendars are read.
  calendar.start()
  const { port } = server.address() as AddressInfo
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  const url = `http://${host}:${port}`

  const siteUrl = config.siteUrl ?? url
  const context: EmailContext = {
    get templates() {
      return emailTemplates.current
    },
    from: config.mailFrom ?? `${templates.site.name} <${templates.site.email}>`,
    notifyTo: config.notifyTo ?? templates.site.email,
    notifyCopy: config.notifyCopy,
    siteUrl,
    apiUrl: config.apiUrl ?? siteUrl,
    unsubscribeSecret: config.unsubscribeSecret,
    messageIdDomain: new URL(siteUrl).hostname,
    get place() {
      return bookingSettings.current.place
    },
    holdMinutes: config.bookingChallenge.holdMinutes,
  }
  const digestRules = {
    get settings() {
      return bookingSettings.current
    },
    closedDays,
    now: options.now ?? (() => new Date()),
  }
  const sender = new EmailSender(
    store,
    emailRenderer(store, context, digestRules),
    mailer,
    logger,
    { ...defaultSenderOptions, leaseMs: config.mailLeaseMs, ...options.sender },
    options.now,
    new RecipientRules(store, { perRecipientPerDay: config.mailPerRecipientPerDay, ...config.strangerMail }, [
      context.notifyTo,
      context.from,
      templates.site.email,
    ]),
    metrics.sender,
  )
  // Only a replica that sends queues the agency's morning digests (a store keeps one a day whoever queues it).
  const stopDigests = config.sendEmails ? scheduleDigests(store, digestRules, (error) => logger.error({ err: error }, 'digest not queued')) : () => undefined
  if (config.sendEmails) sender.start()
  retention.start()

  let closing: Promise<void> | null = null
  const smtp = !folder && config.smtpUrl ? new URL(config.smtpUrl) : null
  return {
    url,
    port,
    config,
    email: smtp
      ? { delivery: 'smtp', server: `${smtp.hostname}:${smtp.port || (smtp.protocol === 'smtps:' ? 465 : 587)}` }
      : { delivery: 'folder', folder: outboxDir },
    close: () =>
      (closing ??= (async () => {
        // Clients that never finish are cut off before a container platform's usual 10 s grace.
        await graceful.close(config.shutdownGraceMs)
        // Emails still queued stay in the outbox for the next start.
        stopDigests()
        await calendar.stop()
        await sender.stop()
        await retention.stop()
        await store.close()
        for (const followed of [emailTemplates, bookingSettings, closedDays]) followed.stop()
      })()),
  }
}
