import type { Logger } from 'pino'
import { Counter, Gauge, type Registry } from 'prom-client'
import type { BusyTime } from '../../contract/booking/booking.js'
import { type BusyCalendarBudget, type BusyCalendarState, busyCalendarBudgets } from '../../contract/booking/busyCalendar.js'
import { joined } from './busyTimes.js'
import { expandOnWorker, expansionBudget, OverBudgetError, WorkerError } from './calendarExpansion.js'
import { type CalendarAddress, fetchCalendar, ReadError, type Validators } from './calendarFetch.js'
import { NotACalendarError, type SkippedEvent } from './calendarParse.js'

const dayMs = 86_400_000
/** Expanded from a day back (a meeting under way) to a month ahead (the dialog offers two weeks). */
const rangeBefore = dayMs
const rangeAfter = 31 * dayMs
const reexpandMs = 3_600_000
/** Events left out of a read named in its warning, at most: a file of broken events writes one short line. */
const skippedNamed = 20

/** The agency's busy calendars, read in the background: what is busy now, and how each read went. */
export interface BusyCalendar {
  /** Every calendar's busy times, sorted; the same array until a read or the passing days change them. */
  busy(): readonly BusyTime[]
  status(): BusyCalendarState[]
  /** Reads every calendar now, without waiting for it, and again every `refreshMs`. */
  start(): void
  /** Stops reading; a read under way is abandoned. */
  stop(): Promise<void>
}

export interface BusyCalendarOptions {
  logger: Logger
  now?: () => Date
  refreshMs: number
  timeoutMs: number
  /** Hosts a calendar's address may redirect to besides its own (BUSY_CALENDAR_REDIRECT_HOSTS). */
  redirectHosts?: readonly string[]
}

interface Source extends CalendarAddress {
  /** Its place in BUSY_CALENDAR_URLS, from 1: two Google calendars share a host. */
  position: number
  /** The last calendar text that was expanded within its budget, and its validators for the next conditional read. */
  text: string | null
  validators: Validators
  times: BusyTime[]
  /** The clock's time when `times` were expanded from `text`. */
  expandedAt: number
  lastReadAt: string | null
  error: string | null
  overBudget: BusyCalendarBudget | null
  failedReads: number
  overBudgetReads: Record<BusyCalendarBudget, number>
  /** The UIDs of the events left out of the last expansion, warned about once. */
  skipped: Set<string>
}

