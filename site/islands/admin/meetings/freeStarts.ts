import { bookableDays, meetingCells, occupyingStates, timeSlotValues, windowStarts, type BookingSettings } from '../../../../contract/booking'
import type { AdminMeeting } from '../../../../contract/meetingApi'

export type FreeDay = { date: string; starts: string[] }

/**
 * Where a meeting could move: every start of the days a visitor can book whose grid cells (the meeting
 * and its buffer, contract/booking.ts) hold fewer than `atOnce` other meetings. The service checks
 * again when it moves it; this only keeps the admin from choosing what is plainly taken.
 */
export function freeStarts(
  meetings: readonly AdminMeeting[],
  moving: AdminMeeting,
  settings: BookingSettings,
  closedDays: readonly string[],
  now: Date,
): FreeDay[] {
  const taken = new Map<string, number>()
  for (const meeting of meetings) {
    if (meeting.id === moving.id || !occupyingStates.includes(meeting.state)) continue
    for (const cell of meetingCells(meeting.start, settings)) taken.set(cell, (taken.get(cell) ?? 0) + 1)
  }
  const free = (start: string) => start !== moving.start && meetingCells(start, settings).every((cell) => (taken.get(cell) ?? 0) < settings.atOnce)
  return bookableDays(now, closedDays)
    .map((date) => ({ date, starts: timeSlotValues.flatMap((window) => windowStarts(date, window, settings)).filter(free) }))
    .filter((day) => day.starts.length > 0)
}
