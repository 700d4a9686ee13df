import { bookingZoneLabel, formatMeeting, type MeetingState } from '../../../contract/booking/booking'
import { meetingStateWords } from '../../../contract/content/stateWords'
import type { MeetingStateLabels } from '../labels'

/**
 * A meeting's day and hours apart, as the agenda shows them (the zone is named once, in its heading):
 * { day: 'Wednesday, November 25', hours: '9:30–10:00 AM' }.
 */
export function meetingParts(meeting: { start: string; end: string }) {
  const [day = '', rest = ''] = formatMeeting(meeting).split(' · ')
  return { day, hours: rest.replace(` ${bookingZoneLabel}`, '') }
}

/** 'no-show' -> labels.stateNoShow ("No-show", content/ui.json). */
export const stateLabel = (state: MeetingState, labels: MeetingStateLabels) => labels[meetingStateWords[state]]
