import { bookingZoneLabel, formatMeeting, meetingStateLabels, type MeetingState } from '../../../contract/booking/booking'

/**
 * A meeting's day and hours apart, as the agenda shows them (the zone is named once, in its heading):
 * { day: 'Wednesday, November 25', hours: '9:30–10:00 AM' }.
 */
export function meetingParts(meeting: { start: string; end: string }) {
  const [day = '', rest = ''] = formatMeeting(meeting).split(' · ')
  return { day, hours: rest.replace(` ${bookingZoneLabel}`, '') }
}

export const stateLabel = (state: MeetingState) => meetingStateLabels[state]
