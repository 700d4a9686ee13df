import { useId, type ReactNode, type Ref } from 'react'
import { cn } from '../../ui/cn'

type ListTableProps = {
  /** The table's name, read by screen readers (and the scrolling region's). */
  caption: string
  /** The column headers; a header may be for screen readers only (a column of checkboxes). */
  headers: (string | { text: string; srOnly: true })[]
  /** The width below which the table scrolls sideways inside its region: 'min-w-[60rem]' ('lg:min-w-[60rem]' for `cards`). */
  minWidth: string
  /**
   * Below the lg breakpoint each row is a card (the rows lay themselves out, `cardRow`): a phone or a
   * tablet (768 px, where the table's status and meeting columns were cut) shows every row whole. The same table, so one set of rows and one reading
   * order; only CSS changes.
   */
  cards?: boolean
  /** The rows. */
  children: ReactNode
  regionRef?: Ref<HTMLDivElement>
}

/** A row of a `cards` table: a card below lg, a plain row from lg. */
export const cardRow =
  'grid gap-x-3 gap-y-1.5 rounded-xl bg-card p-4 shadow-sm ring-1 ring-border lg:table-row lg:rounded-none lg:p-0 lg:shadow-none lg:ring-0 lg:border-t lg:border-divider'

/**
 * A page of a list as a table that scrolls sideways inside a labelled, focusable region, so that a
 * phone shows the first column before the rest and a keyboard can scroll it (or, `cards`, shows each
 * row as a card on a phone).
 */
export function ListTable({ caption, headers, minWidth, cards = false, children, regionRef }: ListTableProps) {
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
      className={cn(
        'relative focus-visible:outline-2 focus-visible:outline-brand-500',
        cards
          ? 'lg:overflow-x-auto lg:rounded-xl lg:bg-card lg:shadow-sm lg:ring-1 lg:ring-border'
          : 'overflow-x-auto rounded-xl bg-card shadow-sm ring-1 ring-border',
      )}
    >
      <table className={cn('w-full text-left text-sm', cards ? 'block lg:table lg:border-collapse' : 'border-collapse', minWidth)}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead
          className={cn(
            'bg-muted text-xs font-semibold uppercase tracking-wide text-muted-foreground',
            cards && 'sr-only lg:not-sr-only lg:table-header-group',
          )}
        >
          <tr>
            {headers.map((header) =>
              typeof header === 'string' ? (
                <th key={header} scope="col" className="px-4 py-3">
                  {header}
                </th>
              ) : (
                <th key={header.text} scope="col" className="w-10 px-4 py-3">
                  <span className="sr-only">{header.text}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className={cn(cards && 'grid gap-3 lg:table-row-group')}>{children}</tbody>
      </table>
    </div>
  )
}
