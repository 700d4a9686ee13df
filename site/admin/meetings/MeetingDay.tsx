import { useId } from 'react'
import { formatDay } from '../../../contract/booking/booking'
import type { AdminMeeting } from '../../../contract/wire/meetingApi'
import type { MeetingLabels } from '../labels'
import { MeetingRow } from './MeetingRow'

type MeetingDayProps = {
  /** YYYY-MM-DD in Dallas. */
  date: string
  meetings: AdminMeeting[]
  labels: MeetingLabels
  announce: (text: string) => void
}

/** One day of the agenda: its heading and its meetings, a row each on a wide screen, stacked on a phone. */
export function MeetingDay({ date, meetings, labels, announce }: MeetingDayProps) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-day`} className="space-y-3">
      <h3 id={`${id}-day`} className="text-lg font-semibold text-brand-900">
        <time dateTime={date}>{formatDay(date)}</time>
      </h3>
      <ul aria-labelledby={`${id}-day`} className="divide-y divide-divider rounded-xl bg-card shadow-sm ring-1 ring-border">
        {meetings.map((meeting) => (
          <MeetingRow key={meeting.id} meeting={meeting} labels={labels} announce={announce} />
        ))}
      </ul>
    </section>
  )
}
