import type { UseMutationResult } from '@tanstack/react-query'
import type { AdminMeeting, AdminMeetingChanged } from '../../../contract/wire/meetingApi'
import { format } from '../../content/ui'
import type { MeetingLabels } from '../labels'
import { CancelMeetingDialog } from './CancelMeetingDialog'
import type { MeetingChange } from './meetingQueries'
import { MoveMeetingDialog } from './MoveMeetingDialog'

export type MeetingDialog = 'move' | 'cancel' | null

type MeetingChangeDialogsProps = {
  /** Which one is open. */
  dialog: MeetingDialog
  onDialogChange: (dialog: MeetingDialog) => void
  meeting: AdminMeeting
  labels: MeetingLabels
  change: UseMutationResult<AdminMeetingChanged, Error, MeetingChange>
  /** Whose meeting, for what is announced once it moved or was cancelled. */
  name: string
  announce: (message: string) => void
}

/** The agenda's and the record's Move and Cancel dialogs: each closes when done and announces what changed. */
export function MeetingChangeDialogs({ dialog, onDialogChange, meeting, labels, change, name, announce }: MeetingChangeDialogsProps) {
  return (
    <>
      <MoveMeetingDialog
        open={dialog === 'move'}
        onOpenChange={(next) => onDialogChange(next ? 'move' : null)}
        meeting={meeting}
        labels={labels}
        change={change}
        onMoved={(time) => {
          onDialogChange(null)
          announce(format(labels.moved, { name, time }))
        }}
      />
      <CancelMeetingDialog
        open={dialog === 'cancel'}
        onOpenChange={(next) => onDialogChange(next ? 'cancel' : null)}
        meeting={meeting}
        labels={labels}
        change={change}
        onCancelled={() => {
          onDialogChange(null)
          announce(format(labels.cancelled, { name }))
        }}
      />
    </>
  )
}
