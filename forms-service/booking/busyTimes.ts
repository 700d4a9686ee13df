import ICAL from 'ical.js'
import { bookingZone, isTimeZone, zonedInstant, type BusyTime } from '../../contract/booking/booking.js'

/** Occurrences looked at per event, at most: a rule that never ends (FREQ=MINUTELY, no UNTIL) must not hang a read. */
const maxOccurrences = 20_000

/** Thrown when a text is no iCalendar file: the read fails and the copy read before stays. */
export class NotACalendarError extends Error {
  override name = 'NotACalendarError'
}

/**
 * The busy times of an iCalendar file within [from, to), in epoch milliseconds, sorted and with overlaps
 * joined: every event but the transparent ("show as free") and cancelled ones, recurring events expanded
 * (their moved and cancelled occurrences, EXDATE), all-day events as whole days in Dallas, times in a TZID
 * by the file's own VTIMEZONE (ical.js finds it in the file; a TZID without one, if it is an IANA zone, by
 * the platform's zone data), floating times in Dallas.
 */
export function busyTimes(text: string, from: number, to: number): BusyTime[] {
  try {
    return expanded(text, from, to)
  } catch (error) {
    if (error instanceof NotACalendarError) throw error
    const reason = String((error as Error).message)
      .split('\n')[0]!
      .slice(0, 120)
    throw new NotACalendarError(`is not an iCalendar file this service can read (${reason})`, { cause: error })
  }
}

function expanded(text: string, from: number, to: number): BusyTime[] {
  // A sign-in page or an empty answer where the calendar was: said in words, not in the parser's.
  if (!/^BEGIN:VCALENDAR\r?$/m.test(text)) throw new NotACalendarError('is not an iCalendar file (it has no BEGIN:VCALENDAR)')
  const calendar = new ICAL.Component(ICAL.parse(text))
  if (calendar.name !== 'vcalendar') throw new NotACalendarError(`is not an iCalendar file (it holds a ${calendar.name.toUpperCase()}, not a VCALENDAR)`)

  const components = calendar.getAllSubcomponents('vevent')
  const exceptions = new Map<string, ICAL.Component[]>()
  for (const component of components) {
    if (!component.hasProperty('recurrence-id')) continue
    const uid = String(component.getFirstPropertyValue('uid'))
    exceptions.set(uid, [...(exceptions.get(uid) ?? []), component])
  }
  const masters = new Set(components.filter((component) => !component.hasProperty('recurrence-id')).map((c) => String(c.getFirstPropertyValue('uid'))))

  const found: BusyTime[] = []
  const add = (item: ICAL.Event, start: ICAL.Time | null, end: ICAL.Time | null) => {
    if (!start || !end || !isBusy(item.component)) return
    const zone = zoneOf(item.component)
    const time = { start: instant(start, zone), end: instant(end, zone) }
    if (time.end > time.start && time.end > from && time.start < to) found.push(time)
  }
  for (const component of components) {
    const uid = String(component.getFirstPropertyValue('uid'))
    if (component.hasProperty('recurrence-id')) {
      // An exception whose series is not in the file is an event of its own.
      if (!masters.has(uid)) {
        const single = new ICAL.Event(component)
        add(single, single.startDate, single.endDate)
      }
      continue
    }
    // Exceptions are related by UID: ical.js would otherwise relate every exception of the file to every series.
    const event = new ICAL.Event(component, { exceptions: exceptions.get(uid) ?? [] })
    if (!component.hasProperty('dtstart')) continue
    if (!event.isRecurring()) {
      add(event, event.startDate, event.endDate)
      continue
    }
    const length = event.duration.toSeconds() * 1000
    const hasExceptions = Object.keys(event.exceptions).length > 0
    const isException = (time: ICAL.Time) =>
      hasExceptions && (time.toString() in event.exceptions || time.convertToZone(ICAL.Timezone.utcTimezone).toString() in event.exceptions)
    const iterator = event.iterator(nearStart(component, event.startDate, from))
    const seen = new Set<Partial<ICAL.Event>>()
    let lastWall = Number.NEGATIVE_INFINITY
    for (let i = 0, next = iterator.next(); next && i < maxOccurrences; i++, next = iterator.next()) {
      // The wall-clock time read as UTC is within a day of the instant in any zone: far enough from the
      // range, an occurrence is passed over without the cost of converting it (years of a daily series).
      lastWall = wallTime(next)
      if (lastWall - dayMs >= to) break
      if (lastWall + length + dayMs < from && !isException(next)) continue
      const details = event.getOccurrenceDetails(next)
      seen.add(details.item)
      add(details.item, details.startDate, details.endDate)
    }
    // An occurrence moved into the range from after it: the expansion stopped before its original time.
    for (const exception of Object.values(event.exceptions)) {
      if (!seen.has(exception) && wallTime(exception.recurrenceId) >= lastWall) add(exception, exception.startDate, exception.endDate)
    }
  }
  return joined(found)
}

