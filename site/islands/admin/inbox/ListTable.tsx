import { useId, type ReactNode, type Ref } from 'react'
import { cn } from '../../../ui/cn'

type ListTableProps = {
  /** The table's name, read by screen readers (and the scrolling region's). */
  caption: string
  headers: string[]
  /** The width below which the table scrolls sideways inside its region: 'min-w-[60rem]'. */
  minWidth: string
  /** The rows. */
  children: ReactNode
  regionRef?: Ref<HTMLDivElement>
}

/**
 * A page of a list as a table that scrolls sideways inside a labelled, focusable region, so that a
 * phone shows the first column before the rest and a keyboard can scroll it.
 */
export function ListTable({ caption, headers, minWidth, children, regionRef }: ListTableProps) {
  const captionId = useId()
  // relative: screen-reader-only text in a cell (absolutely positioned) scrolls with the table
  // instead of widening the page.
  return (
    // biome-ignore lint/a11y/useSemanticElements: the same region a <section> would be; a div, as the HTMLDivElement ref expects
    <div
      ref={regionRef}
      role="region"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl bg-card shadow-sm ring-1 ring-border focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <table className={cn('w-full border-collapse text-left text-sm', minWidth)}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-muted text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
