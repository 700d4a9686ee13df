import { useId } from 'react'
import { formatMeeting } from '../../../contract/booking/booking'
import type { RecordMeeting } from '../../../contract/wire/meetingApi'
import { urls } from '../../../contract/wire/urls'
import { format } from '../../content/ui'
import { formatDateTime } from '../list/formatting'
import type { MeetingLabels } from '../labels'
import { MeetingStateBadge } from './MeetingStateBadge'
import { stateLabel } from './meetingText'

type RequestMeetingProps = { meeting: RecordMeeting | undefined; labels: MeetingLabels }

/** A consultation request's meeting: its time (Central), state, and every change with when it was made. */
export function RequestMeeting({ meeting, labels }: RequestMeetingProps) {
  const id = useId()
  // Every start of a meeting lasts as long as it does now.
  const endOf = (start: string) => (meeting ? new Date(Date.parse(start) + Date.parse(meeting.end) - Date.parse(meeting.start)).toISOString() : start)
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {labels.meeting}
      </h3>
      {!meeting ? (
        <p className="mt-2 text-sm text-muted-foreground">{labels.noMeeting}</p>
      ) : (
        <>
          <p className="mt-3 font-medium text-foreground">
            <time dateTime={meeting.start} className={meeting.state === 'cancelled' ? 'line-through' : undefined}>
              {formatMeeting(meeting)}
            </time>
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-3">
            <MeetingStateBadge state={meeting.state} />
            <a
              href={`${urls.admin.meetings}/`}
              className="text-sm font-semibold text-primary-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {labels.title}
            </a>
          </p>
          <h4 className="mt-5 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{labels.meetingChanges}</h4>
          <ol className="mt-2 space-y-2 text-sm text-body">
            {[...meeting.history].reverse().map((change) => (
              <li key={`${change.at}-${change.state}`}>
                <time dateTime={change.at} className="font-medium text-foreground">
                  {format(labels.changeAt, { state: stateLabel(change.state), at: formatDateTime(change.at, 'long') })}
                </time>
                {change.start && (
                  <span className="block text-muted-foreground">
                    {format(labels.changeStart, { time: formatMeeting({ start: change.start, end: endOf(change.start) }) })}
                  </span>
                )}
                {change.reason && (
                  <span className="block whitespace-pre-wrap break-words text-muted-foreground">{format(labels.changeReason, { reason: change.reason })}</span>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
