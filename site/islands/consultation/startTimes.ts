import { bookingZone, visitorZoneOf, zonedDate } from '../../../contract/booking/booking'

const clocks = new Map<string, Intl.DateTimeFormat>()
const clock = (zone: string) => {
  let found = clocks.get(zone)
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true })
    clocks.set(zone, found)
  }
  return found
}
const weekday = (date: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short' }).format(new Date(`${date}T12:00:00Z`))

/** A start as the wall clock of Dallas reads it: '2:00 PM'. */
export const centralTime = (start: string) => clock(bookingZone).format(new Date(start))

/**
 * The same start on the visitor's clock, when it reads differently from Dallas's ('3:00 PM' in New York;
 * 'Wed 1:00 AM' when it falls on another day there); undefined when it reads the same (another zone
 * of Central time, or no zone known).
 */
export function visitorTime(start: string, zone: string | undefined): string | undefined {
  const theirs = visitorZoneOf({ start, end: start }, zone)
  if (!theirs) return undefined
  const time = clock(theirs).format(new Date(start))
  const day = zonedDate(start, theirs)
  return day === zonedDate(start) ? time : `${weekday(day)} ${time}`
}

/** The browser's IANA time zone, sent with the request so that the visitor's emails give their own time; '' on the server or when unknown. */
export function browserZone(): string {
  if (typeof window === 'undefined') return ''
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''
  } catch {
    return ''
  }
}
