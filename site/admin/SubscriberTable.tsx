import { useVirtualizer } from '@tanstack/react-virtual'
import { Trash2 } from 'lucide-react'
import { useId, useRef } from 'react'
import { Button } from '../ui/button'
import type { SubscriberLabels } from './labels'
import { formatSubscribedAt, type Subscriber } from './subscribers'

/** Rows are one line each (long values are cut with an ellipsis and given in full as a title). */
const ROW_HEIGHT = 49

type SubscriberTableProps = { subscribers: Subscriber[]; labels: SubscriberLabels; onDelete: (subscriber: Subscriber) => void }

/**
 * Only the rows in view (plus a margin) are in the DOM, so 100,000 subscribers scroll as smoothly as
 * ten; aria-rowcount and aria-rowindex tell screen readers where they are in the whole list. The three
 * columns stay as they are: each row's Delete button sits at the end of its last cell.
 */
export function SubscriberTable({ subscribers, labels, onDelete }: SubscriberTableProps) {
  const id = useId()
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: subscribers.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 800, height: 600 },
  })
  const rows = virtualizer.getVirtualItems()
  const before = rows[0]?.start ?? 0
  const after = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0)
  const cell = 'truncate px-4 align-middle'

  return (
    // biome-ignore lint/a11y/useSemanticElements: the same region a <section> would be; a div, as the HTMLDivElement ref expects
    <div
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      role="region"
      aria-label={labels.tableLabel}
      className="max-h-[65vh] overflow-auto rounded-xl bg-card shadow-sm ring-1 ring-border focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <table aria-rowcount={subscribers.length + 1} className="w-full min-w-[42rem] table-fixed border-collapse text-left text-sm">
        <colgroup>
          <col className="w-[42%]" />
          <col className="w-[30%]" />
          <col className="w-[28%]" />
        </colgroup>
        <thead className="sticky top-0 z-10 bg-muted text-xs font-semibold uppercase tracking-wide text-muted-foreground shadow-[inset_0_-1px_0_#e2e8f0]">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-4 py-3">
              {labels.emailHeader}
            </th>
            <th scope="col" className="px-4 py-3">
              {labels.dateHeader}
            </th>
            <th scope="col" className="px-4 py-3">
              {labels.idHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row for the virtual list; nothing in it can take focus
            <tr aria-hidden="true">
              <td colSpan={3} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {rows.map((row) => {
            const subscriber = subscribers[row.index]!
            return (
              <tr
                key={subscriber.id}
                aria-rowindex={row.index + 2}
                style={{ height: ROW_HEIGHT }}
                className="border-t border-divider odd:bg-card even:bg-muted/60"
              >
                <td id={`${id}-${row.index}`} className={`${cell} font-medium text-foreground`} title={subscriber.email}>
                  {subscriber.email}
                </td>
                <td className={`${cell} text-body`}>
                  <time dateTime={subscriber.subscribedAt}>{formatSubscribedAt(subscriber.subscribedAt)}</time>
                </td>
                <td className="px-4 align-middle">
                  <div className="flex items-center justify-between gap-2">
                    <span className="truncate font-mono text-xs text-muted-foreground" title={subscriber.id}>
                      {subscriber.id}
                    </span>
                    {/* Described by the row's email: in its name, the email would also be in this cell's. */}
                    <Button
                      type="button"
                      onClick={() => onDelete(subscriber)}
                      aria-describedby={`${id}-${row.index}`}
                      variant="outlineDestructive"
                      size="iconSm"
                      className="shrink-0"
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      <span className="sr-only">{labels.deleteSubscriber}</span>
                    </Button>
                  </div>
                </td>
              </tr>
            )
          })}
          {after > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row for the virtual list; nothing in it can take focus
            <tr aria-hidden="true">
              <td colSpan={3} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
