import type { UseMutationResult } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { formatDay, formatMeeting } from '../../../contract/booking/booking'
import type { AdminMeeting, AdminMeetingChanged } from '../../../contract/wire/meetingApi'
import { format } from '../../content/ui'
import { SelectField, TextAreaField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog'
import type { MeetingLabels } from '../labels'
import { useMeetingStarts, type MeetingChange } from './meetingQueries'
import { meetingParts } from '../../../contract/booking/booking'

type MoveMeetingDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  meeting: AdminMeeting
  labels: MeetingLabels
  change: UseMutationResult<AdminMeetingChanged, Error, MeetingChange>
  /** Moved; `time` is the new start as people read it. */
  onMoved: (time: string) => void
}

/**
 * Another free start for a meeting, chosen from the days a visitor can book, grouped by day: the
 * service's free starts (GET /api/admin/meetings/:id/starts), which count every meeting and the agency's
 * busy calendar.
 */
export function MoveMeetingDialog({ open, onOpenChange, meeting, labels, change, onMoved }: MoveMeetingDialogProps) {
  const id = useId()
  const [start, setStart] = useState('')
  const [missing, setMissing] = useState(false)
  const [message, setMessage] = useState('')
  const starts = useMeetingStarts(meeting, open)
  const length = Date.parse(meeting.end) - Date.parse(meeting.start)
  const endOf = (value: string) => new Date(Date.parse(value) + length).toISOString()
  const groups = (starts.data?.days ?? []).map((day) => ({
    label: formatDay(day.date),
    options: day.starts.map((free) => ({ value: free.start, label: meetingParts({ start: free.start, end: endOf(free.start) }).hours })),
  }))
  const name = meeting.contactName

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (change.isPending) return
    if (!start) return setMissing(true)
    change.mutate({ action: 'move', start, message: message.trim() }, { onSuccess: () => onMoved(formatMeeting({ start, end: endOf(start) })) })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (change.isPending) return
        setStart('')
        setMissing(false)
        setMessage('')
        onOpenChange(next)
      }}
    >
      <DialogContent closeLabel={labels.close}>
        <DialogTitle className="pr-8 text-xl font-bold tracking-tight text-brand-900">{format(labels.moveTitle, { name })}</DialogTitle>
        <DialogDescription className="mt-2 leading-6 text-body">{format(labels.moveText, { name })}</DialogDescription>
        <p className="mt-3 text-sm text-muted-foreground">{formatMeeting(meeting)}</p>
        {starts.isPending ? (
          <p className="mt-4 text-sm text-muted-foreground" role="status">
            {labels.loadingStarts}
          </p>
        ) : groups.length === 0 ? (
          <Alert className="mt-4" role="status">
            {labels.noFreeStarts}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate className="mt-5 space-y-4">
            <SelectField
              id={`${id}-start`}
              label={labels.newStart}
              placeholder={labels.startPlaceholder}
              options={groups}
              value={start}
              error={missing && !start ? labels.startPlaceholder : undefined}
              onChange={(event) => setStart(event.target.value)}
            />
            <TextAreaField
              id={`${id}-message`}
              label={labels.cancelMessage}
              required={false}
              hint={labels.moveMessageHint}
              rows={3}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            {change.isError && <Alert>{labels.actionFailed}</Alert>}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline" size="sm">
                  {labels.keep}
                </Button>
              </DialogClose>
              <Button type="submit" aria-disabled={change.isPending} variant="primary" size="sm">
                {change.isPending ? labels.moving : labels.moveConfirm}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
