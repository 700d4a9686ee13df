import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { bookingZone, zonedDateTime } from '../../contract/booking/booking.js'
import { singleLine } from './render.js'

export interface Person {
  name: string
  email: string
}

export interface MeetingEvent {
  /** Stable per meeting for its whole life, so every update replaces the same calendar entry. */
  uid: string
  /** iCalendar SEQUENCE: 0 when booked, one more with every change. */
  sequence: number
  /** ISO instants. */
  start: string
  end: string
  /** A cancellation (METHOD:CANCEL, STATUS:CANCELLED) rather than an invitation or update. */
  cancelled: boolean
  summary: string
  description: string
  /** LOCATION: the video room's address, the number called, or the address. */
  location: string
  /** URL: the video room, when the meeting is a video call. */
  url?: string
  organizer: Person
  attendee: Person
  /** DTSTAMP: when this version was made (the change's time), so each build of it is the same file. */
  stamp: Date
}

/**
 * REQUEST, not PUBLISH: the agency (organizer) invites the visitor (attendee), which is what Gmail,
 * Outlook and Apple Calendar show as an invitation, and a later REQUEST with the same UID and a
 * higher SEQUENCE updates the entry in place; CANCEL removes it (RFC 5546). The Content-Type of the
 * attachment must name the same method.
 */
export const methodOf = (event: Pick<MeetingEvent, 'cancelled'>) => (event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST)

// The zone on the event only: set on the calendar, ical-generator also writes DTSTAMP in it, without
// the Z that RFC 5545 requires there. The generator adds the event's VTIMEZONE.
const zoneOptions = { name: null, generator: getVtimezoneComponent }

/** The meeting as an iTIP message: its exact start and end in America/Chicago, CONFIRMED or CANCELLED. */
export function meetingIcs(event: MeetingEvent): string {
  const calendar = ical({
    prodId: { company: event.organizer.name, product: 'Consultation', language: 'EN' },
    method: methodOf(event),
    timezone: zoneOptions,
  })
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: event.stamp,
    start: inZone(event.start),
    end: inZone(event.end),
    timezone: bookingZone,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: event.summary,
    description: event.description,
    location: singleLine(event.location),
    ...(event.url ? { url: event.url } : {}),
    organizer: { name: quotable(event.organizer.name), email: event.organizer.email },
    attendees: [
      {
        name: quotable(event.attendee.name),
        email: event.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        // The visitor chose this time: their calendar need not mail an answer to the agency.
        rsvp: false,
      },
    ],
  })
  return calendar.toString()
}

export interface FeedEntry {
  uid: string
  sequence: number
  start: string
  end: string
  summary: string
  description: string
  /** The request in the admin. */
  url: string
  /** Where the meeting happens: the video room the agency joins, the number it calls, the address. */
  location: string
  stamp: Date
}

/** The agency's subscription feed: every upcoming meeting, published (no invitations, no attendees). */
export function feedIcs(name: string, entries: readonly FeedEntry[]): string {
  const calendar = ical({ name, prodId: { company: name, product: 'Meetings', language: 'EN' }, timezone: zoneOptions, ttl: 15 * 60 })
  for (const entry of entries) {
    calendar.createEvent({
      id: entry.uid,
      sequence: entry.sequence,
      stamp: entry.stamp,
      start: inZone(entry.start),
      end: inZone(entry.end),
      timezone: bookingZone,
      status: ICalEventStatus.CONFIRMED,
      summary: singleLine(entry.summary),
      description: entry.description,
      location: singleLine(entry.location),
      url: entry.url,
    })
  }
  return calendar.toString()
}

/**
 * An instant as its wall clock in Dallas, for DTSTART;TZID=America/Chicago:20261125T093000. ical-generator
 * writes a Date in the process's own zone; an object it does not know it formats with `format('YYYYMMDD')`
 * and `format('HHmmss')` (its way with a dayjs time), which this one answers from Intl.
 */
function inZone(instant: string) {
  const at = new Date(instant)
  const { date, time } = zonedDateTime(at, bookingZone)
  const seconds = String(at.getUTCSeconds()).padStart(2, '0')
  return {
    isValid: () => true,
    toDate: () => at,
    toJSON: () => at.toISOString(),
    format: (pattern: 'YYYYMMDD' | 'HHmmss') => (pattern === 'YYYYMMDD' ? date.replaceAll('-', '') : `${time.replace(':', '')}${seconds}`),
  }
}

// A CN parameter is quoted and may hold neither a line break nor a double quote (RFC 5545 §3.1).
function quotable(name: string): string {
  return singleLine(name).replace(/"/g, "'")
}
