import { cva } from 'class-variance-authority'
import type { InboxLabels } from '../labels'
import { statusLabel } from './statusLabels'
import type { InboxStatus } from '../../../../contract/inbox'

// New stands out by more than colour: a filled badge, and its row in bold.
const badgeVariants = cva('inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    status: {
      new: 'bg-brand-700 text-white',
      contacted: 'bg-amber-100 text-amber-900 ring-1 ring-inset ring-amber-300',
      closed: 'bg-slate-100 text-slate-700 ring-1 ring-inset ring-slate-300',
    },
  },
})

export function StatusBadge({ status, labels }: { status: InboxStatus; labels: InboxLabels }) {
  return <span className={badgeVariants({ status })}>{statusLabel(status, labels)}</span>
}
