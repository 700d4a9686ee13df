import { visitorMayChange } from '../../../contract/booking/booking'
import type { RecordMeeting } from '../../../contract/wire/meetingApi'
import type { InboxViewBase } from '../../../contract/wire/records'

/** A consultation request's meeting (a contact message has none). */
export const meetingOf = (record: InboxViewBase): RecordMeeting | undefined => (record as { meeting?: RecordMeeting }).meeting

/** The meeting a status change may cancel: booked or moved, not yet begun (the service's own rule, contract/booking/booking.ts). */
export function meetingAhead(record: InboxViewBase, now = new Date()): RecordMeeting | undefined {
  const meeting = meetingOf(record)
  return meeting && visitorMayChange(meeting, now) ? meeting : undefined
}
