import { useRef, type ReactNode } from 'react'
import { Alert } from './alert'
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from './alert-dialog'
import { Button } from './button'

export type ConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  /** The confirming button, its label while the action runs, the dismissing one, and what a failure says. */
  labels: { confirm: string; pending: string; cancel: string; failed: string }
  /** 'destructive' for what cannot be undone (delete, cancel a meeting). */
  tone?: 'destructive' | 'primary'
  onConfirm: () => void
  pending: boolean
  failed: boolean
  /** Where focus goes when the button that opened the dialog is gone (its record deleted); by default the screen decides. */
  fallbackFocus?: () => HTMLElement | null
  /** More to fill in before confirming (a line to the visitor). */
  children?: ReactNode
}

/** A question with Cancel and the action; stays open while the action runs, and says so if it failed. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  labels,
  tone = 'destructive',
  onConfirm,
  pending,
  failed,
  fallbackFocus,
  children,
}: ConfirmDialogProps) {
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
        {children}
        {failed && <Alert className="mt-4">{labels.failed}</Alert>}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" size="sm">
              {labels.cancel}
            </Button>
          </AlertDialogCancel>
          {/* aria-disabled, not disabled: a disabled button drops focus to <body>. */}
          <Button type="button" aria-disabled={pending} onClick={() => pending || onConfirm()} variant={tone} size="sm">
            {pending ? labels.pending : labels.confirm}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
