import { RefreshCw } from 'lucide-react'
import type { ReactNode, Ref } from 'react'
import { Button } from '../ui/button'
import { cn } from '../ui/cn'
import type { SessionLabels } from './labels'

type PanelHeaderProps = {
  /** The count heading; focus goes to it when the row that had focus is gone. */
  heading: string
  headingRef?: Ref<HTMLHeadingElement>
  refreshing: boolean
  onRefresh: () => void
  labels: Pick<SessionLabels, 'refresh'>
  /** More actions, after Refresh. */
  children?: ReactNode
}

/** The top of a signed-in screen: its count and Refresh (Sign Out is in the admin bar). */
export function PanelHeader({ heading, headingRef, refreshing, onRefresh, labels, children }: PanelHeaderProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-brand-900 outline-none">
        {heading}
      </h2>
      <div className="flex flex-wrap gap-2">
        {/* aria-disabled, not disabled: a button pressed from the keyboard keeps focus while the list reloads. */}
        <Button type="button" onClick={() => refreshing || onRefresh()} aria-disabled={refreshing} variant="outline" size="sm">
          <RefreshCw aria-hidden="true" className={cn('h-4 w-4', refreshing && 'animate-spin motion-reduce:animate-none')} />
          {labels.refresh}
        </Button>
        {children}
      </div>
    </div>
  )
}
