import { bookingHorizonDays, isWeekday, isWorkingDay, weekdayOf, type ClosedDays } from './booking.js'
import type { Option } from '../forms/options.js'

export type { ClosedDays }

/** The consultation date window: the booking horizon (contract/booking/booking.ts), working days only. */
export const consultationWindowDays = bookingHorizonDays

const dayMs = 24 * 60 * 60 * 1000

const pad = (n: number) => String(n).padStart(2, '0')

const noClosedDays: ClosedDays = []

/**
 * The preferred-date choices of the consultation form, for the browser's own calendar and time zone.
 *
 * "The next 14 days excluding Saturdays and Sundays" is read as the 14 (bookingHorizonDays) calendar days
 * from tomorrow to today + 14, without the weekend days among them, so usually 10 choices. Today is not
 * offered: a free analysis is not booked for the same day. Nor is a day the agency is closed: those are
 * left out too (the window stays 14 calendar days, so a holiday week offers fewer days).
 *
 *     consultationDates(new Date(2025, 5, 1), []) // Sunday, June 1
 *     // [{ value: '2025-06-02', label: 'Mon, Jun 2' }, …, { value: '2025-06-13', label: 'Fri, Jun 13' }]
 */
export function consultationDates(today: Date, closedDays: ClosedDays = noClosedDays): Option[] {
  const dates: Option[] = []
  for (let offset = 1; offset <= consultationWindowDays; offset++) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset)
    const value = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
    if (!isWorkingDay(value, closedDays)) continue
    dates.push({
      value,
      label: day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' }),
    })
  }
  return dates
}

/**
 * Whether `value` (YYYY-MM-DD) is a day that some visitor's form could have offered at `now`.
 *
 * The server does not know the visitor's time zone, and a visitor's "today" is the UTC date give or
 * take one day (UTC-12 to UTC+14). So the window is UTC today to UTC today + 15, weekdays only: a day's
 * slack on each side of what the form offers. A closed day is never offered.
 */
export function isOfferedConsultationDate(value: string, now: Date, closedDays: ClosedDays = noClosedDays): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  // Rejects 2025-02-30 and friends, which Date.UTC would roll over into March.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false
  if (!isWorkingDay(value, closedDays)) return false
  const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const daysAhead = Math.round((date.getTime() - todayUtc) / dayMs)
  return daysAhead >= 0 && daysAhead <= consultationWindowDays + 1
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/**
 * Which rule a date that was not offered broke, as a sentence for the visitor (the form's error page
 * shows it under SPEC's "Please select a date"); null for a date that is offered.
 *
 *     whyNotOffered('2026-12-05', now) // 'December 5 is a Saturday: consultations are on weekdays.'
 */
export function whyNotOffered(value: string, now: Date, closedDays: ClosedDays = noClosedDays): string | null {
  if (isOfferedConsultationDate(value, now, closedDays)) return null
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null
  if (!date || date.toISOString().slice(0, 10) !== value) return 'That is not a date of the calendar: please choose one from the list.'
  const day = date.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' })
  const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const daysAhead = Math.round((date.getTime() - todayUtc) / dayMs)
  if (daysAhead < 0) return `${day} has passed: please choose a day from tomorrow on.`
  if (daysAhead > consultationWindowDays + 1)
    return `${day} is more than two weeks ahead: consultations are booked within the next ${consultationWindowDays} days.`
  if (!isWeekday(value)) return `${day} is a ${weekdayNames[weekdayOf(value)]}: consultations are on weekdays.`
  const name = closedDays.nameOf?.(value)
  return `We are closed on ${day}${name ? ` (${name})` : ''}: please choose another day.`
}
