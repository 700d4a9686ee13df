import { describe, expect, it } from 'vitest'
import { busyTimes, joined, TooManyOccurrencesError } from './busyTimes.js'
import { NotACalendarError } from './calendarParse.js'
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
/** A busy time as UTC wall-clock minutes: ['2026-11-02T15:00', '2026-11-02T16:00']. */
const utc = (time: { start: number; end: number }) => [time.start, time.end].map((ms) => new Date(ms).toISOString().slice(0, 16))

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
    expect(busyTimes(text, from, to).times).toEqual([
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
    expect(busyTimes(text, from, to).times).toEqual([
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
    expect(busyTimes(text, from, to).times).toEqual([span('2026-11-05T00:00', '2026-11-06T00:00')])
  })

  it('keeps the phase and the EXDATE of a series begun years ago', () => {
    // Every other Monday from Monday, January 7, 2019: November 2, 16 and 30, 2026; the 16th is excluded.
    const text = calendar(
      event('UID:b', 'DTSTART:20190107T150000Z', 'DTEND:20190107T160000Z', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'EXDATE:20261116T150000Z'),
    )
    expect(busyTimes(text, from, to).times.map((time) => new Date(time.start).toISOString())).toEqual(['2026-11-02T15:00:00.000Z', '2026-11-30T15:00:00.000Z'])
  })

  it('stops expanding a rule that never ends', () => {
    const text = calendar(event('UID:r', 'DTSTART:20200101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'))
    expect(busyTimes(text, from, to).times).toEqual([])
  })

  it('refuses a file whose rules make more occurrences to look through than its budget', () => {
    const everySecond = (uid: string) => event(`UID:${uid}`, 'DTSTART:20261101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY')
    expect(() => busyTimes(calendar(everySecond('a'), everySecond('b'), everySecond('c')), from, to)).toThrow(TooManyOccurrencesError)
    const daily = calendar(event('UID:d', 'DTSTART:20261101T150000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY;COUNT=10'))
    expect(busyTimes(daily, from, to, 10).times).toHaveLength(10)
    expect(() => busyTimes(daily, from, to, 9)).toThrow(TooManyOccurrencesError)
  })

  it('reads RDATE periods, each its own length, less an EXDATE, and one moved by its RECURRENCE-ID', () => {
    const text = calendar(
      event(
        'UID:p',
        'DTSTART:20261102T150000Z',
        'DTEND:20261102T160000Z',
        'RDATE;VALUE=PERIOD:20261104T150000Z/20261104T170000Z,20261105T150000Z/PT30M',
        'RDATE;VALUE=PERIOD:20261106T150000Z/PT1H,20261109T150000Z/PT1H',
        'EXDATE:20261106T150000Z',
      ),
      event('UID:p', 'RECURRENCE-ID:20261109T150000Z', 'DTSTART:20261110T180000Z', 'DTEND:20261110T190000Z'),
    )
    expect(busyTimes(text, from, to).times.map(utc)).toEqual([
      ['2026-11-02T15:00', '2026-11-02T16:00'],
      ['2026-11-04T15:00', '2026-11-04T17:00'],
      ['2026-11-05T15:00', '2026-11-05T15:30'],
      ['2026-11-10T18:00', '2026-11-10T19:00'],
    ])
  })

  it('reads an EXDATE written as a date, and DURATION in place of DTEND', () => {
    const text = calendar(
      event('UID:x', 'DTSTART:20261102T150000Z', 'DTEND:20261102T160000Z', 'RRULE:FREQ=DAILY;COUNT=3', 'EXDATE;VALUE=DATE:20261103'),
      event('UID:l', 'DTSTART:20261112T150000Z', 'DURATION:PT1H30M'),
      event('UID:w', 'DTSTART;VALUE=DATE:20261119', 'DURATION:P2D'),
    )
    expect(busyTimes(text, from, to).times).toEqual([
      { start: Date.parse('2026-11-02T15:00:00Z'), end: Date.parse('2026-11-02T16:00:00Z') },
      { start: Date.parse('2026-11-04T15:00:00Z'), end: Date.parse('2026-11-04T16:00:00Z') },
      { start: Date.parse('2026-11-12T15:00:00Z'), end: Date.parse('2026-11-12T16:30:00Z') },
      span('2026-11-19T00:00', '2026-11-21T00:00'),
    ])
  })

  it('reads every VCALENDAR of a file that holds several', () => {
    const text =
      calendar(event('UID:a', 'DTSTART:20261102T150000Z', 'DTEND:20261102T160000Z')) +
      calendar(event('UID:b', 'DTSTART:20261103T150000Z', 'DTEND:20261103T160000Z'))
    expect(busyTimes(text, from, to).times.map(utc)).toEqual([
      ['2026-11-02T15:00', '2026-11-02T16:00'],
      ['2026-11-03T15:00', '2026-11-03T16:00'],
    ])
  })

  it('reads a date-time declared a date as the date-time it is, and passes over properties it does not read, however odd', () => {
    const text = calendar(
      event('UID:d', 'DTSTART;VALUE=DATE:20261105T090000', 'DTEND;VALUE=DATE:20261105T100000'),
      event(
        'UID:o',
        'DTSTART:20261106T150000Z',
        'DTEND:20261106T160000Z',
        // A parameter without a value (ical.js refuses the whole file for it), one whose value holds the separators, a folded line.
        'X-ODD;FLAG:1',
        'X-QUOTED;X-P="a;b:c";Y=1,2:value:with:colons',
        'DESCRIPTION;ALTREP="cid:part1":a folded',
        '  description',
      ),
    )
    expect(busyTimes(text, from, to)).toEqual({
      times: [span('2026-11-05T09:00', '2026-11-05T10:00'), { start: Date.parse('2026-11-06T15:00:00Z'), end: Date.parse('2026-11-06T16:00:00Z') }],
      skipped: [],
    })
  })

  it('skips an event it cannot read, naming its UID, and counts the rest of the file', () => {
    const text = calendar(
      event('UID:no-frequency', 'DTSTART:20261102T150000Z', 'DTEND:20261102T160000Z', 'RRULE:FREQ=SOMETIMES'),
      event('UID:no-date', 'DTSTART:tomorrow', 'DTEND:20261103T160000Z'),
      event('UID:fine', 'DTSTART:20261104T150000Z', 'DTEND:20261104T160000Z'),
    )
    const { times, skipped } = busyTimes(text, from, to)
    expect(times.map(utc)).toEqual([['2026-11-04T15:00', '2026-11-04T16:00']])
    expect(skipped).toEqual([
      { uid: 'no-frequency', reason: expect.stringContaining('invalid frequency') },
      { uid: 'no-date', reason: expect.stringContaining('invalid date-time value') },
    ])
  })

  it('refuses what is not a calendar, saying so', () => {
    expect(() => busyTimes('<!doctype html><title>Sign in</title>', from, to)).toThrow(NotACalendarError)
    expect(() => busyTimes('', from, to)).toThrow('is not an iCalendar file (it has no BEGIN:VCALENDAR)')
    expect(() => busyTimes('BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann\r\nEND:VCARD\r\n', from, to)).toThrow('is not an iCalendar file (it has no BEGIN:VCALENDAR)')
    // A line it cannot read outside every event (here in a time zone's rule) may be any event's time: the file is
    // refused, in words that never quote it (the admin shows them).
    const brokenZone = ['BEGIN:VTIMEZONE', 'TZID:Office', 'BEGIN:STANDARD', 'RRULE:FREQ=<html>SECRET</html>', 'END:STANDARD', 'END:VTIMEZONE'].join('\r\n')
    expect(() => busyTimes(calendar(brokenZone, event('UID:a', 'DTSTART:20261102T150000Z')), from, to)).toThrow(
      new NotACalendarError('is not an iCalendar file this service can read'),
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
