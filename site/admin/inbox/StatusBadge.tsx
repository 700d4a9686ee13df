import { cva } from 'class-variance-authority'
import type { InboxLabels } from '../labels'
import { statusLabel } from './statusLabels'
import type { InboxStatus } from '../../../contract/wire/inbox'

// New stands out by more than colour: a filled badge, and its row in bold.
const badgeVariants = cva('inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    status: {
      new: 'bg-primary-strong text-primary-foreground',
      contacted: 'bg-warning-muted text-warning-foreground ring-1 ring-inset ring-warning-border',
      closed: 'bg-secondary text-body ring-1 ring-inset ring-border-strong',
      spam: 'bg-card text-body ring-1 ring-inset ring-border-strong',
    },
  },
})

export function StatusBadge({ status, labels }: { status: InboxStatus; labels: InboxLabels }) {
  return <span className={badgeVariants({ status })}>{statusLabel(status, labels)}</span>
}

/** A lead the spam rule suspects (forms-service/spam.ts): still New, and marked so that the agency looks twice. */
export function SuspectedBadge({ labels }: { labels: InboxLabels }) {
  return (
    <span className="ml-1 inline-flex items-center whitespace-nowrap rounded-full bg-warning-muted px-2.5 py-0.5 text-xs font-semibold text-warning-foreground ring-1 ring-inset ring-warning-border">
      {labels.possibleSpam}
    </span>
  )
}
