import type { FromSchema } from 'json-schema-to-ts'
import { labelOf, timeSlots } from '../forms/options.js'
import { missingPlaces, placeSettingsSchema } from './meetingPlace.js'

/** A free start: the instant, and the window of SPEC's three it falls in. */
export interface FreeStart {
  start: string
  window: TimeSlot
}

// A booked consultation as both sides see it: the settings of content/booking.json, the grid of starts
// in a window, the meeting's states, and how a meeting reads to people. Pure: no clock, no file; the
// time zone arithmetic is the platform's Intl, so the browser loads no date library for it.

/** The agency's zone: every window, working day, CSV time and retention month is wall-clock time there. */
export const bookingZone = 'America/Chicago'
/** How pages and emails name that zone. */
/** The zone's name as people say it; the words of content/ui.json write it as {{booking.zone}}. */
export const bookingZoneName = 'Central time'
/** With the city, where a time stands alone ({{booking.zoneLabel}}). */
export const bookingZoneLabel = `${bookingZoneName} (Dallas)`

/** How far ahead a meeting may be booked: the days from tomorrow to today + 14 (SPEC's "next 14 days"). */
export const bookingHorizonDays = 14

/**
 * Days the agency is closed (public holidays), YYYY-MM-DD, from content/closed-days.json: the site's list,
 * or the service's, which follows the file as it changes (forms-service/closedDays.ts).
 */
export type ClosedDays = {
  includes(date: string): boolean
  /** The closed day's name ('Thanksgiving Day'), where the list has one. */
  nameOf?(date: string): string | undefined
}

/** 0 (Sunday) to 6 (Saturday) of a calendar date, 'YYYY-MM-DD', wherever the code runs. */
export const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay()

/** Monday to Friday. */
export const isWeekday = (date: string) => weekdayOf(date) !== 0 && weekdayOf(date) !== 6

/**
 * The working-day rule: a weekday the agency is not closed. Meetings are offered on these days, the
 * morning digest goes out on them.
 */
export const isWorkingDay = (date: string, closedDays: ClosedDays) => isWeekday(date) && !closedDays.includes(date)

export type TimeSlot = (typeof timeSlots)[number]['value']
export const timeSlotValues = timeSlots.map((slot) => slot.value) as TimeSlot[]

const clock = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } as const
const windowHours = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: { from: clock, to: { type: 'string', pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$' } },
} as const

/** content/booking.json. */
export const bookingSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['meetingMinutes', 'bufferMinutes', 'windows', 'reminderHoursBefore', 'digestAt', 'digestZone', 'calendarName', 'place'],
  properties: {
    /** The length of a meeting, and the step of the grid of starts. */
    meetingMinutes: { type: 'integer', minimum: 5, maximum: 480 },
    /** Kept free after every meeting (per seat, when several run at once). */
    bufferMinutes: { type: 'integer', minimum: 0, maximum: 240 },
    /** How many meetings may run at the same time; 1 when left out. */
    atOnce: { type: 'integer', minimum: 1, maximum: 50 },
    /** The hours of SPEC's three windows, Central time, within their labels and the opening hours. */
    windows: {
      type: 'object',
      additionalProperties: false,
      required: ['morning', 'afternoon', 'evening'],
      properties: { morning: windowHours, afternoon: windowHours, evening: windowHours },
    },
    /** No start sooner than this many hours after now is offered, booked or a reschedule's target; 0 when left out. */
    minNoticeHours: { type: 'integer', minimum: 0, maximum: 336 },
    /** How many upcoming meetings (booked or moved, start ahead) one person may hold, by email (contract/booking/person.ts); 1 when left out, 0: no cap. */
    meetingsPerPerson: { type: 'integer', minimum: 0, maximum: 1000 },
    /** The reminder goes this many hours before the meeting. */
    reminderHoursBefore: { type: 'integer', minimum: 1, maximum: 72 },
    /** When the agency's morning digest (new and overdue leads, the day's meetings) goes out on working days, in `digestZone`. */
    digestAt: clock,
    /** The IANA time zone of `digestAt` and of the digest's days and times: 'America/Chicago'. */
    digestZone: { type: 'string', minLength: 1, maxLength: 64 },
    /** The name calendar apps show for the agency's private feed of meetings. */
    calendarName: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\r\\n]*\\S[^\\r\\n]*$' },
    /** How meetings happen (contract/booking/meetingPlace.ts). */
    place: placeSettingsSchema,
  },
} as const

