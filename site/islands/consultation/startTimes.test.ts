import { expect, test } from 'vitest'
import { centralTime, visitorTime } from './startTimes'

test('a start reads in Central time, on either side of the change back to standard time (2026-11-01)', () => {
  expect(centralTime('2026-10-30T19:00:00.000Z')).toBe('2:00 PM')
  expect(centralTime('2026-11-02T20:00:00.000Z')).toBe('2:00 PM')
  // And the spring change (2027-03-14).
  expect(centralTime('2027-03-12T15:00:00.000Z')).toBe('9:00 AM')
  expect(centralTime('2027-03-15T14:00:00.000Z')).toBe('9:00 AM')
})

test("the visitor's own time is given only when their clock reads the start differently", () => {
  expect(visitorTime('2026-11-02T20:00:00.000Z', 'America/New_York')).toBe('3:00 PM')
  expect(visitorTime('2026-11-02T20:00:00.000Z', 'America/Chicago')).toBeUndefined()
  // Another zone on Central time under the US rules (a zone's rules may change with tzdata: 2026e puts Winnipeg an hour from Dallas).
  expect(visitorTime('2026-11-02T20:00:00.000Z', 'America/Indiana/Knox')).toBeUndefined()
  expect(visitorTime('2026-11-02T20:00:00.000Z', undefined)).toBeUndefined()
  // Mexico City keeps standard time all year: an hour apart from Dallas in summer time only.
  expect(visitorTime('2026-10-30T19:00:00.000Z', 'America/Mexico_City')).toBe('1:00 PM')
  expect(visitorTime('2026-11-02T20:00:00.000Z', 'America/Mexico_City')).toBeUndefined()
  expect(visitorTime('2027-03-15T14:00:00.000Z', 'America/Mexico_City')).toBe('8:00 AM')
})

test('a start that falls on another day for the visitor names that day', () => {
  // 6:00 PM in Dallas on Tuesday, December 1, is 1:00 AM on Wednesday in Berlin.
  expect(visitorTime('2026-12-02T00:00:00.000Z', 'Europe/Berlin')).toBe('Wed 1:00 AM')
})

test('a zone Intl does not know gives no second time', () => {
  expect(visitorTime('2026-12-02T00:00:00.000Z', 'Mars/Olympus_Mons')).toBeUndefined()
})
