import { cva } from 'class-variance-authority'
import type { MeetingState } from '../../../../contract/booking'
import { stateLabel } from './meetingText'

// Each state reads by its word; the colour only helps scanning the agenda.
const badgeVariants = cva('inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', {
  variants: {
    state: {
      booked: 'bg-brand-50 text-brand-800 ring-brand-200',
      moved: 'bg-amber-100 text-amber-900 ring-amber-300',
      cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
      held: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
      'no-show': 'bg-red-50 text-red-800 ring-red-300',
    },
  },
})

export function MeetingStateBadge({ state }: { state: MeetingState }) {
  return <span className={badgeVariants({ state })}>{stateLabel(state)}</span>
}
