import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { singleLine } from './render.js'
import { consultationZone, slotInterval, type TimeSlot } from './slots.js'

export interface Person {
  name: string
  email: string
}

export interface ConsultationEvent {
  /** Stable per request, so an update or a resend replaces the entry instead of adding one. */
  uid: string
  /** YYYY-MM-DD, a day in Dallas. */
  date: string
  timeSlot: TimeSlot
  summary: string
  description: string
  organizer: Person
  attendee: Person
  /** DTSTAMP; defaults to now. Pass the request's time for the same file on every build. */
  stamp?: Date
}

/**
 * REQUEST, not PUBLISH: the agency (organizer) invites the visitor (attendee), which is what Gmail,
 * Outlook and Apple Calendar show as an invitation with the attendee's own answer, and a later
 * REQUEST with the same UID (the agreed start time) updates the entry in place. RFC 5546 allows no
 * ATTENDEE in a PUBLISH. The Content-Type of the attachment must name the same method.
 */
export const calendarMethod = ICalCalendarMethod.REQUEST

/**
 * An iCalendar file for a requested slot: the whole window ('morning' is 9:00-12:00) in
 * America/Chicago with its VTIMEZONE, TENTATIVE until the agency confirms the exact time.
 */
export function consultationIcs(event: ConsultationEvent): string {
  const { start, end } = slotInterval(event.date, event.timeSlot)
  const calendar = ical({
    prodId: { company: event.organizer.name, product: 'Consultation', language: 'EN' },
    method: calendarMethod,
    // The zone on the event only: set on the calendar, ical-generator also writes DTSTAMP in it, without
    // the Z that RFC 5545 requires there. The generator adds the event's VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
  })
  calendar.createEvent({
    id: event.uid,
    sequence: 0,
    stamp: event.stamp ?? new Date(),
    start,
    end,
    timezone: consultationZone,
    status: ICalEventStatus.TENTATIVE,
    summary: event.summary,
    description: event.description,
    organizer: { name: quotable(event.organizer.name), email: event.organizer.email },
    attendees: [
      {
        name: quotable(event.attendee.name),
        email: event.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        // The visitor asked for this slot: their calendar need not mail an answer to the agency.
        rsvp: false,
      },
    ],
  })
  return calendar.toString()
}

// A CN parameter is quoted and may hold neither a line break nor a double quote (RFC 5545 §3.1).
function quotable(name: string): string {
  return singleLine(name).replace(/"/g, "'")
}