export type BookingSettingsFile = FromSchema<typeof bookingSettingsSchema>
export type BookingSettings = Omit<BookingSettingsFile, 'atOnce' | 'meetingsPerPerson' | 'minNoticeHours'> & {
  atOnce: number
  meetingsPerPerson: number
  minNoticeHours: number
}

/** The file's settings with the defaults filled in. */
export const bookingSettings = (file: BookingSettingsFile): BookingSettings => ({
  ...file,
  atOnce: file.atOnce ?? 1,
  meetingsPerPerson: file.meetingsPerPerson ?? 1,
  minNoticeHours: file.minNoticeHours ?? 0,
})

/** '09:30' -> 570. */
export const minutesOfClock = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** 'Morning (9AM-12PM)' -> { from: 540, to: 720 }: the hours a window's label promises the visitor. */
export function labelHours(label: string): { from: number; to: number } | null {
  const times = /(\d{1,2})(AM|PM)-(\d{1,2})(AM|PM)/.exec(label)
  if (!times) return null
  const minutes = (hour: string, meridiem: string) => (Number(hour) % 12) * 60 + (meridiem === 'PM' ? 720 : 0)
  return { from: minutes(times[1]!, times[2]!), to: minutes(times[3]!, times[4]!) }
}

export interface SettingsProblem {
  /** Which content file: 'booking.json', or 'analysis.json' when it states another meeting length. */
  file: 'booking.json' | 'analysis.json'
  /** A JSON pointer into that file. */
  field: string
  message: string
}

/**
 * What is wrong with valid-shaped settings beside the other content: each window must hold a meeting,
 * lie within the hours its label promises and within the opening hours, and be apart from the next by
 * the buffer; analysis.json must state the same meeting length (the one figure, written twice).
 */
export function bookingSettingsProblems(
  settings: BookingSettings,
  openingHours: { from: string; to: string },
  analysis: { meetingLength: string; meetingLengthAdjective: string },
): SettingsProblem[] {
  const problems: SettingsProblem[] = []
  const add = (file: SettingsProblem['file'], field: string, message: string) => problems.push({ file, field, message })
  const open = minutesOfClock(openingHours.from)
  const close = minutesOfClock(openingHours.to)
  for (const slot of timeSlots) {
    const hours = settings.windows[slot.value]
    const from = minutesOfClock(hours.from)
    const to = minutesOfClock(hours.to)
    const field = `/windows/${slot.value}`
    const promised = labelHours(slot.label)
    if (to - from < settings.meetingMinutes)
      add('booking.json', field, `the ${slot.value} window (${hours.from}-${hours.to}) has no room for a ${settings.meetingMinutes}-minute meeting`)
    if (promised && (from < promised.from || to > promised.to))
      add('booking.json', field, `the ${slot.value} window (${hours.from}-${hours.to}) goes beyond what visitors are offered: ${slot.label}`)
    if (from < open || to > close)
      add(
        'booking.json',
        field,
        `the ${slot.value} window (${hours.from}-${hours.to}) lies outside the opening hours of site.json (${openingHours.from}-${openingHours.to})`,
      )
  }
  const ordered = timeSlots
    .map((slot) => ({ slot: slot.value, ...settings.windows[slot.value] }))
    .sort((a, b) => minutesOfClock(a.from) - minutesOfClock(b.from))
  for (let i = 1; i < ordered.length; i++) {
    const before = ordered[i - 1]!
    const after = ordered[i]!
    if (minutesOfClock(after.from) - minutesOfClock(before.to) < settings.bufferMinutes)
      add(
        'booking.json',
        `/windows/${after.slot}`,
        `the ${after.slot} window starts less than the buffer (${settings.bufferMinutes} minutes) after the ${before.slot} window ends`,
      )
  }
  for (const kind of missingPlaces(settings.place)) add('booking.json', `/place/${kind}`, `place.offer lists "${kind}": say how in place.${kind}`)
  if (!isTimeZone(settings.digestZone)) add('booking.json', '/digestZone', `"${settings.digestZone}" is not a time zone (write one like "America/Chicago")`)
  if (analysis.meetingLength !== `${settings.meetingMinutes} minutes`)
    add('analysis.json', '/meetingLength', `must be "${settings.meetingMinutes} minutes", the meeting length of booking.json (got "${analysis.meetingLength}")`)
  if (analysis.meetingLengthAdjective !== `${settings.meetingMinutes}-minute`)
    add(
      'analysis.json',
      '/meetingLengthAdjective',
      `must be "${settings.meetingMinutes}-minute", the meeting length of booking.json (got "${analysis.meetingLengthAdjective}")`,
    )
  return problems
}