function source(address: string, index: number): Source {
  const url = new URL(address)
  const authorization =
    url.username || url.password ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}` : null
  url.username = ''
  url.password = ''
  return {
    url: url.href,
    authorization,
    host: url.host,
    position: index + 1,
    text: null,
    validators: { etag: null, lastModified: null },
    times: [],
    expandedAt: 0,
    lastReadAt: null,
    error: null,
    overBudget: null,
    failedReads: 0,
    overBudgetReads: { time: 0, memory: 0, occurrences: 0 },
    skipped: new Set(),
  }
}

/**
 * Reads BUSY_CALENDAR_URLS: at start and every `refreshMs`, each address with its ETag and Last-Modified
 * (a 304 keeps the copy), within `timeoutMs`, following redirects only to its own host (calendarFetch.ts).
 * Each text is expanded on a worker thread of its own within `expansionBudget`, one calendar at a time, so
 * that a costly file holds one core and one budget of memory, never the requests (calendarExpansion.ts).
 * A read that fails or goes over budget keeps the last good copy in force, is logged once (until the
 * calendar is read again) with the address's host only, never its secret path, and counts in `status()`.
 * Nothing waits for a read: bookings go on with what was read before.
 */
export function busyCalendar(addresses: readonly string[], options: BusyCalendarOptions): BusyCalendar {
  const { logger, refreshMs, timeoutMs } = options
  const fetchOptions = { redirectHosts: options.redirectHosts ?? [] }
  const now = options.now ?? (() => new Date())
  const sources = addresses.map(source)
  let busy: readonly BusyTime[] = []
  let timer: NodeJS.Timeout | null = null
  let round: Promise<void> | null = null
  const stopping = new AbortController()
  let expanding: Promise<unknown> = Promise.resolve()

  // One at a time: the calendars of a refresh take turns on one worker thread's core and memory.
  const expand = (calendar: Source, text: string): Promise<void> => {
    const turn = expanding.then(async () => {
      const at = now().getTime()
      const { times, skipped } = await expandOnWorker(text, { from: at - rangeBefore, to: at + rangeAfter }, expansionBudget, stopping.signal)
      warnSkipped(calendar, skipped)
      calendar.times = times
      calendar.expandedAt = at
    })
    expanding = turn.catch(() => {})
    return turn
  }
  // The copy kept is expanded again as the month ahead moves on with the days (an hour is soon enough:
  // the dialog offers whole days, two weeks ahead); until then its busy times stand. One that fails to
  // (over budget on a loaded machine) is tried again an hour later, its busy times standing meanwhile.
  const keep = async (calendar: Source) => {
    if (calendar.text === null || Math.abs(now().getTime() - calendar.expandedAt) < reexpandMs) return
    try {
      await expand(calendar, calendar.text)
    } catch (error) {
      calendar.expandedAt = now().getTime()
      throw error
    }
  }

  // Named once per event: the same file is expanded again at every change and every hour.
  function warnSkipped(calendar: Source, skipped: readonly SkippedEvent[]) {
    const fresh = skipped.filter((event) => !calendar.skipped.has(event.uid))
    calendar.skipped = new Set(skipped.map((event) => event.uid))
    if (fresh.length === 0) return
    logger.warn(
      { calendar: calendar.position, host: calendar.host, skipped: fresh.length, events: fresh.slice(0, skippedNamed) },
      'busy calendar events that could not be read were left out: the rest of the calendar counts',
    )
  }

  async function read(calendar: Source): Promise<void> {
    try {
      const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal])
      const answer = await fetchCalendar(calendar, calendar.text === null ? null : calendar.validators, { ...fetchOptions, signal })
      if (answer.unchanged) await keep(calendar)
      else {
        await expand(calendar, answer.text)
        calendar.text = answer.text
        calendar.validators = answer.validators
      }
      calendar.lastReadAt = now().toISOString()
      if (calendar.error !== null) logger.info({ calendar: calendar.position, host: calendar.host }, 'busy calendar read again')
      calendar.error = null
      calendar.overBudget = null
    } catch (error) {
      if (stopping.signal.aborted) return
      const sentence = failure(error, calendar.host, timeoutMs)
      const overBudget = error instanceof OverBudgetError ? error.budget : null
      calendar.failedReads++
      if (overBudget) calendar.overBudgetReads[overBudget]++
      if (calendar.error === null)
        logger.warn(
          {
            calendar: calendar.position,
            host: calendar.host,
            error: sentence,
            ...(overBudget && { overBudget }),
            ...(error instanceof WorkerError && { err: error }),
          },
          'busy calendar could not be read: the busy times read before stay in force',
        )
      calendar.error = sentence
      calendar.overBudget = overBudget
      // What keeping the copy says changes nothing of the above: its busy times stand either way.
      await keep(calendar).catch(() => {})
    }
  }

  async function readAll(): Promise<void> {
    await Promise.all(sources.map(read))
    const next = joined(sources.flatMap((calendar) => calendar.times))
    // The same array while nothing changed: what is computed from it may be kept.
    if (next.length !== busy.length || next.some((time, i) => time.start !== busy[i]!.start || time.end !== busy[i]!.end)) busy = next
  }

  const schedule = () => {
    if (stopping.signal.aborted) return
    round = readAll().finally(() => {
      round = null
      if (!stopping.signal.aborted) timer = setTimeout(schedule, refreshMs).unref()
    })
  }

  return {
    busy: () => busy,
    status: () =>
      sources.map((calendar) => ({
        host: calendar.host,
        lastReadAt: calendar.lastReadAt,
        busyTimes: calendar.times.length,
        error: calendar.error,
        overBudget: calendar.overBudget,
        failedReads: calendar.failedReads,
        overBudgetReads: { ...calendar.overBudgetReads },
      })),
    start() {
      if (sources.length > 0 && !round && !timer) schedule()
    },
    async stop() {
      stopping.abort()
      if (timer) clearTimeout(timer)
      await round
    },
  }
}

const count = (n: number) => n.toLocaleString('en-US')

/** Why a read failed, as a sentence naming the host (never the address: its path is the secret; never what the server wrote). */
function failure(error: unknown, host: string, timeoutMs: number): string {
  if (error instanceof ReadError) return error.message
  if (error instanceof NotACalendarError) return `what ${host} sent ${error.message}`
  if (error instanceof OverBudgetError) {
    if (error.budget === 'time') return `what ${host} sent takes longer to read than a calendar's ${expansionBudget.timeMs / 1000} seconds`
    if (error.budget === 'memory') return `what ${host} sent needs more memory to read than a calendar's ${expansionBudget.heapMb} MB`
    return `what ${host} sent repeats its events more often than a calendar's ${count(expansionBudget.occurrences)} occurrences (an event that repeats every minute or second, without end?)`
  }
  // The service's own fault: the log line has the error.
  if (error instanceof WorkerError) return `what ${host} sent could not be read: the service's calendar worker failed`
  if (error instanceof Error && error.name === 'TimeoutError') return `${host} did not answer within ${timeoutMs / 1000} seconds`
  const code = (error as { cause?: { code?: unknown } }).cause?.code
  return `${host} could not be reached${typeof code === 'string' ? ` (${code})` : ''}`
}

/**
 * The calendars in /metrics: failed reads, those of them over budget by the budget passed, and when each
 * was last read (0: never), labelled by its place in BUSY_CALENDAR_URLS and its host (two Google calendars
 * share a host).
 */
export function busyCalendarMetrics(registry: Registry, status: () => readonly BusyCalendarState[]): void {
  const labelNames = ['calendar', 'host'] as const
  const labels = (calendar: BusyCalendarState, i: number) => ({ calendar: String(i + 1), host: calendar.host })
  new Counter({
    name: 'forms_busy_calendar_read_failures_total',
    help: 'Reads of a busy calendar (BUSY_CALENDAR_URLS) that failed since the service started',
    labelNames,
    registers: [registry],
    collect() {
      this.reset()
      for (const [i, calendar] of status().entries()) this.inc(labels(calendar, i), calendar.failedReads)
    },
  })
  new Counter({
    name: 'forms_busy_calendar_over_budget_total',
    help: 'Reads of a busy calendar refused for what expanding it would cost (reason: time, memory, occurrences), counted in the failures too',
    labelNames: [...labelNames, 'reason'],
    registers: [registry],
    collect() {
      this.reset()
      for (const [i, calendar] of status().entries())
        for (const reason of busyCalendarBudgets) this.inc({ ...labels(calendar, i), reason }, calendar.overBudgetReads[reason])
    },
  })
  new Gauge({
    name: 'forms_busy_calendar_last_read_timestamp_seconds',
    help: 'When a busy calendar was last read successfully, in Unix seconds (0: not yet)',
    labelNames,
    registers: [registry],
    collect() {
      for (const [i, calendar] of status().entries()) this.set(labels(calendar, i), calendar.lastReadAt ? Date.parse(calendar.lastReadAt) / 1000 : 0)
    },
  })
}
