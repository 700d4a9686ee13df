import { useId, useState } from 'react'
import { formatMeeting } from '../../../contract/booking/booking'
import { cancelReasonMaxLength, type MeetingView } from '../../../contract/wire/meetingApi'
import { format, type UiStrings } from '../../content/ui'
import { TextAreaField } from '../../forms/fields'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'

type CancelMeetingProps = {
  meeting: MeetingView['meeting']
  labels: UiStrings['meeting']
  sending: boolean
  failed: boolean
  onConfirm: (reason: string) => Promise<unknown>
}

/**
 * The cancel button, and the question it asks before anything happens: the meeting, an optional reason
 * (for the agency only) and the choice to keep it. Escape or Keep closes the question and changes nothing.
 */
export function CancelMeeting({ meeting, labels, sending, failed, onConfirm }: CancelMeetingProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)} variant="destructive" size="lg" className="w-full sm:w-auto">
        {labels.cancelConfirm}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={labels.cancelQuestion}
        description={format(labels.cancelQuestionText, { meeting: formatMeeting(meeting) })}
        labels={{ confirm: labels.cancelFinal, pending: labels.cancelling, cancel: labels.keep, failed: labels.failure }}
        // Done, the page shows the outcome in place of this component; refused or failed, the question stays.
        onConfirm={() => void onConfirm(reason)}
        pending={sending}
        failed={failed}
      >
        <TextAreaField
          id={`${id}-reason`}
          label={labels.cancelReason}
          required={false}
          hint={labels.cancelReasonHint}
          rows={3}
          maxLength={cancelReasonMaxLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          shellClassName="mt-4"
        />
      </ConfirmDialog>
    </>
  )
}
