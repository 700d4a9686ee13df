import { useEffect, useRef, useState } from 'react'
import { TextWithEmail } from '../../components/TextWithEmail'
import { format, type UiStrings } from '../../content/ui'
import { ApiError } from '../../forms/api'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CancelMeeting } from './CancelMeeting'
import { RescheduleForm } from './RescheduleForm'
import { linkRefused, useMeetingLink } from './useMeetingLink'
import { formatMeeting } from '../../../contract/booking/booking'
import { MeetingWhen } from '../../components/MeetingWhen'

export type MeetingLinkPageProps = {
  action: 'cancel' | 'reschedule'
  labels: UiStrings['meeting']
  /** The agency's address, offered when the link is not valid. */
  email: string
  /** Where a cancelled consultation can be booked again. */
  bookHref: string
}

type Outcome = { kind: 'cancelled' } | { kind: 'moved'; text: string }

const answerFocus = 'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2'

/**
 * The page an email's cancel or reschedule link opens (`?token=…`): it shows the meeting, and acts
 * only when the visitor presses the button (mail scanners open links too).
 */
export default function MeetingLinkPage({ action, labels, email, bookHref }: MeetingLinkPageProps) {
  const link = useMeetingLink()
  const [outcome, setOutcome] = useState<Outcome>()
  const [sending, setSending] = useState(false)
  const [failed, setFailed] = useState(false)
  const result = useRef<HTMLDivElement>(null)
  // Set when an action was refused and the meeting read again: what became of it then takes the focus.
  const [reread, setReread] = useState(false)
  const note = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (outcome || link.status === 'invalid') result.current?.focus()
  }, [outcome, link.status])

  useEffect(() => {
    if (reread && link.view) note.current?.focus()
  }, [reread, link.view])

  const run = async (change: Parameters<typeof link.act>[0]): Promise<'done' | 'refused'> => {
    setSending(true)
    setFailed(false)
    try {
      const answer = await link.act(change)
      setOutcome(action === 'cancel' ? { kind: 'cancelled' } : { kind: 'moved', text: format(labels.rescheduled, { meeting: formatMeeting(answer.meeting) }) })
      return 'done'
    } catch (error) {
      // The link no longer changes the meeting (used, or the meeting has begun): what it is now is read
      // again, so the page says what became of it, or that the link is not valid.
      if (linkRefused(error) || (error instanceof ApiError && error.status === 409)) {
        setReread(true)
        link.reload()
      } else if (error instanceof ApiError && error.status === 400) {
        // The window filled up meanwhile: what is free is read again, and the visitor chooses again.
        link.reload()
        return 'refused'
      } else setFailed(true)
      return 'done'
    } finally {
      setSending(false)
    }
  }

  const status = (
    // Present (empty) from the start so that screen readers announce the outcome when it appears.
    <div role="status">
      {outcome && (
        <Alert ref={result} tabIndex={-1} variant="success" size="md" role="none" className={answerFocus}>
          {outcome.kind === 'cancelled' ? labels.cancelled : outcome.text}
        </Alert>
      )}
    </div>
  )

  if (link.status === 'invalid') {
    return (
      <>
        {status}
        <Alert ref={result} tabIndex={-1} size="md" className={answerFocus}>
          <TextWithEmail template={labels.invalid} email={email} />
        </Alert>
      </>
    )
  }
  if (link.status === 'failed') {
    return (
      <>
        {status}
        <Alert size="md">{labels.failure}</Alert>
        <Button type="button" onClick={link.reload} variant="primary" className="mt-6">
          {labels.tryAgain}
        </Button>
      </>
    )
  }
  if (link.status === 'loading' || !link.view) {
    return (
      <>
        {status}
        <p className="text-muted-foreground">{link.hydrated ? labels.loading : ''}</p>
      </>
    )
  }

  const { meeting, availability, changeable } = link.view
  const cancelled = meeting.state === 'cancelled'
  // Held, a no-show or begun: it happened (or was missed); the links no longer change it.
  const closed = !cancelled && !changeable
  return (
    <div className="space-y-6">
      {status}
      <dl className="rounded-xl bg-muted px-5 py-4 ring-1 ring-border">
        <dt className="text-sm font-medium text-muted-foreground">{labels.current}</dt>
        <dd className="mt-1">
          <MeetingWhen
            meeting={meeting}
            visitorZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
            localLabel={labels.localTime}
            struck={cancelled}
            className="text-lg font-semibold text-brand-900"
            localClassName="text-sm text-body"
          />
        </dd>
      </dl>
      {cancelled && outcome?.kind !== 'cancelled' && (
        <Alert ref={note} tabIndex={-1} size="md" variant="destructive" role="none" className={answerFocus}>
          {labels.alreadyCancelled}
        </Alert>
      )}
      {cancelled && (
        <Button asChild variant="outline">
          <a href={bookHref} data-consultation="">
            {labels.bookAgain}
          </a>
        </Button>
      )}
      {closed && (
        <Alert ref={note} tabIndex={-1} size="md" variant="destructive" role="none" className={answerFocus}>
          <TextWithEmail template={labels.closed} email={email} />
        </Alert>
      )}
      {failed && action === 'reschedule' && <Alert size="md">{labels.failure}</Alert>}
      {!cancelled && !closed && action === 'cancel' && !outcome && (
        <CancelMeeting meeting={meeting} labels={labels} sending={sending} failed={failed} onConfirm={(reason) => run({ reason })} />
      )}
      {!cancelled && !closed && action === 'reschedule' && (
        <RescheduleForm
          key={meeting.start}
          days={availability.days}
          labels={labels}
          email={email}
          sending={sending}
          onSubmit={(date, timeSlot) => run({ move: { date, timeSlot } })}
        />
      )}
    </div>
  )
}
