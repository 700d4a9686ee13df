import type { UseMutationResult } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { formatMeeting } from '../../../contract/booking/booking'
import type { AdminMeeting, AdminMeetingChanged } from '../../../contract/wire/meetingApi'
import { format } from '../../content/ui'
import { TextAreaField } from '../../forms/fields'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import type { MeetingLabels } from '../labels'
import type { MeetingChange } from './meetingQueries'

type CancelMeetingDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  meeting: AdminMeeting
  labels: MeetingLabels
  change: UseMutationResult<AdminMeetingChanged, Error, MeetingChange>
  onCancelled: () => void
}

/** "Cancel the meeting with …?", with a line for the visitor's cancellation email; one confirmation. */
export function CancelMeetingDialog({ open, onOpenChange, meeting, labels, change, onCancelled }: CancelMeetingDialogProps) {
  const id = useId()
  const [message, setMessage] = useState('')
  const name = meeting.contactName
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setMessage('')
        onOpenChange(next)
      }}
      title={format(labels.cancelTitle, { name })}
      description={format(labels.cancelText, { name, time: formatMeeting(meeting) })}
      labels={{ confirm: labels.cancelConfirm, pending: labels.cancelling, cancel: labels.keep, failed: labels.actionFailed }}
      onConfirm={() => change.mutate({ action: 'cancel', message: message.trim() }, { onSuccess: onCancelled })}
      pending={change.isPending}
      failed={change.isError}
    >
      <TextAreaField
        id={`${id}-message`}
        label={labels.cancelMessage}
        required={false}
        hint={labels.cancelMessageHint}
        rows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        shellClassName="mt-4"
      />
    </ConfirmDialog>
  )
}
