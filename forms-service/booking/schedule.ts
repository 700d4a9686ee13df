import { promisify } from 'node:util'
import zlib from 'node:zlib'
import {
  bookableDays,
  bookingZone,
  freeStarts,
  meetingCells,
  timeSlotValues,
  windowOf,
  zonedDate,
  zonedInstant,
  type BookingSettings,
  type BusyTime,
  type FreeStart,
  type Meeting,
  type TimeSlot,
} from '../../contract/booking/booking.js'
import { whyNotOffered, type ClosedDays } from '../../contract/booking/consultationDates.js'
import type { ExtraCheck } from '../middleware/validateBody.js'
import type { Availability } from '../../contract/wire/meetingApi.js'
import type { ReminderFor, SlotRequest } from '../store/meetings.js'
import { reminderBefore } from '../store/plans.js'
import type { FormStore } from '../store/formStore.js'
import type { StoreEvent } from '../store/events.js'

/** What the booking rules need besides the store: the settings, the closed days, the agency's busy time and the clock. */
export interface BookingRules {
  settings: BookingSettings
  closedDays: ClosedDays
  now: () => Date
  /** The agency's own busy times (BUSY_CALENDAR_URLS, booking/busyCalendar.ts); none when no calendar is read. */
  busy: () => readonly BusyTime[]
}

const nothingTaken = () => 0

/**
 * Where a booking in `window` of `date` may go, in order of preference: the window's starts that are
 * ahead and clear of the busy calendar (the store checks the cells' room as it commits), or only `start`
 * when the visitor picked one. An empty list: nothing there can be booked.
 */
export function slotFor(rules: BookingRules, date: string, window: TimeSlot, start?: string): SlotRequest {
  const [day] = freeStarts({ ...rulesInput(rules), taken: nothingTaken, dates: [date] })
  const wanted = start === undefined ? undefined : new Date(start).toISOString()
  const starts = day!.starts.filter((free) => free.window === window && (wanted === undefined || free.start === wanted)).map((free) => free.start)
  return { starts, settings: rules.settings }
}

const rulesInput = (rules: BookingRules) => ({ settings: rules.settings, closedDays: rules.closedDays, busy: rules.busy(), now: rules.now() })

/** The reminder `reminderHoursBefore` the start, unless that moment has already passed. */
export function reminderFor(rules: BookingRules): ReminderFor {
  return (meeting: Meeting) => reminderBefore(meeting.start, rules.settings.reminderHoursBefore, rules.now())
}

/**
 * The free starts of `dates` (the days a visitor may book when left out), from one read of the cells
 * those days hold. `ignoring` leaves one meeting out, as if it were not there: the one being moved.
 */
export async function startsOn(
  store: FormStore,
  rules: BookingRules,
  dates?: readonly string[],
  ignoring?: Meeting,
): Promise<Array<{ date: string; starts: FreeStart[] }>> {
  const days = dates ?? bookableDays(rules.now(), rules.closedDays)
  if (days.length === 0) return []
  const sorted = [...days].sort()
  const from = zonedInstant(sorted[0]!, 0).toISOString()
  // A buffer may reach past midnight into the next day's first cells: read a day more.
  const to = zonedInstant(sorted.at(-1)!, 48 * 60).toISOString()
  const taken = await store.takenCells(from, to, rules.settings)
  if (ignoring) {
    for (const cell of meetingCells(ignoring.start, rules.settings)) {
      if (taken.has(cell)) taken.set(cell, taken.get(cell)! - 1)
    }
  }
  return freeStarts({ ...rulesInput(rules), taken: (cell) => taken.get(cell) ?? 0, dates: days })
}

/** Which windows of `dates` have a free start. */
export async function windowsWithRoom(store: FormStore, rules: BookingRules, dates: readonly string[]): Promise<Map<string, Record<TimeSlot, boolean>>> {
  return new Map((await startsOn(store, rules, dates)).map((day) => [day.date, windowsOf(day.starts)]))
}

const windowsOf = (starts: readonly FreeStart[]) =>
  Object.fromEntries(timeSlotValues.map((window) => [window, starts.some((free) => free.window === window)])) as Record<TimeSlot, boolean>

