import { Router } from '@koa/router'
import Koa from 'koa'
import compress from 'koa-compress'
import { pino, type Logger } from 'pino'
import type { Config } from './config.js'
import { adminAuth } from './middleware/adminAuth.js'
import { formPages } from './middleware/htmlFormAnswers.js'
import { apiCors } from './middleware/cors.js'
import { errors } from './middleware/errors.js'
import { requestLog } from './middleware/requestLog.js'
import { securityHeaders } from './middleware/securityHeaders.js'
import { meetingLinkPages } from './middleware/meetingLinkPages.js'
import { thankYouMeeting } from './middleware/thankYouMeeting.js'
import { consultationPage } from './booking/consultationPage.js'
import { staticSite } from './middleware/staticSite.js'
import { adminRoutes } from './routes/admin.js'
import { apiTokenRoutes } from './routes/apiTokens.js'
import { blockListRoutes } from './routes/blockList.js'
import { peopleRoutes } from './routes/people.js'
import { securityRoutes } from './routes/security.js'
import { formRoutes } from './routes/forms.js'
import { bookingGate } from './booking/challenge.js'
import { bookingCheckKind } from '../contract/wire/records.js'
import { healthRoutes } from './routes/health.js'
import { inboxRoutes } from './routes/inbox.js'
import { overviewRoutes } from './routes/overview.js'
import { personRoutes } from './routes/person.js'
import { outboxRoutes, type OutboxInfo } from './routes/outbox.js'
import { unsubscribeRoutes } from './routes/unsubscribe.js'
import { metricsRoutes, serviceMetrics } from './metrics.js'
import { meetingRoutes } from './routes/meetings.js'
import { adminMeetingRoutes, calendarFeedRoutes } from './routes/adminMeetings.js'
import { zonedDate, type BookingSettings, type BusyTime } from '../contract/booking/booking.js'
import type { ClosedDays } from '../contract/booking/consultationDates.js'
import type { Retention } from './retention.js'
import { loadContentWords } from './contentWords.js'
import { availabilityCache, type BookingRules } from './booking/schedule.js'
import { busyCalendarMetrics } from './booking/busyCalendar.js'
import type { BusyCalendarState } from '../contract/booking/busyCalendar.js'
import { busyCalendarRoutes } from './routes/busyCalendars.js'
import { servingEvery } from './routes/route.js'
import type { ObservedStore } from './store/events.js'
import { api } from '../contract/wire/api.js'
import { adminApi } from '../contract/wire/adminApi.js'

export interface AppOptions {
  logger?: Logger
  /** The clock that decides which consultation dates are offered. */
  now?: () => Date
  /** Days never offered for a consultation (content/closed-days.json, read by `startService`). */
  closedDays?: ClosedDays
  /** Meeting length, buffer, meetings at once, windows (content/booking.json, read by `startService`); a function when followed as the file changes. */
  booking?: BookingSettings | (() => BookingSettings)
  /** The agency's busy times now (booking/busyCalendar.ts); none when left out. */
  busy?: () => readonly BusyTime[]
  /** How the reads of the busy calendars went, for the admin and /metrics; none when left out. */
  busyCalendars?: () => readonly BusyCalendarState[]
  /** Where emails go, for the admin's outbox screen. */
  outbox?: OutboxInfo
  /** The daily erasure of old records (started by `startService`), whose last run the admin shows. */
  retention?: Retention
  /** The metrics of `store`, listening to it already, when the caller made them (to count its sender's calls too); made here otherwise. */
  metrics?: ReturnType<typeof serviceMetrics>
}

const noBusy: readonly BusyTime[] = Object.freeze([])
const noBusyTime = () => noBusy

