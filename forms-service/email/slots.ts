import { DateTime } from 'luxon'
import type { timeSlots } from '../../contract/forms/options.js'

export type TimeSlot = (typeof timeSlots)[number]['value']

/** Requested slots are Dallas wall-clock times: the agency's hours, whatever the visitor's time zone. */
export const consultationZone = 'America/Chicago'

/** Named beside every slot in an email: the reader may be in another zone. */
export const consultationZoneLabel = 'Central Time (Dallas)'

/**
 * Start and end hour (24-hour clock) of each slot. options.ts says the same in the labels the forms
 * show ("Morning (9AM-12PM)"); slots.test.ts reads those labels and checks that the two agree.
 */
export const slotHours: Record<TimeSlot, { start: number; end: number }> = {
  morning: { start: 9, end: 12 },
  afternoon: { start: 13, end: 17 },
  evening: { start: 18, end: 20 },
}

/** ('2026-12-01', 'morning') -> 9:00 to 12:00 on that day in Dallas, whatever the offset is that day. */
export function slotInterval(date: string, slot: TimeSlot): { start: DateTime<true>; end: DateTime<true> } {
  const day = dallasDay(date)
  const { start, end } = slotHours[slot]
  return { start: day.set({ hour: start }), end: day.set({ hour: end }) }
}

/** '2026-12-01' -> 'Tuesday, December 1, 2026' (for locale en-US). */
export function formatRequestedDate(date: string, locale: string): string {
  return dallasDay(date).setLocale(locale).toLocaleString(DateTime.DATE_HUGE)
}

/** 'morning' -> '9:00 AM – 12:00 PM Central Time (Dallas)' (for locale en-US). */
export function formatSlot(slot: TimeSlot, locale: string): string {
  // Any day serves: only the hours are printed.
  const { start, end } = slotInterval('2000-01-03', slot)
  const time = (moment: DateTime) =>
    moment
      .setLocale(locale)
      .toLocaleString(DateTime.TIME_SIMPLE)
      .replace(/\u202f/g, ' ')
  return `${time(start)} – ${time(end)} ${consultationZoneLabel}`
}

function dallasDay(date: string): DateTime<true> {
  const day = DateTime.fromISO(date, { zone: consultationZone })
  if (!day.isValid) throw new RangeError(`Not a date: ${date}`)
  return day
}

/** An ISO instant -> 'Tuesday, December 1, 2026, 10:15 AM CST', in Dallas time. */
export function formatDallasInstant(iso: string, locale: string): string {
  const moment = DateTime.fromISO(iso, { zone: consultationZone }).setLocale(locale)
  if (!moment.isValid) throw new RangeError(`Not an instant: ${iso}`)
  const day = moment.toLocaleString(DateTime.DATE_HUGE)
  return `${day}, ${moment.toLocaleString(DateTime.TIME_SIMPLE).replace(/\u202f/g, ' ')} ${moment.offsetNameShort ?? ''}`.trimEnd()
}
