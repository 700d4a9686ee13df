import { useRef } from 'react'
import { Alert } from '../../ui/alert'
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from '../../ui/alert-dialog'
import { Button } from '../../ui/button'
import type { ShellLabels } from './labels'

type ConfirmDeleteDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  labels: Pick<ShellLabels, 'delete' | 'cancel' | 'deleting' | 'deleteFailed'>
  onConfirm: () => void
  pending: boolean
  failed: boolean
  /** Where focus goes when the button that opened the dialog is gone (its record deleted); by default the screen decides. */
  fallbackFocus?: () => HTMLElement | null
}

/** "Delete this …?" with Cancel and Delete; stays open while the delete runs, and says so if it failed. */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, labels, onConfirm, pending, failed, fallbackFocus }: ConfirmDeleteDialogProps) {
  // Radix returns focus only to its own Trigger; these dialogs are opened by any button of a screen.
  const opener = useRef<HTMLElement | null>(null)
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }
  const returnFocus = (event: Event) => {
    event.preventDefault()
    const target = opener.current?.isConnected ? opener.current : fallbackFocus?.()
    target?.focus()
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => pending || onOpenChange(next)}>
      <AlertDialogContent onOpenAutoFocus={rememberOpener} onCloseAutoFocus={returnFocus}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {failed && <Alert className="mt-4">{labels.deleteFailed}</Alert>}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" size="sm">
              {labels.cancel}
            </Button>
          </AlertDialogCancel>
          {/* aria-disabled, not disabled: a disabled button drops focus to <body>. */}
          <Button type="button" aria-disabled={pending} onClick={() => pending || onConfirm()} variant="destructive" size="sm">
            {pending ? labels.deleting : labels.delete}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