/** Whether the platform knows `zone` as an IANA time zone ('America/Chicago'; not 'Dallas'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

// Time zone arithmetic with Intl: a zone's offset at an instant, and the instant of a wall-clock time.

const partFormats = new Map<string, Intl.DateTimeFormat>()
function partsIn(zone: string, at: number): Record<string, number> {
  let format = partFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    })
    partFormats.set(zone, format)
  }
  const parts: Record<string, number> = {}
  for (const part of format.formatToParts(new Date(at))) {
    if (part.type === 'weekday') parts.weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part.value)
    else if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return parts
}

/** Minutes to add to UTC to get the wall clock of `zone` at `at` (-300 for Central daylight time). */
function offsetMinutes(zone: string, at: number): number {
  const p = partsIn(zone, at)
  return Math.round((Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000) / 60_000)
}

/** ('2026-11-25', 570) -> the instant of 9:30 that day in Dallas, whatever the offset is that day. */
export function zonedInstant(date: string, minutes: number, zone = bookingZone): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(year, month - 1, day, 0, minutes)
  const first = wall - offsetMinutes(zone, wall) * 60_000
  // The offset an hour away from the guess may differ (the guess fell across a change): take the one at the answer.
  return new Date(wall - offsetMinutes(zone, first) * 60_000)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant -> its date in Dallas, 'YYYY-MM-DD'. */
export function zonedDate(instant: Date | string, zone = bookingZone): string {
  const p = partsIn(zone, new Date(instant).getTime())
  return `${p.year}-${pad(p.month!)}-${pad(p.day!)}`
}

/** An instant -> its wall clock in Dallas: { date: '2026-11-25', time: '09:30' } (the minute, seconds dropped). */
export function zonedDateTime(instant: Date | string, zone = bookingZone): { date: string; time: string } {
  const p = partsIn(zone, new Date(instant).getTime())
  return { date: `${p.year}-${pad(p.month!)}-${pad(p.day!)}`, time: `${pad(p.hour!)}:${pad(p.minute!)}` }
}

/** Whether `date` (YYYY-MM-DD) is a real calendar day. */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return false
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return day.toISOString().slice(0, 10) === date
}

/**
 * The starts a window offers on a day, as ISO instants: from the window's opening, every meeting length,
 * each meeting ending within the window. Computed from the wall clock, so a day after a daylight-saving
 * change starts at 9:00 Central time too.
 *
 *     windowStarts('2026-11-25', 'evening', settings) // 30 minutes: ['2026-11-26T00:00:00.000Z', '2026-11-26T00:30:00.000Z', …]
 */
export function windowStarts(date: string, window: TimeSlot, settings: BookingSettings): string[] {
  const hours = settings.windows[window]
  const starts: string[] = []
  for (let minute = minutesOfClock(hours.from); minute + settings.meetingMinutes <= minutesOfClock(hours.to); minute += settings.meetingMinutes) {
    starts.push(zonedInstant(date, minute).toISOString())
  }
  return starts
}

/** The meeting's end: its start plus the meeting length. */
export const meetingEnd = (start: string, settings: BookingSettings) => new Date(Date.parse(start) + settings.meetingMinutes * 60_000).toISOString()

/**
 * The cells of the grid a meeting starting at `start` occupies: its own, and as many after it as the
 * buffer reaches into. With a 30-minute meeting and a 15-minute buffer, 9:00 takes 9:00 and 9:30, so the
 * next meeting on the same seat starts at 10:00. At most `atOnce` meetings may hold a cell.
 */
export function meetingCells(start: string, settings: BookingSettings): string[] {
  const span = Math.ceil((settings.meetingMinutes + settings.bufferMinutes) / settings.meetingMinutes)
  const at = Date.parse(start)
  return Array.from({ length: span }, (_, i) => new Date(at + i * settings.meetingMinutes * 60_000).toISOString())
}

/** The first start of `starts` whose cells all hold fewer than `atOnce` meetings (`taken(cell)`), if any. */
export function firstFreeStart(starts: readonly string[], settings: BookingSettings, taken: (cell: string) => number): string | undefined {
  return starts.find((start) => meetingCells(start, settings).every((cell) => taken(cell) < settings.atOnce))
}

