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
} from '../../contract/booking.js'
import type { ClosedDays } from '../../contract/consultationDates.js'
import type { Availability } from '../../contract/meetingApi.js'
import { reminderKind, type ReminderFor, type SlotRequest } from '../store/meetings.js'
import type { FormStore } from '../store/formStore.js'

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
  return (meeting: Meeting) => {
    const dueAt = new Date(Date.parse(meeting.start) - rules.settings.reminderHoursBefore * 3_600_000)
    return dueAt.getTime() > rules.now().getTime() ? { kind: reminderKind, dueAt: dueAt.toISOString() } : null
  }
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

/** The one start an admin chose, if it is ahead, on the grid of a window and clear of the busy calendar; otherwise no start at all. */
export function chosenStart(rules: BookingRules, start: string): SlotRequest {
  const instant = new Date(start).toISOString()
  const window = windowOf(instant, rules.settings)
  if (!window) return { starts: [], settings: rules.settings }
  return slotFor(rules, zonedDate(instant), window, instant)
}
