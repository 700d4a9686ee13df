import type { ConsultationCreated } from '../../../contract/meetingApi'
import { MeetingWhen, meetingRecapClass as box } from '../../components/MeetingWhen'
import type { UiStrings } from '../../content/ui'
import { consultationRecap } from './consultationRecap'

type MeetingRecapProps = {
  labels: Pick<UiStrings['consultation'], 'successRecap' | 'successLocal'>
  /** What was asked for: the recap when the service's answer names no meeting. */
  values: { date: string; timeSlot: string }
  /** The service's answer to the request: `{ id, meeting: { start, end } }`. */
  answer: unknown
}

const meetingOf = (answer: unknown): ConsultationCreated['meeting'] | null => {
  const meeting = (answer as Partial<ConsultationCreated> | undefined)?.meeting
  return typeof meeting?.start === 'string' && typeof meeting.end === 'string' ? { start: meeting.start, end: meeting.end } : null
}

/**
 * Under the thank-you (shown in the browser only, after the request): the exact time the service
 * gave, and the same in the visitor's own zone when it reads differently there.
 */
export function MeetingRecap({ labels, values, answer }: MeetingRecapProps) {
  const meeting = meetingOf(answer)
  if (!meeting) return <p className={box}>{consultationRecap(labels.successRecap, values.date, values.timeSlot)}</p>
  return (
    <p className={box}>
      <MeetingWhen
        meeting={meeting}
        visitorZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
        localLabel={labels.successLocal}
        localClassName="text-sm font-normal text-body"
      />
    </p>
  )
}
