import { useId, useState } from 'react'
import { changeableStates, formatMeeting } from '../../../contract/booking/booking'
import { mayBookAgain, type AdminMeeting, type RecordMeeting } from '../../../contract/wire/meetingApi'
import type { ConsultationView } from '../../../contract/wire/records'
import { urls } from '../../../contract/wire/urls'
import { format } from '../../content/ui'
import { ApiError } from '../../forms/api'
import { Button } from '../../ui/button'
import { formatDateTime } from '../list/formatting'
import { changedBy } from '../changedBy'
import type { MeetingLabels } from '../labels'
import { MeetingStateBadge } from './MeetingStateBadge'
import { useChangeMeeting } from './meetingQueries'
import { stateLabel } from './meetingText'
import { MeetingChangeDialogs, type MeetingDialog } from './MeetingChangeDialogs'

type RequestMeetingProps = {
  /** The request whose meeting this is (its status decides whether Book again is offered). */
  lead: ConsultationView
  labels: MeetingLabels
  announce: (text: string) => void
}

const leadWords = { spam: 'changeLeadSpam', closed: 'changeLeadClosed', rebooked: 'changeLeadRebooked' } as const

/** The agenda's view of a request's meeting, for its Move and Cancel dialogs. */
const agendaMeeting = (lead: ConsultationView, meeting: RecordMeeting): AdminMeeting => ({
  ...meeting,
  requestId: lead.id,
  businessName: lead.businessName,
  contactName: lead.contactName,
  serviceInterest: lead.serviceInterest,
  phone: lead.phone,
  email: lead.email,
})

/**
 * A consultation request's meeting: its time (Central) and state first, Move and Cancel while it is
 * ahead, Book again after Not spam, then every change with when it was made.
 */
export function RequestMeeting({ lead, labels, announce }: RequestMeetingProps) {
  const id = useId()
  const { meeting } = lead
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {labels.meeting}
      </h3>
      {!meeting ? (
        <p className="mt-2 text-sm text-muted-foreground">{labels.noMeeting}</p>
      ) : (
        <MeetingState lead={lead} meeting={meeting} labels={labels} announce={announce} />
      )}
    </section>
  )
}

function MeetingState({ lead, meeting, labels, announce }: RequestMeetingProps & { meeting: RecordMeeting }) {
  const [dialog, setDialog] = useState<MeetingDialog>(null)
  const agenda = agendaMeeting(lead, meeting)
  const change = useChangeMeeting(agenda)
  const name = lead.contactName
  const ahead = Date.parse(meeting.start) > Date.now()
  const changeable = ahead && changeableStates.includes(meeting.state)
  const bookAgain = ahead && mayBookAgain(lead)
  // Every start of a meeting lasts as long as it does now.
  const endOf = (start: string) => new Date(Date.parse(start) + Date.parse(meeting.end) - Date.parse(meeting.start)).toISOString()
  const open = (which: 'move' | 'cancel') => {
    change.reset()
    setDialog(which)
  }
  const taken = change.error instanceof ApiError && change.error.status === 400
  return (
    <>
      <p className="mt-3 text-lg font-semibold text-foreground">
        <time dateTime={meeting.start} className={meeting.state === 'cancelled' ? 'line-through' : undefined}>
          {formatMeeting(meeting)}
        </time>
      </p>
      {/* The state and what can be done about it on one line: on a phone they stay in the record's first screen. */}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <MeetingStateBadge state={meeting.state} labels={labels} />
        {changeable && (
          <>
            <Button type="button" variant="outline" size="sm" onClick={() => open('move')}>
              {labels.move}
            </Button>
            <Button type="button" variant="outlineDestructive" size="sm" onClick={() => open('cancel')}>
              {labels.cancel}
            </Button>
          </>
        )}
        <a
          href={`${urls.admin.meetings}/`}
          className="px-1 text-sm font-semibold text-primary-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {labels.title}
        </a>
      </div>
      {bookAgain && (
        <div className="mt-4">
          <p className="text-sm text-body">{labels.bookAgainText}</p>
          <Button
            type="button"
            variant="primary"
            size="sm"
            className="mt-3"
            aria-disabled={change.isPending}
            onClick={() => change.isPending || change.mutate({ action: 'rebook' }, { onSuccess: () => announce(format(labels.bookedAgain, { name })) })}
          >
            {change.isPending ? labels.bookingAgain : labels.bookAgain}
          </Button>
        </div>
      )}
      {change.isError && !dialog && (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {taken ? labels.bookAgainTaken : labels.actionFailed}
        </p>
      )}
      <h4 className="mt-5 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{labels.meetingChanges}</h4>
      <ol className="mt-2 space-y-2 text-sm text-body">
        {[...meeting.history].reverse().map((entry) => (
          <li key={`${entry.at}-${entry.state}`}>
            <time dateTime={entry.at} className="font-medium text-foreground">
              {format(labels.changeAt, { state: stateLabel(entry.state, labels), at: formatDateTime(entry.at, 'long') })}
            </time>
            {entry.by && <span className="text-muted-foreground"> {changedBy(entry.by, lead.names, labels.changedBy)}</span>}
            {entry.start && (
              <span className="block text-muted-foreground">
                {format(labels.changeStart, { time: formatMeeting({ start: entry.start, end: endOf(entry.start) }) })}
              </span>
            )}
            {entry.lead && <span className="block text-muted-foreground">{labels[leadWords[entry.lead]]}</span>}
            {entry.reason && (
              <span className="block whitespace-pre-wrap break-words text-muted-foreground">{format(labels.changeReason, { reason: entry.reason })}</span>
            )}
          </li>
        ))}
      </ol>
      {changeable && (
        <MeetingChangeDialogs dialog={dialog} onDialogChange={setDialog} meeting={agenda} labels={labels} change={change} name={name} announce={announce} />
      )}
    </>
  )
}
