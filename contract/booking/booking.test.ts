import { describe, expect, it, test } from 'vitest'
import {
  visitorZoneOf,
  bookableDays,
  bookingHorizonDays,
  bookingSettings,
  bookingSettingsProblems,
  firstFreeStart,
  formatMeeting,
  meetingCells,
  meetingEnd,
  windowOf,
  isWorkingDay,
  windowStarts,
  zonedDate,
  zonedDateTime,
  zonedInstant,
  type BookingSettings,
} from './booking'

const settings: BookingSettings = bookingSettings({
  meetingMinutes: 30,
  bufferMinutes: 15,
  windows: { morning: { from: '09:00', to: '12:00' }, afternoon: { from: '13:00', to: '17:00' }, evening: { from: '18:00', to: '20:00' } },
  reminderHoursBefore: 24,
  digestAt: '08:00',
  digestZone: 'America/Chicago',
  calendarName: 'Consultations',
  place: { offer: ['phone'], phone: { label: 'Phone call' } },
})
const analysis = { meetingLength: '30 minutes', meetingLengthAdjective: '30-minute' }

describe('the grid of starts', () => {
  it('steps by the meeting length from the window opening, each meeting ending within the window', () => {
    // November 25, 2026 is in Central standard time (UTC-6): 18:00 is 00:00 UTC the next day.
    expect(windowStarts('2026-11-25', 'evening', settings)).toEqual([
      '2026-11-26T00:00:00.000Z',
      '2026-11-26T00:30:00.000Z',
      '2026-11-26T01:00:00.000Z',
      '2026-11-26T01:30:00.000Z',
    ])
    expect(windowStarts('2026-11-25', 'morning', settings)).toHaveLength(6)
    expect(windowStarts('2026-11-25', 'afternoon', { ...settings, meetingMinutes: 45 })).toEqual([
      '2026-11-25T19:00:00.000Z',
      '2026-11-25T19:45:00.000Z',
      '2026-11-25T20:30:00.000Z',
      '2026-11-25T21:15:00.000Z',
      '2026-11-25T22:00:00.000Z',
    ])
  })

  // Daylight saving time began on Sunday, March 8, 2026 and ends on Sunday, November 1, 2026 in the US.
  it('starts at 9:00 Central time on the day after each daylight-saving change', () => {
    expect(windowStarts('2026-03-06', 'morning', settings)[0]).toBe('2026-03-06T15:00:00.000Z') // Friday, CST (UTC-6)
    expect(windowStarts('2026-03-09', 'morning', settings)[0]).toBe('2026-03-09T14:00:00.000Z') // Monday, CDT (UTC-5)
    expect(windowStarts('2026-10-30', 'morning', settings)[0]).toBe('2026-10-30T14:00:00.000Z') // Friday, CDT
    expect(windowStarts('2026-11-02', 'morning', settings)[0]).toBe('2026-11-02T15:00:00.000Z') // Monday, CST
  })

  it('reads those instants back as the same Dallas day and window, and names them for people', () => {
    for (const [date, start] of [
      ['2026-03-09', '2026-03-09T14:00:00.000Z'],
      ['2026-11-02', '2026-11-02T15:00:00.000Z'],
    ] as const) {
      expect(zonedDate(start)).toBe(date)
      expect(windowOf(start, settings)).toBe('morning')
      expect(formatMeeting({ start, end: meetingEnd(start, settings) })).toMatch(/ · 9:00–9:30 AM Central time \(Dallas\)$/)
    }
    expect(formatMeeting({ start: '2026-03-09T14:00:00.000Z', end: '2026-03-09T14:30:00.000Z' })).toBe('Monday, March 9 · 9:00–9:30 AM Central time (Dallas)')
    expect(formatMeeting({ start: '2026-11-02T15:00:00.000Z', end: '2026-11-02T15:30:00.000Z' })).toBe(
      'Monday, November 2 · 9:00–9:30 AM Central time (Dallas)',
    )
  })

  it('converts a wall-clock time on the change days themselves', () => {
    expect(zonedInstant('2026-03-08', 12 * 60).toISOString()).toBe('2026-03-08T17:00:00.000Z')
    expect(zonedInstant('2026-11-01', 12 * 60).toISOString()).toBe('2026-11-01T18:00:00.000Z')
  })
})

