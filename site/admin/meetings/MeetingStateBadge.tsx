import { cva } from 'class-variance-authority'
import type { MeetingState } from '../../../contract/booking/booking'
import type { MeetingStateLabels } from '../labels'
import { stateLabel } from './meetingText'

// Each state reads by its word; the colour only helps scanning the agenda.
const badgeVariants = cva('inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', {
  variants: {
    state: {
      booked: 'bg-brand-50 text-brand-800 ring-brand-100',
      moved: 'bg-warning-muted text-warning-foreground ring-warning-border',
      cancelled: 'bg-secondary text-body ring-border-strong',
      held: 'bg-success-subtle text-success-foreground ring-success-border',
      'no-show': 'bg-destructive-subtle text-destructive-strong ring-destructive-border',
    },
  },
})

export function MeetingStateBadge({ state, labels }: { state: MeetingState; labels: MeetingStateLabels }) {
  return <span className={badgeVariants({ state })}>{stateLabel(state, labels)}</span>
}
