import { describe, expect, it } from 'vitest'
import { busyTimes, joined, NotACalendarError } from './busyTimes.js'
import { usWallClock } from '../../tests/usTime.js'

// Central time (standard UTC-6) unless another US zone is named; the expectations come from the US rule, not from Intl.
const standardHours = { 'America/Chicago': 6, 'America/New_York': 5 } as const
const at = (iso: string, zone: keyof typeof standardHours = 'America/Chicago') => usWallClock(iso.slice(0, 10), iso.slice(11), standardHours[zone])
const from = at('2026-11-01T00:00')
const to = at('2026-12-01T00:00')
/** A calendar as servers send it: CRLF line ends. */
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20261020T120000Z', ...lines, 'END:VEVENT'].join('\r\n')
const span = (start: string, end: string, zone?: keyof typeof standardHours) => ({ start: at(start, zone), end: at(end, zone) })

describe('busyTimes', () => {
  it('leaves out an occurrence cancelled or made transparent by its exception, and one moved away', () => {
    const text = calendar(
      event('UID:s', 'DTSTART;TZID=America/New_York:20261103T090000', 'DTEND;TZID=America/New_York:20261103T093000', 'RRULE:FREQ=WEEKLY;COUNT=4'),
      event(
        'UID:s',
        'RECURRENCE-ID;TZID=America/New_York:20261110T090000',
        'DTSTART;TZID=America/New_York:20261110T090000',
        'DTEND;TZID=America/New_York:20261110T093000',
        'STATUS:CANCELLED',
      ),
      event(
        'UID:s',
        'RECURRENCE-ID;TZID=America/New_York:20261117T090000',
        'DTSTART;TZID=America/New_York:20261117T090000',
        'DTEND;TZID=America/New_York:20261117T093000',
        'TRANSP:TRANSPARENT',
      ),
      // Another series' exception is not this series' business.
      event('UID:other', 'RECURRENCE-ID;TZID=America/New_York:20261124T090000', 'DTSTART:20261124T200000Z', 'DTEND:20261124T210000Z'),
    )
    // A TZID without a VTIMEZONE in the file, but an IANA zone: read with the platform's zone data.
    expect(busyTimes(text, from, to)).toEqual([
      span('2026-11-03T09:00', '2026-11-03T09:30', 'America/New_York'),
      span('2026-11-24T09:00', '2026-11-24T09:30', 'America/New_York'),
      span('2026-11-24T14:00', '2026-11-24T15:00'),
    ])
  })

  it('counts an occurrence moved into the range from after it', () => {
    const text = calendar(
      event('UID:m', 'DTSTART:20261102T150000Z', 'DTEND:20261102T160000Z', 'RRULE:FREQ=MONTHLY'),
      event('UID:m', 'RECURRENCE-ID:20261202T150000Z', 'DTSTART:20261130T150000Z', 'DTEND:20261130T160000Z'),
    )
    expect(busyTimes(text, from, to)).toEqual([
      { start: Date.parse('2026-11-02T15:00:00Z'), end: Date.parse('2026-11-02T16:00:00Z') },
      { start: Date.parse('2026-11-30T15:00:00Z'), end: Date.parse('2026-11-30T16:00:00Z') },
    ])
  })

  it('reads an all-day event without an end as that whole day in Dallas, and skips what takes no time or lies outside', () => {
    const text = calendar(
      event('UID:a', 'DTSTART;VALUE=DATE:20261105'),
      event('UID:z', 'DTSTART:20261106T150000Z'),
      event('UID:o', 'DTSTART:20261201T150000Z', 'DTEND:20261201T160000Z'),
      event('UID:p', 'DTSTART:20261031T150000Z', 'DTEND:20261031T160000Z'),
    )
    expect(busyTimes(text, from, to)).toEqual([span('2026-11-05T00:00', '2026-11-06T00:00')])
  })

  it('keeps the phase and the EXDATE of a series begun years ago', () => {
    // Every other Monday from Monday, January 7, 2019: November 2, 16 and 30, 2026; the 16th is excluded.
    const text = calendar(
      event('UID:b', 'DTSTART:20190107T150000Z', 'DTEND:20190107T160000Z', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'EXDATE:20261116T150000Z'),
    )
    expect(busyTimes(text, from, to).map((time) => new Date(time.start).toISOString())).toEqual(['2026-11-02T15:00:00.000Z', '2026-11-30T15:00:00.000Z'])
  })

  it('stops expanding a rule that never ends', () => {
    const text = calendar(event('UID:r', 'DTSTART:20200101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'))
    expect(busyTimes(text, from, to)).toEqual([])
  })

  it('refuses what is not a calendar, saying so', () => {
    expect(() => busyTimes('<!doctype html><title>Sign in</title>', from, to)).toThrow(NotACalendarError)
    expect(() => busyTimes('', from, to)).toThrow('is not an iCalendar file (it has no BEGIN:VCALENDAR)')
    expect(() => busyTimes('BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann\r\nEND:VCARD\r\n', from, to)).toThrow('is not an iCalendar file (it has no BEGIN:VCALENDAR)')
    expect(() => busyTimes('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:yesterday\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n', from, to)).toThrow(
      /^is not an iCalendar file this service can read \(/,
    )
  })

  it('joins overlapping and touching times', () => {
    expect(
      joined([
        { start: 5, end: 7 },
        { start: 1, end: 3 },
        { start: 3, end: 4 },
        { start: 6, end: 9 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 9 },
    ])
  })
})