/** The whole service as a Koa app. It never listens: `service.ts` does, and tests call `app.callback()`. */
export function createApp(config: Config, store: ObservedStore, options: AppOptions = {}): Koa {
  if (config.unsubscribeSecret === null) throw new Error('createApp needs config.unsubscribeSecret (startService makes one up outside production)')
  if (!options.booking) throw new Error('createApp needs options.booking (startService reads content/booking.json)')
  const booking = options.booking
  const rules: BookingRules = {
    get settings() {
      return typeof booking === 'function' ? booking() : booking
    },
    closedDays: options.closedDays ?? [],
    now: options.now ?? (() => new Date()),
    busy: options.busy ?? noBusyTime,
  }
  const logger = options.logger ?? pino({ level: config.logLevel })
  // With n trusted proxies, Koa reads only the last n X-Forwarded-For entries, which they wrote.
  const app = new Koa({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy })
  // Errors are answered and logged by `errors`; Koa's own printing would only repeat them.
  app.silent = true

  // What the store commits is told to the metrics and the availability cache (store/events.ts).
  const metrics = options.metrics ?? serviceMetrics(store)
  if (!options.metrics) store.listen(metrics.onStoreEvent)
  // With PostgreSQL another replica's booking shows in this one's availability within a second.
  const calendar = availabilityCache(store, rules, config.databaseUrl ? 1000 : Number.POSITIVE_INFINITY)
  store.listen(calendar.onStoreEvent)
  const busyCalendars = options.busyCalendars ?? (() => [])
  busyCalendarMetrics(metrics.registry, busyCalendars)
  app.use(requestLog(logger))
  app.use(metrics.measure)
  app.use(securityHeaders(config.corsOrigins))
  // Text answers are compressed: the stylesheet shrinks from ~68 kB to ~11 kB, the 100,000-subscriber
  // list from 13 MB to under 2 MB.
  // A JSON POST (a widget's form, an admin's change) is answered a few hundred bytes of JSON, under the
  // threshold, which koa-compress finds out by serialising the answer once more to measure it: a tenth of
  // a subscription's time under load (docs/performance.md). An HTML form's answer is a page, its error
  // page too (written by `errors`, inside): compressed.
  const compressText = compress({ threshold: 1024 })
  app.use((ctx, next) => (ctx.method === 'POST' && ctx.request.type === 'application/json' ? next() : compressText(ctx, next)))
  const pages = formPages(config.siteUrl, config.siteDir, config.unsubscribeSecret)
  app.use(errors(logger, pages.problems))
  app.use(apiCors(config.corsOrigins))
  // Whatever nothing answered (an unknown API path, or any path without a site) is a JSON 404.
  app.use(async (ctx, next) => {
    await next()
    if (ctx.status === 404 && ctx.body == null) ctx.throw(404, 'Not Found')
  })
  const auth = adminAuth(config.adminPassword, store, undefined, config.adminRecovery)
  const words = loadContentWords(config.contentDir)
  const routes = new Router()
  // Every endpoint of contract/ is served by one of these, or this does not compile.
  for (const router of servingEvery({ api, adminApi }, [
    healthRoutes(store),
    metricsRoutes(metrics.registry, config.metricsToken, auth),
    formRoutes(config, store, pages, rules, {
      gate: bookingGate(config.bookingChallenge, store.coordination.rateCounter, config.unsubscribeSecret, (bookings) => {
        logger.warn(
          { event: 'booking-challenge', bookings, perHour: config.bookingChallenge.perHour },
          `${bookings} bookings this hour, past BOOKING_CHALLENGE_PER_HOUR (${config.bookingChallenge.perHour}): new bookings from the dialog need the browser check until the hour ends`,
        )
        // The agency is told once a day at most, however many replicas or hours pass the pace.
        const now = rules.now()
        store
          .queueDayEmail(bookingCheckKind, zonedDate(now), now.toISOString())
          .catch((error: unknown) => logger.error({ err: error }, 'The booking check notice could not be queued'))
      }),
      challenged: metrics.challenged,
    }),
    adminRoutes(auth, store),
    apiTokenRoutes(auth, store, config.corsOrigins),
    blockListRoutes(auth, store, config.corsOrigins, rules.now),
    peopleRoutes(auth, store, config.unsubscribeSecret, config.corsOrigins, rules.now),
    securityRoutes(auth, store, config.unsubscribeSecret, config.corsOrigins, config.siteUrl, rules.now),
    inboxRoutes(auth, store, config.corsOrigins, {
      now: options.now ?? (() => new Date()),
      words: words.inbox,
      retention: options.retention ?? null,
      answerWithinHours: words.answerWithinHours,
    }),
    overviewRoutes(auth, store, config.corsOrigins, options.now ?? (() => new Date()), words.answerWithinHours),
    personRoutes(auth, store, config.corsOrigins),
    outboxRoutes(auth, store, options.outbox ?? { delivery: 'folder', folder: null }, config.corsOrigins),
    unsubscribeRoutes(store, config.unsubscribeSecret),
    meetingRoutes(config, store, rules, pages, words.closedMeeting, calendar),
    adminMeetingRoutes(config, auth, store, rules),
    calendarFeedRoutes(config, store, rules),
    busyCalendarRoutes(config, auth, busyCalendars),
  ])) {
    routes.use(router.routes())
  }
  app.use(routes.routes())
  app.use(routes.allowedMethods({ throw: true }))
  if (config.siteDir) {
    app.use(meetingLinkPages(config.siteDir))
    app.use(thankYouMeeting(config.siteDir, store, config.unsubscribeSecret, words.calendarTitle, config.bookingChallenge.holdMinutes))
    app.use(consultationPage(config.siteDir, rules))
    app.use(staticSite(config.siteDir))
  }
  return app
}
