import { createHash, timingSafeEqual } from 'node:crypto'
import { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { sendFailureReasons } from './outbox/mailers.js'
import type { SenderObserver } from './outbox/sender.js'
import { tokenRefusal, type AdminAuth } from './middleware/adminAuth.js'
import type { FormStore } from './store/formStore.js'
import { listenerOf, on, type LeadKind } from './store/events.js'
import { sourceGroup, sourceGroups } from '../contract/wire/sourceWords.js'

const leadKinds = ['consultation', 'contact', 'newsletter'] as const satisfies readonly LeadKind[]

/**
 * The service's Prometheus metrics (prom-client), each app with a registry of its own: requests by
 * route and status, POST latency, store commit latency, bookings made and cancelled, emails held, sent
 * nowhere (written to a folder) or failed by reason, the store's migrations and compactions, and the
 * outbox (queued, due now or later, failed, the age of the oldest queued email), read from the store
 * when scraped so that every replica reports the shared outbox. `delivery`: how this process sends.
 */
export function serviceMetrics(store: FormStore, options: { delivery?: 'smtp' | 'folder'; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date())
  const registry = new Registry()
  const registers = [registry]
  const requests = new Counter({
    name: 'forms_http_requests_total',
    help: 'Requests answered, by method, route (the API route; "site" for the static site) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  })
  const postSeconds = new Histogram({
    name: 'forms_http_post_duration_seconds',
    help: 'Time to answer a POST, by route',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const commitSeconds = new Histogram({
    name: 'forms_store_commit_duration_seconds',
    help: 'Time for the store to commit a change (durable on disk or in PostgreSQL), by operation',
    labelNames: ['operation'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  })
  new Gauge({
    name: 'forms_outbox_emails',
    help: 'Emails in the outbox by state: queued (not sent yet), failed (given up) or held (not sent because of its recipient)',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      for (const state of ['queued', 'failed', 'held'] as const) this.set({ state }, (await store.listEmails({ state, offset: 0, limit: 1 })).total)
    },
  })
  new Gauge({
    name: 'forms_outbox_queued_emails',
    help: 'Queued emails by when they are due: now (waiting to be sent) or later (reminders, digests, retries not yet due)',
    labelNames: ['due'] as const,
    registers,
    async collect() {
      const { due, later } = await store.queuedEmailCounts(now())
      this.set({ due: 'now' }, due)
      this.set({ due: 'later' }, later)
    },
  })
  new Gauge({
    name: 'forms_outbox_oldest_queued_age_seconds',
    help: 'How long the oldest queued email has waited (0 when none is queued)',
    registers,
    async collect() {
      // Since it was queued, or became due: an email scheduled for later has not waited yet.
      const oldest = await store.oldestQueuedAt()
      this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0)
    },
  })

  const bookingsMade = new Counter({
    name: 'forms_bookings_made_total',
    help: 'Consultations booked with a meeting by this process (a repeated submission counted once)',
    registers,
  })
  const leads = new Counter({
    name: 'forms_leads_total',
    help: 'Forms stored by this process (a repeated submission counted once), by kind (consultation, contact, newsletter) and source group (search, social, email, referral, direct)',
    labelNames: ['kind', 'source'] as const,
    registers,
  })
  for (const kind of leadKinds) for (const source of sourceGroups) leads.inc({ kind, source }, 0)
  const bookingsCancelled = new Counter({
    name: 'forms_bookings_cancelled_total',
    help: 'Meetings cancelled through this process, by the visitor (their link) or the agency (the admin)',
    registers,
  })
  const emailsHeld = new Counter({
    name: 'forms_emails_held_total',
    help: 'Emails this process held rather than sent (outbox/recipients.ts), by reason: recipient-cap, client-budget, network-budget, hourly-budget or suppressed',
    labelNames: ['reason'] as const,
    registers,
  })
  const challenges = new Counter({
    name: 'forms_booking_challenges_total',
    help: 'Booking posts this process answered with a challenge (issued), accepted with a solution (solved) or refused for a wrong, expired or used one (failed): booking/challenge.ts',
    labelNames: ['outcome'] as const,
    registers,
  })
  for (const outcome of ['issued', 'solved', 'failed'] as const) challenges.inc({ outcome }, 0)
  const sendFailures = new Counter({
    name: 'forms_email_send_failures_total',
    help: 'Failed attempts to send an email through SMTP by this process, by reason: refused (a 4xx or 5xx answer), timeout, connection or other',
    labelNames: ['reason'] as const,
    registers,
  })
  for (const reason of sendFailureReasons) sendFailures.inc({ reason }, 0)
  const writtenToFolder = new Counter({
    name: 'forms_emails_written_to_folder_total',
    help: 'Emails this process wrote to the local outbox folder (MAIL_DELIVERY=folder, or no SMTP_URL): not sent',
    registers,
  })
  if (options.delivery) {
    const delivery = new Gauge({
      name: 'forms_email_delivery',
      help: 'How this process delivers email: 1 for the way in force, smtp or folder (written to a folder, never sent)',
      labelNames: ['delivery'] as const,
      registers,
    })
    delivery.set({ delivery: 'smtp' }, options.delivery === 'smtp' ? 1 : 0)
    delivery.set({ delivery: 'folder' }, options.delivery === 'folder' ? 1 : 0)
  }
  // Read from the store: a migration runs while the store opens, before these exist.
  if (store.maintenance.schemaVersion !== null) {
    new Gauge({ name: 'forms_schema_version', help: 'The PostgreSQL schema version this process found or brought the database to', registers }).set(
      store.maintenance.schemaVersion,
    )
  }
  new Counter({
    name: 'forms_schema_migrations_total',
    help: 'Schema migrations (steps) this process applied to the PostgreSQL database when it started',
    registers,
    collect() {
      this.reset()
      this.inc(store.maintenance.migrationsApplied)
    },
  })
  new Counter({
    name: 'forms_journal_compactions_total',
    help: "Compactions of the embedded store's journal into its snapshot by this process, at start and past COMPACT_JOURNAL_BYTES",
    registers,
    collect() {
      this.reset()
      this.inc(store.maintenance.compactions)
    },
  })
  const sender: SenderObserver = {
    writtenToFolder: () => writtenToFolder.inc(),
    sendFailed: (reason) => sendFailures.inc({ reason }),
  }

  // A submission sent again with its Idempotency-Key answers with its first record: counted by id, once
  // (among the last 10,000: a key is answered with its first record for a day, far fewer than that).
  const seen = new Set<string>()
  const firstTime = (id: string) => {
    if (seen.has(id)) return false
    if (seen.size >= 10_000) seen.clear()
    seen.add(id)
    return true
  }

  /** What the store did (store/events.ts): its commits timed, its leads, bookings, cancellations and held emails counted, one subscription each. */
  const onStoreEvent = listenerOf(
    on('committed', (event) => commitSeconds.observe({ operation: event.operation }, event.seconds)),
    on('lead-stored', (event) => firstTime(`lead:${event.id}`) && leads.inc({ kind: event.lead, source: sourceGroup(event.source) })),
    on('meeting-booked', (event) => firstTime(`booked:${event.requestId}`) && bookingsMade.inc()),
    on('meeting-changed', (event) => event.action === 'cancel' && bookingsCancelled.inc()),
    on('email-held', (event) => emailsHeld.inc({ reason: event.reason })),
  )

  /** Counts every request by the route that answered it; times POSTs. */
  const measure: Middleware = async (ctx, next) => {
    const start = performance.now()
    try {
      await next()
    } finally {
      const matched: unknown = ctx._matchedRoute
      const route = typeof matched === 'string' ? matched : ctx.path.startsWith('/api/') ? 'unmatched' : 'site'
      requests.inc({ method: ctx.method, route, status: String(ctx.status) })
      if (ctx.method === 'POST') postSeconds.observe({ route }, (performance.now() - start) / 1000)
    }
  }

  /** What the booking challenge did with one post. */
  const challenged = (outcome: 'issued' | 'solved' | 'failed') => challenges.inc({ outcome })

  return { registry, onStoreEvent, measure, sender, challenged }
}

let processRegistry: Registry | null = null

/**
 * prom-client's process and Node metrics (CPU, memory, event loop lag, handles, GC), collected once per
 * process: they describe the process, not an app, and each collection starts observers that are never
 * stopped, so the many apps a test run makes in one process share this one registry.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * GET /metrics for a scraper holding an API token made with `metrics` or `metricsToken` (METRICS_TOKEN), as
 * `Authorization: Bearer …`; 403 for a token without the scope, 401 otherwise, so the figures are never
 * public. Never the admin password: a scraper's secret should open as little as possible, and a wrong
 * one is never a password guess.
 */
export function metricsRoutes(registry: Registry, metricsToken: string | null, auth: Pick<AdminAuth, 'bearerToken'>): Router {
  const router = new Router()
  router.get('/metrics', async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    const given = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1] ?? ''
    const byMetricsToken = metricsToken !== null && timingSafeEqual(digest(given), digest(metricsToken))
    const token = byMetricsToken ? null : await auth.bearerToken(ctx)
    const refusal = token && tokenRefusal(token, 'metrics')
    if (refusal) ctx.throw(403, refusal)
    if (!byMetricsToken && !token) {
      ctx.set('WWW-Authenticate', 'Bearer')
      ctx.throw(401, 'An API token or the metrics token is required')
    }
    const scraped = Registry.merge([registry, processMetrics()])
    ctx.type = scraped.contentType
    ctx.body = await scraped.metrics()
  })
  return router
}
