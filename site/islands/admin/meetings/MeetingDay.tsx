import { useId } from 'react'
import { formatDay, type BookingSettings } from '../../../../contract/booking'
import type { AdminMeeting } from '../../../../contract/meetingApi'
import { format } from '../../../content/ui'
import { ListTable } from '../inbox/ListTable'
import type { MeetingLabels } from '../labels'
import { MeetingRow } from './MeetingRow'

type MeetingDayProps = {
  /** YYYY-MM-DD in Dallas. */
  date: string
  meetings: AdminMeeting[]
  /** Every meeting of the agenda: which starts are free to move to. */
  all: AdminMeeting[]
  booking: BookingSettings
  closedDays: readonly string[]
  labels: MeetingLabels
  announce: (text: string) => void
}

/** One day of the agenda: its heading and a table of its meetings. */
export function MeetingDay({ date, meetings, all, booking, closedDays, labels, announce }: MeetingDayProps) {
  const id = useId()
  const day = formatDay(date)
  return (
    <section aria-labelledby={`${id}-day`} className="space-y-3">
      <h3 id={`${id}-day`} className="text-lg font-semibold text-brand-900">
        <time dateTime={date}>{day}</time>
      </h3>
      <ListTable
        caption={format(labels.dayLabel, { day })}
        headers={[labels.time, labels.business, labels.name, labels.service, labels.state, labels.actions]}
        minWidth="min-w-[56rem]"
      >
        {meetings.map((meeting) => (
          <MeetingRow key={meeting.id} meeting={meeting} all={all} booking={booking} closedDays={closedDays} labels={labels} announce={announce} />
        ))}
      </ListTable>
    </section>
  )
}
