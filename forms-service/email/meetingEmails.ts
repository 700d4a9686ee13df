import { formatMeeting, meetingStateLabels, type Meeting } from '../../contract/booking/booking.js'
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

/** An email that no longer fits its meeting (an update of a meeting since cancelled): not sent. */
export interface Superseded {
  superseded: string
}

const origin = (url: string) => url.replace(/\/+$/, '')

/**
 * A later email of a meeting, rendered from the meeting as it is now: the update (with the updated
 * invitation), the cancellation (METHOD:CANCEL), the reminder, the notice to the agency. Each has a
 * Message-ID of its own (a meeting moved twice sends two updates).
 */
export function meetingEmail(email: EmailRecord, record: BookedConsultation, context: EmailContext): OutgoingEmail | Superseded {
  const { templates } = context
  const { meeting } = record
  const visitor = person(record.contactName, record.email)
  const shared = {
    contactName: visitor.name,
    businessName: singleLine(record.businessName),
    service: labelOf(consultationServices, record.serviceInterest),
    meeting: formatMeeting(meeting),
  }
  // The visitor's emails also give their own time; the agency's give Central time only.
  const toThem = { ...shared, meeting: `${shared.meeting}${visitorTime(meeting, record.timeZone)}`, place: placeOf(record, meeting, context).text }
  const cancelled = meeting.state === 'cancelled'
  const own = (message: OutgoingEmail): OutgoingEmail => ({ ...message, messageId: `<${email.id}@${context.messageIdDomain}>` })
  switch (email.kind) {
    case 'meeting-update':
    case 'meeting-reminder': {
      if (cancelled || meeting.state === 'held' || meeting.state === 'no-show') return { superseded: `The meeting is ${meeting.state} since` }
      const links = meetingLinks(context, meeting)
      if (email.kind === 'meeting-reminder')
        return own(toVisitor(context, record.id, email.kind, renderEmail(templates, email.kind, { ...toThem, ...links }), visitor))
      const rendered = renderEmail(templates, email.kind, { ...toThem, ...links, ...addToCalendar(record, meeting, context) })
      return { ...own(toVisitor(context, record.id, email.kind, rendered, visitor)), attachments: [meetingAttachment(record, meeting, context)] }
    }
    case 'meeting-cancellation': {
      const message = [...meeting.history].reverse().find((change) => change.state === 'cancelled')?.message ?? ''
      const rendered = renderEmail(templates, 'meeting-cancellation', {
        ...shared,
        meeting: toThem.meeting,
        message,
        bookUrl: `${origin(context.siteUrl)}${urls.consultation}/`,
      })
      return { ...own(toVisitor(context, record.id, 'meeting-cancellation', rendered, visitor)), attachments: [meetingAttachment(record, meeting, context)] }
    }
    case 'meeting-notice': {
      const last = meeting.history.at(-1)
      const before = previousStart(meeting)
      const rendered = renderEmail(templates, 'meeting-notice', {
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
    default:
      throw new Error(`A consultation has no email "${email.kind}"`)
  }
}

/** The start before the latest change, when the latest change moved the meeting. */
function previousStart(meeting: Meeting): string | undefined {
  const starts = meeting.history.filter((change) => change.start !== undefined).map((change) => change.start!)
  return meeting.history.at(-1)?.start !== undefined ? starts.at(-2) : undefined
}
