import type { MeetingState } from '../booking/booking.js'
import type { InboxStatus } from '../wire/inbox.js'

// The key of content/ui.json's word for each lead status (adminInbox) and meeting state (adminMeetings):
// the admin screens and the CSV say the same word, and an editor changes it in one place.

export const statusWords = { new: 'statusNew', contacted: 'statusContacted', closed: 'statusClosed', spam: 'statusSpam' } as const satisfies Record<
  InboxStatus,
  string
>

export const meetingStateWords = {
  booked: 'stateBooked',
  moved: 'stateMoved',
  cancelled: 'stateCancelled',
  held: 'stateHeld',
  'no-show': 'stateNoShow',
} as const satisfies Record<MeetingState, string>