/** GET /api/availability: the days the dialog offers, each window with room or not, and the free starts. */
export async function availability(store: FormStore, rules: BookingRules): Promise<Availability> {
  const days = await startsOn(store, rules)
  return { zone: bookingZone, days: days.map(({ date, starts }) => ({ date, windows: windowsOf(starts), starts })) }
}

/**
 * GET /api/availability is public and any bot can call it many times a second, while its answer changes
 * only when a meeting changes, the busy calendar is read again, the offered days move on at midnight, or
 * the first start it offers comes within `minNoticeHours` of now. It is computed once and kept until one
 * of those happens. This process's own changes drop it at once (the store's events); another replica's (PostgreSQL)
 * within `maxAgeMs`, after which a booking of a start just taken elsewhere is refused with the starts
 * still free, as for any lost race.
 */
export function availabilityCache(store: FormStore, rules: BookingRules, maxAgeMs: number) {
  type Kept = {
    days: string
    busy: readonly BusyTime[]
    settings: BookingSettings
    at: number
    /** When the first start offered stops being offered (minNoticeHours before it), epoch milliseconds. */
    until: number
    answer: Promise<Availability>
    bodies: Map<Encoding, Promise<Buffer>>
  }
  let kept: Kept | null = null
  const current = (): Kept => {
    const now = rules.now()
    const days = bookableDays(now, rules.closedDays).join()
    const busy = rules.busy()
    // Aged by the process's own clock: the rules' clock is the calendar's (tests hold it still).
    const fresh = kept && now.getTime() < kept.until && performance.now() - kept.at < maxAgeMs
    if (kept && fresh && kept.days === days && kept.busy === busy && kept.settings === rules.settings) return kept
    const entry: Kept = { days, busy, settings: rules.settings, at: performance.now(), until: Infinity, answer: availability(store, rules), bodies: new Map() }
    kept = entry
    void entry.answer.then(
      (answer) => {
        const first = answer.days.find((day) => day.starts.length > 0)?.starts[0]
        if (first) entry.until = Date.parse(first.start) - rules.settings.minNoticeHours * 3_600_000
      },
      () => undefined,
    )
    // A failed read is not kept.
    entry.answer.catch(() => {
      if (kept === entry) kept = null
    })
    return entry
  }
  return {
    /** What the store did (store/events.ts): a change of what is free drops the kept answer. */
    onStoreEvent(event: StoreEvent) {
      if (event.type === 'calendar-changed') kept = null
    },
    availability: (): Promise<Availability> => current().answer,
    /**
     * The answer as the bytes of its JSON in `encoding`, compressed once per answer: the compression of
     * every request, not the answer, was what a busy endpoint spent its time on.
     */
    body(encoding: Encoding): Promise<Buffer> {
      const entry = current()
      let body = entry.bodies.get(encoding)
      if (!body) {
        body = entry.answer.then((answer) => encode(Buffer.from(JSON.stringify(answer)), encoding))
        entry.bodies.set(encoding, body)
      }
      return body
    },
  }
}

export type Encoding = 'br' | 'gzip' | 'identity'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

function encode(json: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
  if (encoding === 'gzip') return gzip(json)
  return Promise.resolve(json)
}
/** The one start an admin chose, if it is ahead, on the grid of a window and clear of the busy calendar; otherwise no start at all. */
export function chosenStart(rules: BookingRules, start: string): SlotRequest {
  const instant = new Date(start).toISOString()
  const window = windowOf(instant, rules.settings)
  if (!window) return { starts: [], settings: rules.settings }
  return slotFor(rules, zonedDate(instant), window, instant)
}

/**
 * The check of a `date` a form or a reschedule sends: SPEC's "Please select a date" for a day that is
 * not offered, and the rule it broke (a weekend, a closed day by name, past, beyond two weeks).
 */
export function offeredDate(rules: BookingRules): ExtraCheck {
  return (body) => {
    const why = typeof body.date === 'string' ? whyNotOffered(body.date, rules.now(), rules.closedDays) : null
    return why === null ? {} : { fields: { date: 'Please select a date' }, notes: [why] }
  }
}