/** A stretch of the agency's own calendar that is busy (BUSY_CALENDAR_URLS), in epoch milliseconds, [start, end). */
export interface BusyTime {
  start: number
  end: number
}

/** What decides which starts are free: the rules, and what already fills the calendar. */
export interface FreeStartsInput {
  settings: BookingSettings
  closedDays: ClosedDays
  /** How many meetings hold a cell of the grid (contract/booking/booking.ts, meetingCells). */
  taken: (cell: string) => number
  /** The agency's busy times, any order. */
  busy: readonly BusyTime[]
  now: Date
  /** The days to look at; the days a visitor may book (bookableDays) when left out. */
  dates?: readonly string[]
}

/**
 * The one answer to "where can a meeting start": per day, the starts of its windows, in order, that are
 * still ahead by at least `minNoticeHours`, whose cells (the meeting and its buffer) have room, and whose meeting, with the buffer
 * on either side, does not touch the agency's busy time. Availability, booking, reschedule and the
 * admin's Move all ask it.
 */
export function freeStarts(input: FreeStartsInput): Array<{ date: string; starts: FreeStart[] }> {
  const { settings, taken, busy, now } = input
  // Elapsed hours, not wall-clock ones: 24 hours' notice across a daylight-saving change is still 24 hours.
  const after = new Date(now.getTime() + settings.minNoticeHours * 3_600_000).toISOString()
  const margin = settings.bufferMinutes * 60_000
  const length = settings.meetingMinutes * 60_000
  const clear = (start: string) => {
    const from = Date.parse(start) - margin
    const to = Date.parse(start) + length + margin
    return busy.every((time) => time.end <= from || time.start >= to)
  }
  const hasRoom = (start: string) => meetingCells(start, settings).every((cell) => taken(cell) < settings.atOnce)
  return (input.dates ?? bookableDays(now, input.closedDays)).map((date) => ({
    date,
    starts: timeSlotValues.flatMap((window) =>
      windowStarts(date, window, settings)
        .filter((start) => start > after && hasRoom(start) && clear(start))
        .map((start) => ({ start, window })),
    ),
  }))
}

/** '2026-03-06' plus `days` calendar days ('2026-03-09' with 3, '2026-03-03' with -3). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The days the consultation dialog can offer, counted in Dallas: tomorrow to today + the horizon, working days. */
export function bookableDays(now: Date, closedDays: ClosedDays, days = bookingHorizonDays): string[] {
  const today = zonedDate(now)
  const result: string[] = []
  for (let offset = 1; offset <= days; offset++) {
    const date = addDays(today, offset)
    if (isWorkingDay(date, closedDays)) result.push(date)
  }
  return result
}

/** What becomes of a meeting. `moved` is a booked meeting with a new start. */
export const meetingStates = ['booked', 'moved', 'cancelled', 'held', 'no-show'] as const
export type MeetingState = (typeof meetingStates)[number]
export const meetingStateLabels: Record<MeetingState, string> = {
  booked: 'Booked',
  moved: 'Moved',
  cancelled: 'Cancelled',
  held: 'Held',
  'no-show': 'No-show',
}
/** States of a meeting that still takes its place in the calendar. */
export const occupyingStates: readonly MeetingState[] = ['booked', 'moved', 'held', 'no-show']
/** States in which the visitor's links may still move or cancel it. */
export const changeableStates: readonly MeetingState[] = ['booked', 'moved']

/** Whether the visitor's links may still move or cancel the meeting at `now`: booked or moved, and not yet begun. */
export const visitorMayChange = (meeting: { state: MeetingState; start: string }, now: Date): boolean =>
  changeableStates.includes(meeting.state) && Date.parse(meeting.start) > now.getTime()

export interface MeetingChange {
  at: string
  /** Who at the desk made it (an account's id, `bootstrap`, `token:<id>`); none when the visitor or the service did. */
  by?: string
  state: MeetingState
  /** The start from then on, when the change set one (booked, moved). */
  start?: string
  /** The agency's line to the visitor with a cancellation. */
  message?: string
  /** The visitor's reason, when they cancelled and gave one (to the agency only). */
  reason?: string
  /** Cancelled because its lead was marked so (forms-service/store/leadMeeting.ts); booked again after Not spam: 'rebooked'. */
  lead?: 'spam' | 'closed' | 'rebooked'
}

