import { bookingZone, bookingZoneLabel, isCalendarDate, labelHours, windowLabel, type TimeSlot } from '../../contract/booking/booking.js'

// A requested slot as the emails print it: the hours its label promises, in the agency's zone
// (contract/booking/booking.ts), formatted by the platform's Intl for the site's language.

const dateStyle = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } as const
const timeStyle = { hour: 'numeric', minute: '2-digit' } as const
// Intl writes a narrow no-break space before AM/PM; mail clients and plain text read a plain one.
const plain = (text: string) => text.replace(/\u202f/g, ' ')

/** '2026-12-01' -> 'Tuesday, December 1, 2026' (for locale en-US). */
export function formatRequestedDate(date: string, locale: string): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a date: ${date}`)
  // A calendar day has no zone: noon UTC is that day in UTC.
  return new Intl.DateTimeFormat(locale, { ...dateStyle, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))
}

/** 'morning' -> '9:00 AM – 12:00 PM Central time (Dallas)' (for locale en-US). */
export function formatSlot(slot: TimeSlot, locale: string): string {
  const hours = labelHours(windowLabel(slot))
  if (!hours) throw new RangeError(`No hours in the label of ${slot}`)
  // Only the hours are printed: any day in UTC serves.
  const time = (minutes: number) => plain(new Intl.DateTimeFormat(locale, { ...timeStyle, timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 3, 0, minutes))))
  return `${time(hours.from)} – ${time(hours.to)} ${bookingZoneLabel}`
}

/** An ISO instant -> 'Tuesday, December 1, 2026, 10:15 AM CST', in Dallas time. */
export function formatDallasInstant(iso: string, locale: string): string {
  const moment = new Date(iso)
  if (Number.isNaN(moment.getTime())) throw new RangeError(`Not an instant: ${iso}`)
  const day = new Intl.DateTimeFormat(locale, { ...dateStyle, timeZone: bookingZone }).format(moment)
  const parts = new Intl.DateTimeFormat(locale, { ...timeStyle, timeZone: bookingZone, timeZoneName: 'short' }).formatToParts(moment)
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value ?? ''
  const time = parts
    .filter((part) => part.type !== 'timeZoneName')
    .map((part) => part.value)
    .join('')
    .trim()
  return `${day}, ${plain(time)} ${zone}`.trimEnd()
}
