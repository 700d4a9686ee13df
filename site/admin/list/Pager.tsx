import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ComponentProps } from 'react'
import { format } from '../../content/ui'
import { Button } from '../../ui/button'
import type { PagerLabels } from '../labels'
import { pageSize } from './listParams'

type PagerProps = { page: number; shown: number; total: number; onPage: (page: number) => void; labels: PagerLabels }

const numberFormat = new Intl.NumberFormat('en-US')

/** "Showing 26–50 of 112" with Previous and Next; the range is announced when it changes. */
export function Pager({ page, shown, total, onPage, labels }: PagerProps) {
  const from = (page - 1) * pageSize + 1
  const last = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav aria-label={labels.pagination} className="flex flex-wrap items-center justify-between gap-4">
      <p aria-live="polite" className="text-sm text-body">
        {format(labels.showing, { from: numberFormat.format(from), to: numberFormat.format(from + shown - 1), total: numberFormat.format(total) })}
      </p>
      <div className="flex gap-2">
        <StepButton enabled={page > 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {labels.previous}
        </StepButton>
        <StepButton enabled={page < last} onClick={() => onPage(page + 1)}>
          {labels.next}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </StepButton>
      </div>
    </nav>
  )
}

/** aria-disabled, not disabled: on the last page Next keeps focus instead of dropping it to <body>. */
function StepButton({ enabled, onClick, ...props }: ComponentProps<'button'> & { enabled: boolean }) {
  return <Button type="button" aria-disabled={!enabled} onClick={(event) => enabled && onClick?.(event)} variant="outline" size="sm" {...props} />
}