describe('formatMeeting', () => {
  it('reads like the recap, across noon too', () => {
    expect(formatMeeting({ start: '2026-11-25T15:30:00.000Z', end: '2026-11-25T16:00:00.000Z' })).toBe(
      'Wednesday, November 25 · 9:30–10:00 AM Central time (Dallas)',
    )
    expect(formatMeeting({ start: '2026-11-25T17:30:00.000Z', end: '2026-11-25T18:00:00.000Z' })).toBe(
      'Wednesday, November 25 · 11:30 AM–12:00 PM Central time (Dallas)',
    )
  })

  it("gives the visitor's own day and hours in their zone", () => {
    expect(formatMeeting({ start: '2026-11-25T15:30:00.000Z', end: '2026-11-25T16:00:00.000Z' }, 'America/New_York')).toBe(
      'Wednesday, November 25 · 10:30–11:00 AM Eastern Standard Time',
    )
    // 7 PM in Dallas is already the next day in Tokyo.
    expect(formatMeeting({ start: '2026-11-26T01:00:00.000Z', end: '2026-11-26T01:30:00.000Z' }, 'Asia/Tokyo')).toBe(
      'Thursday, November 26 · 10:00–10:30 AM Japan Standard Time',
    )
  })
})

describe('cells and free starts', () => {
  it('takes the cells the buffer reaches into', () => {
    expect(meetingCells('2026-11-25T15:00:00.000Z', settings)).toEqual(['2026-11-25T15:00:00.000Z', '2026-11-25T15:30:00.000Z'])
    expect(meetingCells('2026-11-25T15:00:00.000Z', { ...settings, bufferMinutes: 0 })).toEqual(['2026-11-25T15:00:00.000Z'])
    expect(meetingCells('2026-11-25T15:00:00.000Z', { ...settings, bufferMinutes: 31 })).toHaveLength(3)
  })

  it('finds the first start whose cells all have room', () => {
    const starts = windowStarts('2026-11-25', 'morning', settings)
    const held = new Map<string, number>()
    const take = (start: string) => {
      for (const cell of meetingCells(start, settings)) held.set(cell, (held.get(cell) ?? 0) + 1)
    }
    const booked: string[] = []
    for (
      let next = firstFreeStart(starts, settings, (cell) => held.get(cell) ?? 0);
      next;
      next = firstFreeStart(starts, settings, (cell) => held.get(cell) ?? 0)
    ) {
      booked.push(next)
      take(next)
    }
    // 9:00, 10:00 and 11:00: each meeting's buffer takes the half hour after it.
    expect(booked).toEqual(['2026-11-25T15:00:00.000Z', '2026-11-25T16:00:00.000Z', '2026-11-25T17:00:00.000Z'])
    held.clear()
    const twoAtOnce = { ...settings, atOnce: 2 }
    const pairs: string[] = []
    for (let i = 0; i < 10; i++) {
      const next = firstFreeStart(starts, twoAtOnce, (cell) => held.get(cell) ?? 0)
      if (!next) break
      pairs.push(next)
      take(next)
    }
    expect(pairs).toHaveLength(6)
    expect(new Set(pairs).size).toBe(3)
  })
})

describe('bookableDays', () => {
  it('offers the weekdays from tomorrow to two weeks ahead, counted in Dallas, without closed days', () => {
    // 03:00 UTC on Wednesday, November 25 is still Tuesday evening in Dallas.
    const days = bookableDays(new Date('2026-11-25T03:00:00Z'), ['2026-11-26'])
    expect(days[0]).toBe('2026-11-25')
    expect(days).not.toContain('2026-11-26')
    expect(days).not.toContain('2026-11-28')
    expect(days.at(-1)).toBe('2026-12-08')
    expect(days).toHaveLength(9)
  })
})

describe('the working-day rule and the horizon', () => {
  it('is Monday to Friday without closed days, wherever the code runs', () => {
    expect(
      ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'].map((d) => isWorkingDay(d, ['2026-11-26'])),
    ).toEqual([true, true, true, false, true, false, false])
    // The days after each daylight-saving change are ordinary Mondays.
    expect(isWorkingDay('2026-11-02', [])).toBe(true)
    expect(isWorkingDay('2027-03-15', [])).toBe(true)
  })

  it('offers the days up to today + the horizon, across the change to daylight time', () => {
    // Friday, March 5, 2027, noon in Dallas: today + 14 is Friday the 19th, after the change on the 14th.
    const days = bookableDays(new Date('2027-03-05T18:00:00Z'), [], bookingHorizonDays)
    expect(days[0]).toBe('2027-03-08')
    expect(days.at(-1)).toBe('2027-03-19')
    expect(days).toHaveLength(10)
  })
})

