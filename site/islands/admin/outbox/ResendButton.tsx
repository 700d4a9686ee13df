import { RotateCw } from 'lucide-react'
import { Button } from '../../../ui/button'
import type { InboxLabels } from '../labels'

type ResendButtonProps = {
  onResend: () => void
  /** This email's resend is under way. */
  resending: boolean
  /** Not now: another resend is under way, or the email is queued anyway. */
  disabled: boolean
  /** Which email, for screen readers: "Resend: Thanks for your message". */
  name: string
  labels: Pick<InboxLabels, 'resend' | 'resending'>
}

/** Queues an email again. aria-disabled, not disabled: a button pressed from the keyboard keeps focus. */
export function ResendButton({ onResend, resending, disabled, name, labels }: ResendButtonProps) {
  return (
    <Button type="button" aria-disabled={disabled} onClick={() => disabled || onResend()} variant="outline" size="sm">
      <RotateCw aria-hidden="true" className="h-4 w-4" />
      {resending ? labels.resending : labels.resend}
      <span className="sr-only">: {name}</span>
    </Button>
  )
}