/** A meeting as a consultation record carries it. */
export interface Meeting {
  id: string
  start: string
  end: string
  state: MeetingState
  /** iCalendar SEQUENCE: 0 when booked, one more with every change. */
  sequence: number
  history: MeetingChange[]
  /**
   * The random key the meeting's links are signed with (forms-service/email/meetingLinks.ts), for its
   * whole life; absent on meetings booked before links lasted.
   */
  linkKey?: string
}

// Formatting for people, in en-US (content/site.json's lang).

const formats = new Map<string, Intl.DateTimeFormat>()
function format(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options })
    formats.set(key, found)
  }
  return found
}

/** '2026-11-25' -> 'Wednesday, November 25'. */
export const formatDay = (date: string) => format('UTC', { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(`${date}T12:00:00Z`))

/** A start's time of day in `zone`: '2:30 PM'. */
export const formatStartTime = (start: string, zone = bookingZone) => format(zone, { hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(start))

function timeRange(start: Date, end: Date, zone: string): string {
  const parts = (at: Date) => {
    const p = format(zone, { hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(at)
    const period = p.find((part) => part.type === 'dayPeriod')?.value ?? ''
    const time = p
      .filter((part) => part.type === 'hour' || part.type === 'minute' || (part.type === 'literal' && part.value === ':'))
      .map((part) => part.value)
      .join('')
    return { time, period }
  }
  const a = parts(start)
  const b = parts(end)
  return a.period === b.period ? `${a.time}–${b.time} ${b.period}` : `${a.time} ${a.period}–${b.time} ${b.period}`
}

/** A meeting's day, hours and zone apart, as people read them; `formatMeeting` joins them. */
export interface MeetingParts {
  /** 'Wednesday, November 25' */
  day: string
  /** '9:30–10:00 AM', or '11:30 AM–12:00 PM' across noon */
  hours: string
  /** 'Central time (Dallas)', or another zone's own long name: 'Eastern Standard Time' */
  zone: string
}

/**
 * A meeting's day, hours and zone in `zone` (Dallas's unless given), apart, so that nothing parses a
 * formatted meeting back: { day: 'Wednesday, November 25', hours: '9:30–10:00 AM', zone: 'Central time (Dallas)' }.
 */
export function meetingParts(meeting: { start: string; end: string }, zone = bookingZone): MeetingParts {
  const start = new Date(meeting.start)
  const end = new Date(meeting.end)
  const label =
    zone === bookingZone
      ? bookingZoneLabel
      : (format(zone, { timeZoneName: 'long' })
          .formatToParts(start)
          .find((part) => part.type === 'timeZoneName')?.value ?? zone)
  return { day: formatDay(zonedDate(start, zone)), hours: timeRange(start, end, zone), zone: label }
}

/**
 * A meeting as people read it: 'Wednesday, November 25 · 9:30–10:00 AM Central time (Dallas)'. With
 * another `zone` (the visitor's browser), the day and hours there, named by the zone's own long name:
 * 'Wednesday, November 25 · 10:30–11:00 AM Eastern Standard Time'.
 */
export function formatMeeting(meeting: { start: string; end: string }, zone = bookingZone): string {
  const { day, hours, zone: label } = meetingParts(meeting, zone)
  return `${day} · ${hours} ${label}`
}

/**
 * The visitor's zone when it reads the meeting's day or hours differently from Dallas, so that the
 * meeting is also given in their own time (the dialog's recap, the emails, the meeting and hold pages,
 * the starts offered); undefined for no zone, one this runtime does not know, or Central time under
 * another name. A start alone is a meeting that ends as it begins.
 */
export function visitorZoneOf(meeting: { start: string; end: string }, zone: string | undefined): string | undefined {
  if (!zone || zone === bookingZone || !isTimeZone(zone)) return undefined
  const theirs = meetingParts(meeting, zone)
  const ours = meetingParts(meeting)
  return theirs.day === ours.day && theirs.hours === ours.hours ? undefined : zone
}

/** 'morning' -> 'Morning (9AM-12PM)'. */
export const windowLabel = (window: TimeSlot) => labelOf(timeSlots, window)

/** The window a start falls in, on its Dallas day. */
export function windowOf(start: string, settings: BookingSettings): TimeSlot | undefined {
  const date = zonedDate(start)
  return timeSlotValues.find((window) => windowStarts(date, window, settings).includes(start))
}
