import type { Logger } from 'pino'
import { Counter, Gauge, type Registry } from 'prom-client'
import type { BusyTime } from '../../contract/booking/booking.js'
import type { BusyCalendarState } from '../../contract/booking/busyCalendar.js'
import { busyTimes, joined, NotACalendarError } from './busyTimes.js'

const dayMs = 86_400_000
/** Expanded from a day back (a meeting under way) to a month ahead (the dialog offers two weeks). */
const rangeBefore = dayMs
const rangeAfter = 31 * dayMs
const reexpandMs = 3_600_000
/** A calendar file larger than this is refused: years of a busy agency's events are a few megabytes. */
const maxBytes = 20 * 1024 * 1024

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
}

interface Source {
  /** The address without user name and password (fetch refuses them): those go as Basic authorization. */
  url: string
  authorization: string | null
  host: string
  /** Its place in BUSY_CALENDAR_URLS, from 1: two Google calendars share a host. */
  position: number
  /** The last calendar text that parsed, and its validators for the next conditional read. */
  text: string | null
  etag: string | null
  lastModified: string | null
  times: BusyTime[]
  /** The clock's time when `times` were expanded from `text`. */
  expandedAt: number
  lastReadAt: string | null
  error: string | null
  failedReads: number
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
    etag: null,
    lastModified: null,
    times: [],
    expandedAt: 0,
    lastReadAt: null,
    error: null,
    failedReads: 0,
  }
}

/**
 * Reads BUSY_CALENDAR_URLS: at start and every `refreshMs`, each address with its ETag and Last-Modified
 * (a 304 keeps the copy), within `timeoutMs`. A read that fails keeps the last good copy in force, is
 * logged once (until the calendar is read again) with the address's host only, never its secret path,
 * and counts in `status()`. Nothing waits for a read: bookings go on with what was read before.
 */
export function busyCalendar(addresses: readonly string[], options: BusyCalendarOptions): BusyCalendar {
  const { logger, refreshMs, timeoutMs } = options
  const now = options.now ?? (() => new Date())
  const sources = addresses.map(source)
  let busy: readonly BusyTime[] = []
  let timer: NodeJS.Timeout | null = null
  let round: Promise<void> | null = null
  const stopping = new AbortController()

  const expand = (calendar: Source, text: string) => {
    const at = now().getTime()
    calendar.times = busyTimes(text, at - rangeBefore, at + rangeAfter)
    calendar.expandedAt = at
  }
  // The copy kept is expanded again as the month ahead moves on with the days (an hour is soon enough:
  // the dialog offers whole days, two weeks ahead); until then its busy times stand.
  const keep = (calendar: Source) => {
    if (calendar.text !== null && Math.abs(now().getTime() - calendar.expandedAt) >= reexpandMs) expand(calendar, calendar.text)
  }

  async function read(calendar: Source): Promise<void> {
    const headers: Record<string, string> = { Accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' }
    if (calendar.authorization) headers.Authorization = calendar.authorization
    if (calendar.text !== null && calendar.etag) headers['If-None-Match'] = calendar.etag
    if (calendar.text !== null && calendar.lastModified) headers['If-Modified-Since'] = calendar.lastModified
    try {
      const response = await fetch(calendar.url, { headers, signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]) })
      if (response.status === 304 && calendar.text !== null) {
        await response.body?.cancel()
        keep(calendar)
      } else if (!response.ok) {
        await response.body?.cancel()
        throw new ReadError(`${calendar.host} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`)
      } else {
        const text = await limitedText(response, calendar.host)
        expand(calendar, text)
        calendar.text = text
        calendar.etag = response.headers.get('etag')
        calendar.lastModified = response.headers.get('last-modified')
      }
      calendar.lastReadAt = now().toISOString()
      if (calendar.error !== null) logger.info({ calendar: calendar.position, host: calendar.host }, 'busy calendar read again')
      calendar.error = null
    } catch (error) {
      if (stopping.signal.aborted) return
      const sentence = failure(error, calendar.host, timeoutMs)
      calendar.failedReads++
      if (calendar.error === null)
        logger.warn(
          { calendar: calendar.position, host: calendar.host, error: sentence },
          'busy calendar could not be read: the busy times read before stay in force',
        )
      calendar.error = sentence
      keep(calendar)
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
        failedReads: calendar.failedReads,
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

class ReadError extends Error {}

/** The body as text, refused beyond maxBytes (a wrong address may be a video). */
async function limitedText(response: Response, host: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw new ReadError(`${host} sent ${Math.round(declared / 1024 / 1024)} MB, more than a calendar's ${maxBytes / 1024 / 1024} MB`)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    size += part.value.byteLength
    if (size > maxBytes) {
      await reader!.cancel()
      throw new ReadError(`${host} sent more than a calendar's ${maxBytes / 1024 / 1024} MB`)
    }
    chunks.push(part.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Why a read failed, as a sentence naming the host (never the address: its path is the secret). */
function failure(error: unknown, host: string, timeoutMs: number): string {
  if (error instanceof ReadError) return error.message
  if (error instanceof NotACalendarError) return `what ${host} sent ${error.message}`
  if (error instanceof Error && error.name === 'TimeoutError') return `${host} did not answer within ${timeoutMs / 1000} seconds`
  const code = (error as { cause?: { code?: unknown } }).cause?.code
  return `${host} could not be reached${typeof code === 'string' ? ` (${code})` : ''}`
}

/**
 * The calendars in /metrics: failed reads, and when each was last read (0: never), labelled by its place
 * in BUSY_CALENDAR_URLS and its host (two Google calendars share a host).
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
