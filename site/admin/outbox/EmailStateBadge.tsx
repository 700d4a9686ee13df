import { cva } from 'class-variance-authority'
import { CircleAlert, CircleCheck, CircleSlash, Clock, FolderOpen } from 'lucide-react'
import type { InboxLabels } from '../labels'
import { emailHoldLabel, emailStateLabel } from './emailLabels'
import type { EmailHoldReason } from '../../../contract/wire/inbox'
import type { EmailState } from '../../../contract/wire/records'

// Failed stands out by more than colour: a filled badge with a warning sign.
const badgeVariants = cva('inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    state: {
      queued: 'bg-secondary text-body ring-1 ring-inset ring-border-strong',
      sent: 'bg-success-subtle text-success-foreground ring-1 ring-inset ring-success-border',
      failed: 'bg-destructive text-destructive-foreground',
      held: 'bg-warning-subtle text-warning-foreground ring-1 ring-inset ring-warning-border',
      written: 'bg-warning-subtle text-warning-foreground ring-1 ring-inset ring-warning-border',
    },
  },
})

const icons = { queued: Clock, sent: CircleCheck, failed: CircleAlert, held: CircleSlash, written: FolderOpen }

type EmailStateBadgeProps = {
  state: EmailState
  heldFor?: EmailHoldReason | undefined
  /** Its copy in the local outbox folder: "sent" there means written to a folder, never delivered. */
  file?: string | undefined
  labels: InboxLabels
}

/** Queued, Sent, Failed, Held with its reason ("Held: too many to one address"), or "Not sent: written to a folder". */
export function EmailStateBadge({ state, heldFor, file, labels }: EmailStateBadgeProps) {
  const shown = state === 'sent' && file ? 'written' : state
  const Icon = icons[shown]
  return (
    <span className={badgeVariants({ state: shown })}>
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {shown === 'written' ? labels.emailWrittenToFolder : state === 'held' && heldFor ? emailHoldLabel(heldFor, labels) : emailStateLabel(state, labels)}
    </span>
  )
}
