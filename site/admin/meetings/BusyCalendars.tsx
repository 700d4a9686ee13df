import { CalendarX2, CircleAlert } from 'lucide-react'
import { useId } from 'react'
import type { BusyCalendarState } from '../../../contract/booking/busyCalendar'
import { format } from '../../content/ui'
import { Alert } from '../../ui/alert'
import { formatDateTime } from '../list/formatting'
import type { MeetingLabels } from '../labels'
import { useBusyCalendars } from './meetingQueries'

const countFormat = new Intl.NumberFormat('en-US')

/** The agency's busy calendars (BUSY_CALENDAR_URLS), each by its host: when it was last read, its busy times, why its last read failed. */
export function BusyCalendars({ labels }: { labels: MeetingLabels }) {
  const id = useId()
  const query = useBusyCalendars(true)
  const calendars = query.data?.calendars
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-900">
        {labels.busyTitle}
      </h2>
      <p className="mt-2 max-w-3xl text-sm leading-6 text-body">{labels.busyText}</p>
      {query.isError && <Alert className="mt-4">{labels.fetchFailed}</Alert>}
      {calendars?.length === 0 && (
        <p className="mt-4 flex max-w-3xl items-start gap-2 text-sm leading-6 text-body">
          <CalendarX2 aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-muted-foreground" />
          {labels.busyNone}
        </p>
      )}
      {calendars && calendars.length > 0 && (
        <ul className="mt-4 space-y-3">
          {calendars.map((calendar, i) => (
            // The list's order is BUSY_CALENDAR_URLS's, and two calendars may share a host.
            // biome-ignore lint/suspicious/noArrayIndexKey: the place in the list is the calendar's identity
            <li key={i} className="rounded-lg border border-border px-4 py-3">
              <p className="font-semibold text-brand-900">{format(labels.busyCalendar, { number: String(i + 1), host: calendar.host })}</p>
              <p className="mt-1 text-sm text-body">{readLine(calendar, labels)}</p>
              {calendar.error && (
                <p className="mt-1 flex items-start gap-2 text-sm font-medium text-destructive-strong">
                  <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  {format(labels.busyFailed, { error: calendar.error })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function readLine(calendar: BusyCalendarState, labels: MeetingLabels): string {
  if (!calendar.lastReadAt) return labels.busyNotRead
  const time = formatDateTime(calendar.lastReadAt)
  return calendar.busyTimes === 1 ? format(labels.busyReadOne, { time }) : format(labels.busyRead, { time, count: countFormat.format(calendar.busyTimes) })
}
