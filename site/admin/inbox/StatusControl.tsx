import { useId, useState } from 'react'
import { format } from '../../content/ui'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { InboxLabels } from '../labels'
import { inboxStatuses } from '../../../contract/wire/inbox'
import { formatDateTime } from '../list/formatting'
import { changedBy } from '../changedBy'
import { useUpdateRecord } from '../records'
import { statusLabel } from './statusLabels'
import { StatusBadge } from './StatusBadge'
import type { InboxEndpoints } from '../../../contract/wire/adminApi'
import type { InboxChange, InboxStatus } from '../../../contract/wire/inbox'
import { formatMeeting } from '../../../contract/booking/booking'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { meetingAhead } from './leadMeeting'
import type { InboxViewBase } from '../../../contract/wire/records'

type StatusControlProps = { endpoints: InboxEndpoints<InboxViewBase>; record: InboxViewBase; labels: InboxLabels; announce: (text: string) => void }

/** New, Contacted, Closed or Spam, saved with its time (Closed asks whether the meeting ahead goes too); the history lists every change, newest first. */
export function StatusControl({ endpoints, record, labels, announce }: StatusControlProps) {
  const id = useId()
  const update = useUpdateRecord(endpoints, record.id)
  const [chosen, setChosen] = useState(record.status)
  // The record changed (saved, or reloaded): the choice follows it.
  const [saved, setSaved] = useState(record.status)
  if (saved !== record.status) {
    setSaved(record.status)
    setChosen(record.status)
  }

  // Closing a lead with a meeting ahead asks first whether the meeting goes too; Spam always cancels it (the service's rule).
  const ahead = meetingAhead(record)
  const [asking, setAsking] = useState(false)
  const commit = (change: InboxChange & { status: InboxStatus }) =>
    update.mutate(change, {
      onSuccess: (saved) => {
        setAsking(false)
        const words = saved.statusHistory.at(-1)?.meetingCancelled ? labels.statusChangedMeeting : labels.statusChanged
        announce(format(words, { status: statusLabel(change.status, labels) }))
      },
    })
  const save = (event: React.FormEvent) => {
    event.preventDefault()
    if (chosen === record.status || update.isPending) return
    if (chosen === 'closed' && ahead) {
      update.reset()
      setAsking(true)
      return
    }
    commit({ status: chosen })
  }

  return (
    <section className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <form onSubmit={save}>
        <fieldset>
          <legend className="text-lg font-semibold text-brand-900">{labels.statusLabel}</legend>
          <div className="mt-3 space-y-2">
            {inboxStatuses.map((status) => (
              <label key={status} className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-emphasis hover:bg-muted">
                <input
                  type="radio"
                  name={`${id}-status`}
                  value={status}
                  checked={chosen === status}
                  onChange={() => setChosen(status)}
                  aria-describedby={status === 'spam' && ahead ? `${id}-spam-hint` : undefined}
                  className="h-4 w-4 accent-primary-strong"
                />
                {statusLabel(status, labels)}
              </label>
            ))}
          </div>
          {ahead && (
            <p id={`${id}-spam-hint`} className="mt-2 text-sm text-muted-foreground">
              {labels.spamCancelsMeeting}
            </p>
          )}
        </fieldset>
        {update.isError && !asking && <Alert className="mt-3">{labels.saveFailed}</Alert>}
        <Button type="submit" aria-disabled={update.isPending} variant="primary" size="sm" className="mt-4">
          {update.isPending ? labels.savingStatus : labels.saveStatus}
        </Button>
      </form>
      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{labels.history}</h3>
      <ol className="mt-2 space-y-2 text-sm">
        {[...record.statusHistory].reverse().map((entry) => (
          <li key={`${entry.at}-${entry.status}`} className="flex flex-wrap items-center gap-2">
            <StatusBadge status={entry.status} labels={labels} />
            <time dateTime={entry.at} className="text-body">
              {formatDateTime(entry.at, 'long')}
            </time>
            {entry.by && <span className="text-body">{changedBy(entry.by, record.names, labels.changedBy)}</span>}
            {entry.meetingCancelled && <span className="text-body">{labels.historyMeetingCancelled}</span>}
          </li>
        ))}
      </ol>
      {ahead && (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          title={labels.closeMeetingTitle}
          description={format(labels.closeMeetingText, { time: formatMeeting(ahead) })}
          labels={{ confirm: labels.closeAndCancel, pending: labels.closing, cancel: labels.closeBack, failed: labels.saveFailed }}
          onConfirm={() => commit({ status: 'closed', cancelMeeting: true })}
          pending={update.isPending}
          failed={update.isError}
        >
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-4"
            aria-disabled={update.isPending}
            onClick={() => update.isPending || commit({ status: 'closed', cancelMeeting: false })}
          >
            {labels.closeAndKeep}
          </Button>
        </ConfirmDialog>
      )}
    </section>
  )
}
