import type { Option } from './options.js'

/** The consultation date window: 14 days, weekdays only. */
export const consultationWindowDays = 14

const dayMs = 24 * 60 * 60 * 1000

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * Days the agency is closed (public holidays), YYYY-MM-DD, from content/closed-days.json: the site's list,
 * or the service's, which follows the file as it changes (forms-service/closedDays.ts).
 */
export type ClosedDays = { includes(date: string): boolean }

const noClosedDays: ClosedDays = []

/**
 * The preferred-date choices of the consultation form, for the browser's own calendar and time zone.
 *
 * "The next 14 days excluding Saturdays and Sundays" is read as the 14 calendar days from
 * tomorrow to today + 14, without the weekend days among them, so usually 10 choices. Today is not
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
    if (day.getDay() === 0 || day.getDay() === 6) continue
    const value = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
    if (closedDays.includes(value)) continue
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
  if (date.getUTCDay() === 0 || date.getUTCDay() === 6) return false
  if (closedDays.includes(value)) return false
  const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const daysAhead = Math.round((date.getTime() - todayUtc) / dayMs)
  return daysAhead >= 0 && daysAhead <= consultationWindowDays + 1
}