describe('zonedDateTime', () => {
  it("gives an instant's wall clock in Dallas on either side of each change", () => {
    expect(zonedDateTime('2026-11-01T06:30:00Z')).toEqual({ date: '2026-11-01', time: '01:30' }) // CDT
    expect(zonedDateTime('2026-11-01T07:30:00Z')).toEqual({ date: '2026-11-01', time: '01:30' }) // CST, the hour again
    expect(zonedDateTime('2027-03-14T07:59:00Z')).toEqual({ date: '2027-03-14', time: '01:59' })
    expect(zonedDateTime('2027-03-14T08:00:00Z')).toEqual({ date: '2027-03-14', time: '03:00' })
    // Late evening in Dallas is the next day in UTC.
    expect(zonedDateTime(new Date('2026-12-02T05:30:00Z'))).toEqual({ date: '2026-12-01', time: '23:30' })
  })
})

describe('bookingSettingsProblems', () => {
  const open = { from: '09:00', to: '20:00' }

  it('accepts the settings of the content', () => {
    expect(bookingSettingsProblems(settings, open, analysis)).toEqual([])
  })

  it('names a window that goes beyond its label or the opening hours, or holds no meeting', () => {
    const windows = { ...settings.windows, morning: { from: '08:30', to: '12:00' }, evening: { from: '18:00', to: '18:20' } }
    const messages = bookingSettingsProblems({ ...settings, windows }, { from: '09:00', to: '19:00' }, analysis).map(
      (problem) => `${problem.field}: ${problem.message}`,
    )
    expect(messages).toEqual([
      '/windows/morning: the morning window (08:30-12:00) goes beyond what visitors are offered: Morning (9AM-12PM)',
      '/windows/morning: the morning window (08:30-12:00) lies outside the opening hours of site.json (09:00-19:00)',
      '/windows/evening: the evening window (18:00-18:20) has no room for a 30-minute meeting',
    ])
  })

  it('asks for the buffer between windows and one meeting length in analysis.json', () => {
    const problems = bookingSettingsProblems({ ...settings, bufferMinutes: 90, meetingMinutes: 45 }, open, analysis)
    expect(problems.map((problem) => [problem.file, problem.field])).toEqual([
      ['booking.json', '/windows/afternoon'],
      ['booking.json', '/windows/evening'],
      ['analysis.json', '/meetingLength'],
      ['analysis.json', '/meetingLengthAdjective'],
    ])
  })

  it('names a digest time zone the platform does not know', () => {
    const problems = bookingSettingsProblems({ ...settings, digestZone: 'Dallas' }, open, analysis)
    expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual([
      '/digestZone: "Dallas" is not a time zone (write one like "America/Chicago")',
    ])
    expect(bookingSettingsProblems({ ...settings, digestZone: 'Europe/Berlin' }, open, analysis)).toEqual([])
  })
})

// Mexico City keeps standard time all year (no daylight saving since 2022): it reads a Dallas meeting
// the same in winter and an hour earlier while Dallas is on daylight time. Dallas changes on
// 2026-11-01 and 2027-03-14.
const meetingAt = (start: string) => ({ start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString() })

test('the visitor’s own time is shown only when their zone reads the meeting differently, on either side of both changes', () => {
  // Friday, October 30, 2026, 9:00 CDT: Mexico City reads 8:00.
  expect(visitorZoneOf(meetingAt('2026-10-30T14:00:00.000Z'), 'America/Mexico_City')).toBe('America/Mexico_City')
  // Monday, November 2, 2026, 9:00 CST, the working day after the change: the same in both.
  expect(visitorZoneOf(meetingAt('2026-11-02T15:00:00.000Z'), 'America/Mexico_City')).toBeUndefined()
  // Friday, March 12, 2027, 9:00 CST: the same; Monday, March 15, 9:00 CDT: an hour apart again.
  expect(visitorZoneOf(meetingAt('2027-03-12T15:00:00.000Z'), 'America/Mexico_City')).toBeUndefined()
  expect(visitorZoneOf(meetingAt('2027-03-15T14:00:00.000Z'), 'America/Mexico_City')).toBe('America/Mexico_City')
  // Another name of Dallas's own zone, and no zone at all (the server's HTML), never add a line.
  expect(visitorZoneOf(meetingAt('2027-03-15T14:00:00.000Z'), 'US/Central')).toBeUndefined()
  expect(visitorZoneOf(meetingAt('2027-03-15T14:00:00.000Z'), undefined)).toBeUndefined()
  // A meeting late in the Dallas evening falls on the next day in Berlin.
  expect(visitorZoneOf(meetingAt('2026-12-02T01:00:00.000Z'), 'Europe/Berlin')).toBe('Europe/Berlin')
})
