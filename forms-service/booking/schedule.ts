import {
  bookableDays,
  bookingZone,
  firstFreeStart,
  timeSlotValues,
  windowOf,
  windowStarts,
  zonedInstant,
  type BookingSettings,
  type Meeting,
  type TimeSlot,
} from '../../contract/booking.js'
import type { ClosedDays } from '../../contract/consultationDates.js'
import type { Availability } from '../../contract/meetingApi.js'
import { reminderKind, type ReminderFor, type SlotRequest } from '../store/meetings.js'
import type { FormStore } from '../store/formStore.js'

/** What the booking rules need besides the store: the settings, the closed days and the clock. */
export interface BookingRules {
  settings: BookingSettings
  closedDays: ClosedDays
  now: () => Date
}

/** The starts of a window on a day that are still ahead. */
export function slotFor(rules: BookingRules, date: string, window: TimeSlot): SlotRequest {
  const now = rules.now().toISOString()
  return { starts: windowStarts(date, window, rules.settings).filter((start) => start > now), settings: rules.settings }
}

/** The reminder `reminderHoursBefore` the start, unless that moment has already passed. */
export function reminderFor(rules: BookingRules): ReminderFor {
  return (meeting: Meeting) => {
    const dueAt = new Date(Date.parse(meeting.start) - rules.settings.reminderHoursBefore * 3_600_000)
    return dueAt.getTime() > rules.now().getTime() ? { kind: reminderKind, dueAt: dueAt.toISOString() } : null
  }
}

/** Which windows of `dates` have a start with room, from one read of the cells those days hold. */
export async function windowsWithRoom(store: FormStore, rules: BookingRules, dates: readonly string[]): Promise<Map<string, Record<TimeSlot, boolean>>> {
  const result = new Map<string, Record<TimeSlot, boolean>>()
  if (dates.length === 0) return result
  const sorted = [...dates].sort()
  const from = zonedInstant(sorted[0]!, 0).toISOString()
  // A buffer may reach past midnight into the next day's first cells: read a day more.
  const to = zonedInstant(sorted.at(-1)!, 48 * 60).toISOString()
  const taken = await store.takenCells(from, to, rules.settings)
  for (const date of dates) {
    const windows = {} as Record<TimeSlot, boolean>
    for (const window of timeSlotValues) {
      windows[window] = firstFreeStart(slotFor(rules, date, window).starts, rules.settings, (cell) => taken.get(cell) ?? 0) !== undefined
    }
    result.set(date, windows)
  }
  return result
}

/** GET /api/availability: the days the dialog offers, each window with room or not. */
export async function availability(store: FormStore, rules: BookingRules): Promise<Availability> {
  const dates = bookableDays(rules.now(), rules.closedDays)
  const rooms = await windowsWithRoom(store, rules, dates)
  return { zone: bookingZone, days: dates.map((date) => ({ date, windows: rooms.get(date)! })) }
}

/** The one start an admin chose, if it is ahead and on the grid of a window; otherwise no start at all. */
export function chosenStart(rules: BookingRules, start: string): SlotRequest {
  const instant = new Date(start).toISOString()
  const fits = windowOf(instant, rules.settings) !== undefined && instant > rules.now().toISOString()
  return { starts: fits ? [instant] : [], settings: rules.settings }
}
