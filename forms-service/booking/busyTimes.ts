import ICAL from 'ical.js'
import { bookingZone, isTimeZone, zonedInstant, type BusyTime } from '../../contract/booking/booking.js'
import { calendarEvents, firstLine, NotACalendarError, type SkippedEvent } from './calendarParse.js'

/** Occurrences looked at per event, at most: a rule that never ends (FREQ=MINUTELY, no UNTIL) must not hang a read. */
const maxOccurrences = 20_000

/**
 * Occurrences of recurring events looked at per file, at most, unless the caller says otherwise. Stepping
 * through a rule costs up to 40 µs an occurrence (FREQ=SECONDLY, the slowest): 50,000 take about two
 * seconds, within a read's time budget (calendarExpansion.ts), so a calendar of never-ending rules is
 * refused for what it holds, in words, before its time runs out. A real calendar looks at a few thousand:
 * daily and weekly series start near the month they are read for (nearStart), and one-off events count none.
 */
export const occurrencesPerFile = 50_000

/** Thrown when a file's recurring events make more occurrences to look through than its budget. */
export class TooManyOccurrencesError extends Error {
  override name = 'TooManyOccurrencesError'
}

/** What a calendar file says is busy, and the events of it that could not be read. */
export interface CalendarTimes {
  times: BusyTime[]
  skipped: SkippedEvent[]
}

/**
 * The busy times of an iCalendar file within [from, to), in epoch milliseconds, sorted and with overlaps
 * joined: every event but the transparent ("show as free") and cancelled ones, recurring events expanded
 * (their moved and cancelled occurrences, EXDATE, RDATE with its periods), all-day events as whole days in
 * Dallas, times in a TZID by the file's own VTIMEZONE (ical.js finds it in the file; a TZID without one, if
 * it is an IANA zone, by the platform's zone data), floating times in Dallas. An event that cannot be read
 * is skipped and named in `skipped`; the rest of the file counts.
 */
export function busyTimes(text: string, from: number, to: number, occurrences = occurrencesPerFile): CalendarTimes {
  try {
    return expanded(text, from, to, occurrences)
  } catch (error) {
    if (error instanceof NotACalendarError || error instanceof TooManyOccurrencesError) throw error
    // The parser's words stay out of the sentence: the admin shows it, and they may quote the file.
    throw new NotACalendarError('is not an iCalendar file this service can read', { cause: error })
  }
}

function expanded(text: string, from: number, to: number, budget: number): CalendarTimes {
  const { events: components, skipped } = calendarEvents(text)
  const uidOf = (component: ICAL.Component) => String(component.getFirstPropertyValue('uid') ?? '(no UID)')
  const exceptions = new Map<string, ICAL.Component[]>()
  for (const component of components) {
    if (!component.hasProperty('recurrence-id')) continue
    const uid = uidOf(component)
    exceptions.set(uid, [...(exceptions.get(uid) ?? []), component])
  }
  const masters = new Set(components.filter((component) => !component.hasProperty('recurrence-id')).map(uidOf))

  let looked = 0
  const step = () => {
    if (++looked > budget) throw new TooManyOccurrencesError(`its repeating events make more than ${budget} occurrences`)
  }
  const found: BusyTime[] = []
  for (const component of components) {
    const uid = uidOf(component)
    // An exception belongs to its series, unless the series is not in the file: then it is an event of its own.
    if (component.hasProperty('recurrence-id') && masters.has(uid)) continue
    try {
      found.push(...eventTimes(component, exceptions.get(uid) ?? [], { from, to }, step))
    } catch (error) {
      if (error instanceof TooManyOccurrencesError) throw error
      skipped.push({ uid, reason: firstLine(error) })
    }
  }
  return { times: joined(found), skipped }
}

/** The busy times of one event (a series with its exceptions, or a single event) within the range; `step` counts each occurrence looked at. */
function eventTimes(component: ICAL.Component, exceptions: ICAL.Component[], range: { from: number; to: number }, step: () => void): BusyTime[] {
  const { from, to } = range
  const found: BusyTime[] = []
  const add = (item: ICAL.Event, start: ICAL.Time | null, end: ICAL.Time | null) => {
    if (!start || !end || !isBusy(item.component)) return
    const zone = zoneOf(item.component)
    const time = { start: instant(start, zone), end: instant(end, zone) }
    if (time.end > time.start && time.end > from && time.start < to) found.push(time)
  }
  if (component.hasProperty('recurrence-id')) {
    const single = new ICAL.Event(component)
    add(single, single.startDate, single.endDate)
    return found
  }
  if (!component.hasProperty('dtstart')) return found
  const periods = rdatePeriods(component)
  // Exceptions are related by UID: ical.js would otherwise relate every exception of the file to every series.
  const event = new ICAL.Event(component, { exceptions })
  const moves = new Map(Object.entries(event.exceptions))
  const exceptionAt = (time: ICAL.Time) => moves.get(time.toString()) ?? moves.get(time.convertToZone(ICAL.Timezone.utcTimezone).toString())
  const seen = new Set<Partial<ICAL.Event>>()
  let lastWall = Number.NEGATIVE_INFINITY
  if (event.isRecurring()) {
    const length = event.duration.toSeconds() * 1000
    const iterator = event.iterator(nearStart(component, event.startDate, from))
    for (let i = 0, next = iterator.next(); next && i < maxOccurrences; i++, next = iterator.next()) {
      step()
      // The wall-clock time read as UTC is within a day of the instant in any zone: far enough from the
      // range, an occurrence is passed over without the cost of converting it (years of a daily series).
      lastWall = wallTime(next)
      if (lastWall - dayMs >= to) break
      if (lastWall + length + dayMs < from && !(moves.size > 0 && exceptionAt(next))) continue
      const details = event.getOccurrenceDetails(next)
      seen.add(details.item)
      add(details.item, details.startDate, details.endDate)
    }
  } else {
    // Its one occurrence, or the exception that moved it.
    const details = event.getOccurrenceDetails(event.startDate)
    seen.add(details.item)
    add(details.item, details.startDate, details.endDate)
    lastWall = wallTime(event.startDate)
  }
  // Each period its own length, unless excluded or moved like any occurrence.
  const excluded = component
    .getAllProperties('exdate')
    .flatMap((property) => property.getValues())
    .filter((value) => value instanceof ICAL.Time)
  for (const period of periods) {
    step()
    const moved = exceptionAt(period.start)
    if (moved) {
      seen.add(moved)
      add(moved, moved.startDate, moved.endDate)
    } else if (!excluded.some((time) => time.compare(period.start) === 0)) add(event, period.start, period.getEnd())
  }
  // An occurrence moved into the range from after it: the expansion stopped before its original time.
  for (const exception of Object.values(event.exceptions)) {
    if (!seen.has(exception) && wallTime(exception.recurrenceId) >= lastWall) add(exception, exception.startDate, exception.endDate)
  }
  return found
}

/** RDATE;VALUE=PERIOD (a start and an end or length each), taken off the event: ical.js's expansion expects times only. */
function rdatePeriods(component: ICAL.Component): ICAL.Period[] {
  const periods: ICAL.Period[] = []
  for (const property of component.getAllProperties('rdate')) {
    const values = property.getValues().filter((value) => value instanceof ICAL.Period)
    if (values.length === 0) continue
    periods.push(...values)
    component.removeProperty(property)
  }
  return periods
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
