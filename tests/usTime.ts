// Wall-clock times in Dallas (and New York) for tests' expectations, written out from the US rule itself
// rather than with the code under test or a date library: since 2007, daylight time runs from the second
// Sunday of March at 2:00 standard time to the first Sunday of November at 2:00 daylight time.

const hour = 3_600_000

/** The day of the month of the `nth` Sunday of `month` (0-based) in `year`. */
const sunday = (year: number, month: number, nth: number) => 1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7) + (nth - 1) * 7

/** Hours behind UTC at `instant` in a US zone whose standard time is `standardHours` behind (Central: 6, Eastern: 5). */
export function usOffsetHours(instant: number, standardHours = 6): number {
  const year = new Date(instant).getUTCFullYear()
  const begins = Date.UTC(year, 2, sunday(year, 2, 2), 2 + standardHours)
  const ends = Date.UTC(year, 10, sunday(year, 10, 1), 2 + standardHours - 1)
  return instant >= begins && instant < ends ? standardHours - 1 : standardHours
}

/**
 * ('2026-11-02', '09:00') -> the epoch milliseconds of that wall-clock time in Central time (another US zone
 * with `standardHours`). An hour the fall change repeats is its first, daylight, one; an hour the spring
 * change skips is read in standard time (2:30 is 3:30 daylight time), as calendar apps do.
 */
export function usWallClock(date: string, time: string, standardHours = 6): number {
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`)
  const daylight = wall + (standardHours - 1) * hour
  return usOffsetHours(daylight, standardHours) === standardHours - 1 ? daylight : wall + standardHours * hour
}

/** ('2026-11-02', '09:00') -> '2026-11-02T15:00:00.000Z'. */
export const dallas = (date: string, time: string) => new Date(usWallClock(date, time)).toISOString()

/** '2026-11-02T15:00:00.000Z' -> '09:00', its time of day in Dallas. */
export const dallasClock = (instant: string) => new Date(Date.parse(instant) - usOffsetHours(Date.parse(instant)) * hour).toISOString().slice(11, 16)

/** '2026-12-02T05:30:00.000Z' -> '2026-12-01', its day in Dallas. */
export const dallasDate = (instant: string) => new Date(Date.parse(instant) - usOffsetHours(Date.parse(instant)) * hour).toISOString().slice(0, 10)

/** '2026-11-30' -> 'Monday, November 30', as the pages and emails name a day. */
export const dayName = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' })