/**
 * A daily or weekly series' start moved forward by whole periods to a few days before `from`: it yields the
 * same occurrences from there on, without stepping through every day since a start years ago. Only for a
 * plain rule (no COUNT, which counts from the real start; no RDATE).
 */
function nearStart(component: ICAL.Component, start: ICAL.Time, from: number): ICAL.Time {
  const rules = component.getAllProperties('rrule')
  if (rules.length !== 1 || component.hasProperty('rdate')) return start
  const rule = rules[0]!.getFirstValue() as ICAL.Recur
  const days = rule.freq === 'DAILY' ? 1 : rule.freq === 'WEEKLY' ? 7 : 0
  if (days === 0 || rule.count) return start
  const period = days * (rule.interval || 1)
  const periods = Math.floor((from - 3 * dayMs - wallTime(start)) / (period * dayMs))
  if (periods <= 0) return start
  const moved = start.clone()
  moved.adjust(periods * period, 0, 0, 0)
  return moved
}

/** Opaque (the default) and not cancelled: the agency is not free then. */
function isBusy(component: ICAL.Component): boolean {
  const transparency = String(component.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase()
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase()
  return transparency !== 'TRANSPARENT' && status !== 'CANCELLED'
}

/** Where a floating time of the event is read: its TZID when the file has no VTIMEZONE for it but the platform knows it, else Dallas. */
function zoneOf(component: ICAL.Component): string {
  const tzid = component.getFirstProperty('dtstart')?.getParameter('tzid')
  return typeof tzid === 'string' && isTimeZone(tzid) ? tzid : bookingZone
}

const pad = (n: number) => String(n).padStart(2, '0')
const dayMs = 86_400_000
const wallTime = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)

/** An ICAL.Time as an instant: a DATE is the start of that day in Dallas, a floating time is wall-clock time in `zone`. */
function instant(time: ICAL.Time, zone: string): number {
  if (time.isDate) return midnight(bookingZone, time)
  if (time.zone === ICAL.Timezone.localTimezone || time.zone?.tzid === 'floating') {
    const offset = dayOffset(zone, time)
    if (offset !== null) return wallTime(time) - offset
    return zonedInstant(dateOf(time), time.hour * 60 + time.minute, zone).getTime() + time.second * 1000
  }
  return time.toUnixTime() * 1000
}

const dateOf = (time: Pick<ICAL.Time, 'year' | 'month' | 'day'>) => `${time.year}-${pad(time.month)}-${pad(time.day)}`

// The platform's zone data answers slowly (Intl, about a tenth of a millisecond a question): a month of a
// calendar's times asks it about each day once, not about each time twice.
const midnights = new Map<string, number>()
function midnight(zone: string, day: Pick<ICAL.Time, 'year' | 'month' | 'day'>): number {
  const key = `${zone} ${dateOf(day)}`
  let found = midnights.get(key)
  if (found === undefined) {
    if (midnights.size > 20_000) midnights.clear()
    found = zonedInstant(dateOf(day), 0, zone).getTime()
    midnights.set(key, found)
  }
  return found
}

/** The zone's offset (wall clock minus UTC, in ms) all through the day of `time`; null on a day the clocks change. */
function dayOffset(zone: string, time: ICAL.Time): number | null {
  const start = Date.UTC(time.year, time.month - 1, time.day)
  const next = new Date(start + dayMs)
  const today = start - midnight(zone, time)
  const tomorrow = next.getTime() - midnight(zone, { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() })
  return today === tomorrow ? today : null
}

/** Sorted by start, overlapping and touching stretches joined into one. */
export function joined(times: readonly BusyTime[]): BusyTime[] {
  const sorted = [...times].sort((a, b) => a.start - b.start || a.end - b.end)
  const result: BusyTime[] = []
  for (const time of sorted) {
    const previous = result.at(-1)
    if (previous && time.start <= previous.end) previous.end = Math.max(previous.end, time.end)
    else result.push({ ...time })
  }
  return result
}
