import { addToCalendar } from '../../../contract/booking/calendarFile'
import type { ConsultationCreated } from '../../../contract/wire/meetingApi'
import { AddToCalendar, type AddToCalendarLabels } from '../../components/AddToCalendar'
import { MeetingWhen, meetingRecapClass as box } from '../../components/MeetingWhen'
import { format, type UiStrings } from '../../content/ui'
import { consultationRecap } from './consultationRecap'

export type RecapLabels = Pick<UiStrings['consultation'], 'successRecap' | 'successLocal' | 'calendarTitle'> & AddToCalendarLabels

/** The booked meeting, from the service's answer to the request: `{ id, meeting: { start, end } }`. */
export type BookedMeeting = { id: string; start: string; end: string }

export const bookedMeetingOf = (answer: unknown): BookedMeeting | null => {
  const { id, meeting } = (answer ?? {}) as Partial<ConsultationCreated>
  return typeof meeting?.start === 'string' && typeof meeting.end === 'string'
    ? { id: typeof id === 'string' ? id : '', start: meeting.start, end: meeting.end }
    : null
}

/** The meeting's Add to calendar addresses, made in the browser. */
export function calendarOf(meeting: BookedMeeting, labels: RecapLabels, siteName: string) {
  return addToCalendar({
    ...meeting,
    title: format(labels.calendarTitle, { site: siteName }),
    uid: `${meeting.id || meeting.start}@${location.hostname || 'consultation'}`,
    stamp: new Date(),
  })
}

type MeetingRecapProps = {
  labels: RecapLabels
  /** What was asked for: the recap when the service's answer names no meeting. */
  values: { date: string; timeSlot: string }
  /** The service's answer to the request. */
  answer: unknown
  siteName: string
}

/**
 * Under the thank-you (shown in the browser only, after the request): the exact time the service
 * gave, the same in the visitor's own zone when it reads differently there, and Add to calendar.
 */
export function MeetingRecap({ labels, values, answer, siteName }: MeetingRecapProps) {
  const meeting = bookedMeetingOf(answer)
  if (!meeting) return <p className={box}>{consultationRecap(labels.successRecap, values.date, values.timeSlot)}</p>
  return (
    <>
      <p className={box}>
        <MeetingWhen
          meeting={meeting}
          visitorZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
          localLabel={labels.successLocal}
          localClassName="text-sm font-normal text-body"
        />
      </p>
      <AddToCalendar labels={labels} {...calendarOf(meeting, labels, siteName)} />
    </>
  )
}
