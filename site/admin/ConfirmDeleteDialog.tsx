import { ConfirmDialog, type ConfirmDialogProps } from '../ui/confirm-dialog'
import type { ShellLabels } from './labels'

type ConfirmDeleteDialogProps = Omit<ConfirmDialogProps, 'labels' | 'tone' | 'children'> & {
  labels: Pick<ShellLabels, 'delete' | 'cancel' | 'deleting' | 'deleteFailed'>
}

/** "Delete this …?" with Cancel and Delete; stays open while the delete runs, and says so if it failed. */
export function ConfirmDeleteDialog({ labels, ...props }: ConfirmDeleteDialogProps) {
  return <ConfirmDialog {...props} labels={{ confirm: labels.delete, pending: labels.deleting, cancel: labels.cancel, failed: labels.deleteFailed }} />
}
