import { expect, test } from 'vitest'
import { otherZone } from './MeetingWhen'

// Mexico City keeps standard time all year (no daylight saving since 2022): it reads a Dallas meeting
// the same in winter and an hour earlier while Dallas is on daylight time. Dallas changes on
// 2026-11-01 and 2027-03-14.
const meeting = (start: string) => ({ start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString() })

test('the visitor’s own time is shown only when their zone reads the meeting differently, on either side of both changes', () => {
  // Friday, October 30, 2026, 9:00 CDT: Mexico City reads 8:00.
  expect(otherZone(meeting('2026-10-30T14:00:00.000Z'), 'America/Mexico_City')).toBe('America/Mexico_City')
  // Monday, November 2, 2026, 9:00 CST, the working day after the change: the same in both.
  expect(otherZone(meeting('2026-11-02T15:00:00.000Z'), 'America/Mexico_City')).toBeUndefined()
  // Friday, March 12, 2027, 9:00 CST: the same; Monday, March 15, 9:00 CDT: an hour apart again.
  expect(otherZone(meeting('2027-03-12T15:00:00.000Z'), 'America/Mexico_City')).toBeUndefined()
  expect(otherZone(meeting('2027-03-15T14:00:00.000Z'), 'America/Mexico_City')).toBe('America/Mexico_City')
  // Another name of Dallas's own zone, and no zone at all (the server's HTML), never add a line.
  expect(otherZone(meeting('2027-03-15T14:00:00.000Z'), 'US/Central')).toBeUndefined()
  expect(otherZone(meeting('2027-03-15T14:00:00.000Z'), undefined)).toBeUndefined()
  // A meeting late in the Dallas evening falls on the next day in Berlin.
  expect(otherZone(meeting('2026-12-02T01:00:00.000Z'), 'Europe/Berlin')).toBe('Europe/Berlin')
})
