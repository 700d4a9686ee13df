import { calendarLinks, type CalendarEntry } from './calendarLinks.js'

// The `.ics` a visitor downloads from the thank-you (the browser builds it as a Blob; the no-JS page gets
// it from the forms service as a data: address). A PUBLISH calendar of one event in UTC: any calendar
// app adds it as it is. The confirmation email's invitation (forms-service/email/calendar.ts) is the
// other, iTIP, kind, with the agency as organizer; this one needs no library in the browser.

/** '2026-12-02T20:00:00.000Z' -> '20261202T200000Z'. */
const utc = (instant: string) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** TEXT escaping of RFC 5545 §3.3.11. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** Lines of at most 75 octets, continued with a space (RFC 5545 §3.1); never inside a UTF-8 character. */
function folded(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const character of line) {
    const bytes = encoder.encode(character).length
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += character
    size += bytes
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** One meeting as an iCalendar file: `uid` names it (the request's id and the site's host), `stamp` is when the file was made. */
export function calendarFile(entry: CalendarEntry & { uid: string; stamp: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Consultation//Add to calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${text(entry.uid)}`,
    `DTSTAMP:${utc(entry.stamp.toISOString())}`,
    `DTSTART:${utc(entry.start)}`,
    `DTEND:${utc(entry.end)}`,
    `SUMMARY:${text(entry.title)}`,
    ...(entry.details ? [`DESCRIPTION:${text(entry.details)}`] : []),
    ...(entry.location ? [`LOCATION:${text(entry.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(folded).join('\r\n')}\r\n`
}

/** The file as an address a link can download without a script: `data:text/calendar;…`. */
export const calendarFileAddress = (file: string) => `data:text/calendar;charset=utf-8,${encodeURIComponent(file)}`

/** Every "Add to calendar" address of a meeting: Google's, Outlook's and the `.ics` as a data: address. */
export function addToCalendar(entry: CalendarEntry & { uid: string; stamp: Date }): { google: string; outlook: string; ics: string } {
  return { ...calendarLinks(entry), ics: calendarFileAddress(calendarFile(entry)) }
}
