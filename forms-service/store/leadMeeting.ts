import { visitorMayChange, type Meeting } from '../../contract/booking/booking.js'
import type { InboxChange } from '../../contract/wire/inbox.js'
import type { ChangedBy, StatusChange, Triage } from '../../contract/wire/records.js'
import { noEmails, type LeadFollow } from './inboxStore.js'
import type { MeetingChangeRequest } from './meetings.js'

// A meeting follows its lead. Pure: each store reads the lead in its transaction (or its one writer),
// asks this what becomes of the meeting, and writes the status and the meeting in one commit.

/**
 * The cancellation a status change brings to the lead's meeting, or null. Spam cancels a meeting that is
 * still ahead and changeable, and tells nobody: a spam address gets no email, and the agency made the
 * change itself. Closed cancels it only with `cancelMeeting: true`, and the visitor is told as with any
 * cancellation by the agency. A meeting already begun, held or cancelled is left as it is.
 */
export function meetingFollowingLead(
  lead: { meeting?: Meeting | undefined },
  change: InboxChange & ChangedBy,
  now: Date,
  follow: LeadFollow | undefined,
): MeetingChangeRequest | null {
  const { meeting } = lead
  if (!meeting || !visitorMayChange(meeting, now)) return null
  const by = change.by ? { by: change.by } : {}
  if (change.status === 'spam') return { meetingId: meeting.id, action: 'cancel', lead: 'spam', emails: noEmails, ...by }
  if (change.status === 'closed' && change.cancelMeeting === true) {
    return { meetingId: meeting.id, action: 'cancel', lead: 'closed', emails: follow?.cancelledEmails ?? noEmails, ...by }
  }
  return null
}

/** The triage fields with the status change's line saying the meeting went with it. */
export function withMeetingCancelled(set: Partial<Triage>, cancelled: boolean): Partial<Triage> {
  if (!cancelled || !set.statusChanges) return set
  const changes = [...set.statusChanges]
  const last: StatusChange = { ...changes.at(-1)!, meetingCancelled: true }
  changes[changes.length - 1] = last
  return { ...set, statusChanges: changes }
}
