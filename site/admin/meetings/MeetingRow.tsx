import { useId, useState } from 'react'
import { changeableStates } from '../../../contract/booking/booking'
import { markChangeableDays, type AdminMeeting } from '../../../contract/wire/meetingApi'
import { consultationServices, labelOf } from '../../../contract/forms/options'
import { format } from '../../content/ui'
import { buttonVariants } from '../../ui/buttonVariants'
import { cn } from '../../ui/cn'
import type { MeetingLabels } from '../labels'
import { recordPath } from '../screens'
import { MeetingStateBadge } from './MeetingStateBadge'
import { meetingParts } from '../../../contract/booking/booking'
import { stateLabel } from './meetingText'
import { useChangeMeeting } from './meetingQueries'
import { MeetingChangeDialogs, type MeetingDialog } from './MeetingChangeDialogs'

type MeetingRowProps = {
  meeting: AdminMeeting
  labels: MeetingLabels
  announce: (text: string) => void
}

const linkClass = 'font-semibold text-primary-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring'

/**
 * A meeting of the agenda. Before it starts it can be moved or cancelled; once started it can be
 * marked held or a no-show, and within a week of its start changed between the two or cleared.
 */
export function MeetingRow({ meeting, labels, announce }: MeetingRowProps) {
  const id = useId()
  const [dialog, setDialog] = useState<MeetingDialog>(null)
  const change = useChangeMeeting(meeting)
  const { hours } = meetingParts(meeting)
  const name = meeting.contactName
  const started = Date.parse(meeting.start) <= Date.now()
  const changeable = changeableStates.includes(meeting.state)
  const marked = meeting.state === 'held' || meeting.state === 'no-show'
  // A mark may be corrected or cleared within a week of the start; the service refuses it after.
  const correctable = marked && Date.now() - Date.parse(meeting.start) <= markChangeableDays * 86_400_000
  const markable = started && (changeable || correctable)
  const mark = (state: 'held' | 'no-show' | 'unmarked') =>
    change.mutate(
      { action: 'state', state },
      {
        onSuccess: () => announce(state === 'unmarked' ? format(labels.unmarked, { name }) : format(labels.marked, { name, state: stateLabel(state, labels) })),
      },
    )
  const open = (which: 'move' | 'cancel') => {
    change.reset()
    setDialog(which)
  }
  const small = buttonVariants({ variant: 'outline', size: 'sm', className: 'px-3 py-1.5' })

  return (
    <li
      className={cn(
        'grid gap-x-6 gap-y-2 px-4 py-4 sm:grid-cols-[8.5rem_minmax(0,1fr)_9rem_6.5rem] sm:items-center lg:grid-cols-[8.5rem_minmax(0,1fr)_10rem_6.5rem_15rem]',
        meeting.state === 'cancelled' && 'text-subtle',
      )}
    >
      <p>
        <time
          dateTime={meeting.start}
          className={cn('whitespace-nowrap font-semibold text-foreground', meeting.state === 'cancelled' && 'font-medium text-subtle line-through')}
        >
          {hours}
        </time>
      </p>
      <div className="min-w-0">
        <a
          href={recordPath('consultations', meeting.requestId)}
          aria-label={format(labels.openRequest, { business: meeting.businessName })}
          className={linkClass}
        >
          {meeting.businessName}
        </a>
        <p id={`${id}-name`} className="text-sm text-muted-foreground">
          {name}
        </p>
      </div>
      <p className="text-sm">{labelOf(consultationServices, meeting.serviceInterest)}</p>
      <p>
        <MeetingStateBadge state={meeting.state} labels={labels} />
      </p>
      <div className="sm:col-span-4 lg:col-span-1">
        <div className="flex flex-wrap gap-2 lg:justify-end">
          {changeable && !started && (
            <>
              <button type="button" onClick={() => open('move')} aria-describedby={`${id}-name`} className={small}>
                {labels.move}
              </button>
              <button
                type="button"
                onClick={() => open('cancel')}
                aria-describedby={`${id}-name`}
                className={buttonVariants({ variant: 'outlineDestructive', size: 'sm', className: 'px-3 py-1.5' })}
              >
                {labels.cancel}
              </button>
            </>
          )}
          {markable && meeting.state !== 'held' && (
            <button
              type="button"
              onClick={() => mark('held')}
              aria-disabled={change.isPending}
              aria-label={format(labels.markHeldFor, { name })}
              className={small}
            >
              {labels.markHeld}
            </button>
          )}
          {correctable && (
            <button
              type="button"
              onClick={() => mark('unmarked')}
              aria-disabled={change.isPending}
              aria-label={format(labels.unmarkFor, { name })}
              className={small}
            >
              {labels.unmark}
            </button>
          )}
          {markable && meeting.state !== 'no-show' && (
            <button
              type="button"
              onClick={() => mark('no-show')}
              aria-disabled={change.isPending}
              aria-label={format(labels.markNoShowFor, { name })}
              className={small}
            >
              {labels.markNoShow}
            </button>
          )}
        </div>
        {change.isError && !dialog && (
          <p role="alert" className="mt-2 text-sm font-medium text-destructive">
            {labels.actionFailed}
          </p>
        )}
      </div>
      <MeetingChangeDialogs dialog={dialog} onDialogChange={setDialog} meeting={meeting} labels={labels} change={change} name={name} announce={announce} />
    </li>
  )
}
