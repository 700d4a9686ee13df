import { formatMeeting, meetingStateLabels, type Meeting, type MeetingState } from '../../contract/booking/booking.js'
import { consultationServices, labelOf } from '../../contract/forms/options.js'
import { urls } from '../../contract/wire/urls.js'
import type { BookedConsultation } from '../store/meetings.js'
import type { EmailRecord } from '../store/records.js'
import {
  addToCalendar,
  meetingAttachment,
  meetingLinks,
  person,
  placeOf,
  recordUrl,
  toAgency,
  toVisitor,
  visitorTime,
  type EmailContext,
  type OutgoingEmail,
} from './messages.js'
import { renderEmail, singleLine } from './render.js'

const afterQueued: Partial<Record<MeetingState, string>> = {
  cancelled: 'Not sent: the meeting was cancelled after this email was queued',
  held: 'Not sent: the meeting was marked held after this email was queued',
  'no-show': 'Not sent: the meeting was marked a no-show after this email was queued',
}

/**
 * Why an email of `kind` no longer fits `meeting`, or null: an update or a reminder of a meeting since
 * cancelled, held or a no-show is pointless (and the admin is not offered to send it again).
 */
export function supersededBecause(kind: string, meeting: Pick<Meeting, 'state'>): string | null {
  return kind === 'meeting-update' || kind === 'meeting-reminder' ? (afterQueued[meeting.state] ?? null) : null
}

/** An email that no longer fits its meeting (an update of a meeting since cancelled): not sent. */
export interface Superseded {
  superseded: string
}

const origin = (url: string) => url.replace(/\/+$/, '')

/** A later email of a meeting (its own Message-ID: a meeting moved twice sends two updates), from the meeting as it is now. */
export type MeetingEmail = (email: EmailRecord, record: BookedConsultation, context: EmailContext) => OutgoingEmail | Superseded

/** What a meeting's emails say of it: the visitor's emails also give their own time; the agency's Central time only. */
function meetingValues(email: EmailRecord, record: BookedConsultation, context: EmailContext) {
  const { meeting } = record
  const visitor = person(record.contactName, record.email)
  const shared = {
    contactName: visitor.name,
    businessName: singleLine(record.businessName),
    service: labelOf(consultationServices, record.serviceInterest),
    meeting: formatMeeting(meeting),
  }
  return {
    visitor,
    shared,
    toThem: { ...shared, meeting: `${shared.meeting}${visitorTime(meeting, record.timeZone)}`, place: placeOf(record, meeting, context).text },
    own: (message: OutgoingEmail): OutgoingEmail => ({ ...message, messageId: `<${email.id}@${context.messageIdDomain}>` }),
  }
}

/** The reminder before the meeting, with its links; not sent once the meeting is cancelled, held or a no-show. */
export const meetingReminder: MeetingEmail = (email, record, context) => {
  const why = supersededBecause(email.kind, record.meeting)
  if (why) return { superseded: why }
  const { visitor, toThem, own } = meetingValues(email, record, context)
  const rendered = renderEmail(context.templates, 'meeting-reminder', { ...toThem, ...meetingLinks(context, record.meeting) })
  return own(toVisitor(context, record.id, 'meeting-reminder', rendered, visitor))
}

/** The updated invitation of a moved meeting, with the agency's line of that move (none when the visitor moved it since). */
export const meetingUpdate: MeetingEmail = (email, record, context) => {
  const { meeting } = record
  const why = supersededBecause(email.kind, meeting)
  if (why) return { superseded: why }
  const { visitor, toThem, own } = meetingValues(email, record, context)
  const message = meeting.history.at(-1)?.state === 'moved' ? (meeting.history.at(-1)?.message ?? '') : ''
  const rendered = renderEmail(context.templates, 'meeting-update', {
    ...toThem,
    ...meetingLinks(context, meeting),
    message,
    ...addToCalendar(record, meeting, context),
  })
  return { ...own(toVisitor(context, record.id, 'meeting-update', rendered, visitor)), attachments: [meetingAttachment(record, meeting, context)] }
}

/** The cancellation (METHOD:CANCEL), with the agency's line, and where to book again. */
export const meetingCancellation: MeetingEmail = (email, record, context) => {
  const { meeting } = record
  const { visitor, shared, toThem, own } = meetingValues(email, record, context)
  const message = [...meeting.history].reverse().find((change) => change.state === 'cancelled')?.message ?? ''
  const rendered = renderEmail(context.templates, 'meeting-cancellation', {
    ...shared,
    meeting: toThem.meeting,
    message,
    bookUrl: `${origin(context.siteUrl)}${urls.consultation}/`,
  })
  return { ...own(toVisitor(context, record.id, 'meeting-cancellation', rendered, visitor)), attachments: [meetingAttachment(record, meeting, context)] }
}

/** To the agency: what became of the meeting (booked by its hold link, moved, cancelled), the time before, the reason given. */
export const meetingNotice: MeetingEmail = (email, record, context) => {
  const { meeting } = record
  const { visitor, shared, toThem, own } = meetingValues(email, record, context)
  const last = meeting.history.at(-1)
  const before = previousStart(meeting)
  const rendered = renderEmail(context.templates, 'meeting-notice', {
    ...shared,
    place: toThem.place,
    reason: last?.state === 'cancelled' && last.reason ? last.reason : '—',
    change: meetingStateLabels[last?.state ?? meeting.state].toLowerCase(),
    previous: before
      ? formatMeeting({ start: before, end: new Date(Date.parse(before) + Date.parse(meeting.end) - Date.parse(meeting.start)).toISOString() })
      : '—',
    recordUrl: recordUrl(context, 'consultations', record.id),
  })
  return { ...own(toAgency(context, record.id, 'meeting-notice', rendered)), replyTo: visitor }
}

/** The start before the latest change, when the latest change moved the meeting. */
function previousStart(meeting: Meeting): string | undefined {
  const starts = meeting.history.filter((change) => change.start !== undefined).map((change) => change.start!)
  return meeting.history.at(-1)?.start !== undefined ? starts.at(-2) : undefined
}
