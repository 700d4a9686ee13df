import { describe, expect, it } from 'vitest'
import { formatDallasInstant, formatRequestedDate, formatSlot } from './slots.js'

describe('consultation slots', () => {
  it('read as the emails print them', () => {
    expect(formatRequestedDate('2026-12-01', 'en-US')).toBe('Tuesday, December 1, 2026')
    expect(formatSlot('morning', 'en-US')).toBe('9:00 AM – 12:00 PM Central time (Dallas)')
    expect(formatSlot('afternoon', 'en-US')).toBe('1:00 PM – 5:00 PM Central time (Dallas)')
    expect(formatSlot('evening', 'en-US')).toBe('6:00 PM – 8:00 PM Central time (Dallas)')
  })

  it('give an instant in Dallas time, daylight in summer and standard in winter, on either side of each change', () => {
    expect(formatDallasInstant('2026-07-14T15:15:00.000Z', 'en-US')).toBe('Tuesday, July 14, 2026, 10:15 AM CDT')
    expect(formatDallasInstant('2026-01-14T15:15:00.000Z', 'en-US')).toBe('Wednesday, January 14, 2026, 9:15 AM CST')
    // 2026-11-01: 1:30 AM happens twice; the first is daylight time, the second standard.
    expect(formatDallasInstant('2026-11-01T06:30:00.000Z', 'en-US')).toBe('Sunday, November 1, 2026, 1:30 AM CDT')
    expect(formatDallasInstant('2026-11-01T07:30:00.000Z', 'en-US')).toBe('Sunday, November 1, 2026, 1:30 AM CST')
    // 2027-03-14: the clock jumps from 2:00 to 3:00 AM.
    expect(formatDallasInstant('2027-03-14T07:59:00.000Z', 'en-US')).toBe('Sunday, March 14, 2027, 1:59 AM CST')
    expect(formatDallasInstant('2027-03-14T08:00:00.000Z', 'en-US')).toBe('Sunday, March 14, 2027, 3:00 AM CDT')
    // Late evening in Dallas is already the next day in UTC.
    expect(formatDallasInstant('2026-12-02T05:30:00.000Z', 'en-US')).toBe('Tuesday, December 1, 2026, 11:30 PM CST')
  })

  it('refuse a date or an instant that does not exist', () => {
    expect(() => formatRequestedDate('2026-02-30', 'en-US')).toThrow(RangeError)
    expect(() => formatDallasInstant('yesterday', 'en-US')).toThrow(RangeError)
  })
})
