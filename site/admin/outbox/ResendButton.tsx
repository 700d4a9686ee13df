import { RotateCw } from 'lucide-react'
import { useState } from 'react'
import { format } from '../../content/ui'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import type { InboxLabels, ShellLabels } from '../labels'
import { useResendEmail } from './outboxQueries'
import type { EmailView } from '../../../contract/wire/records'

type ResendButtonProps = {
  email: Pick<EmailView, 'id' | 'to'>
  /** Which email, for screen readers and the question: its subject, or what it is. */
  name: string
  /** Not now: the email is queued anyway. */
  disabled: boolean
  /** The email is queued again (the screen says so). */
  onResent: () => void
  labels: Pick<InboxLabels, 'resend' | 'resending' | 'resendNamed' | 'resendTitle' | 'resendText' | 'resendTextUnknown' | 'resendFailed'> &
    Pick<ShellLabels, 'cancel'>
}

/**
 * Resend, after asking: an email to a visitor reaches a real person again. aria-disabled, not disabled:
 * a button pressed from the keyboard keeps focus (and gets it back when the question closes).
 */
export function ResendButton({ email, name, disabled, onResent, labels }: ResendButtonProps) {
  const [open, setOpen] = useState(false)
  const resend = useResendEmail()
  return (
    <>
      <Button
        type="button"
        aria-label={format(labels.resendNamed, { name })}
        aria-disabled={disabled}
        onClick={() => {
          if (disabled) return
          resend.reset()
          setOpen(true)
        }}
        variant="outline"
        size="sm"
      >
        <RotateCw aria-hidden="true" className="h-4 w-4" />
        {resend.isPending ? labels.resending : labels.resend}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={labels.resendTitle}
        description={email.to ? format(labels.resendText, { name, to: email.to }) : format(labels.resendTextUnknown, { name })}
        labels={{ confirm: labels.resend, pending: labels.resending, cancel: labels.cancel, failed: labels.resendFailed }}
        tone="primary"
        onConfirm={() =>
          resend.mutate(email.id, {
            onSuccess: () => {
              setOpen(false)
              onResent()
            },
          })
        }
        pending={resend.isPending}
        failed={resend.isError}
      />
    </>
  )
}
