import { Phone } from 'lucide-react'
import { useId, type ReactNode, type Ref } from 'react'
import { format } from '../../content/ui'
import type { InboxLabels } from '../labels'
import { cn } from '../../ui/cn'
import type { KindDefinition } from './definition'
import { formatAge, formatDateTime, telHref } from '../list/formatting'
import { cardRow, ListTable } from '../list/ListTable'
import { StatusBadge, SuspectedBadge } from './StatusBadge'
import type { InboxViewBase } from '../../../contract/wire/records'

type RecordTableProps<R extends InboxViewBase> = {
  definition: KindDefinition<R>
  records: R[]
  caption: string
  labels: InboxLabels
  /** Opens a record in this page (a plain click); the link's href works in a new tab too. */
  onOpen: (id: string) => void
  /** The ids checked for a bulk change, and checking or unchecking one. */
  selected: ReadonlySet<string>
  onSelect: (id: string, checked: boolean) => void
  /** What the status cell offers besides the status (Not spam, in the Spam view). */
  statusAction?: (record: R, describedBy: string) => ReactNode
  tableRef?: Ref<HTMLDivElement>
}

// Each cell: its place on a phone's card (a grid: checkbox, business and status on the first line, the
// rest below), and its padding as a table cell from md on.
const cell = 'min-w-0 lg:px-4 lg:py-3 lg:align-top'
const below = 'col-span-2 col-start-2'

/**
 * One page of records, newest first: a table from md on, a card per record on a phone (business, status,
 * name with a tap-to-call link, age, and the kind's card columns). The business is the row's header and
 * its link to the record.
 */
export function RecordTable<R extends InboxViewBase>(props: RecordTableProps<R>) {
  const { definition, records, caption, labels, tableRef } = props
  const headers = [
    { text: labels.selectColumn, srOnly: true as const },
    labels.business,
    labels.received,
    labels.name,
    ...definition.columns.map((column) => labels[column.header]),
    labels.statusLabel,
  ]
  return (
    <ListTable caption={caption} headers={headers} minWidth="lg:min-w-[60rem]" cards regionRef={tableRef}>
      {records.map((record) => (
        <RecordRow key={record.id} {...props} record={record} />
      ))}
    </ListTable>
  )
}

function RecordRow<R extends InboxViewBase>({ definition, record, labels, onOpen, selected, onSelect, statusAction }: RecordTableProps<R> & { record: R }) {
  const id = useId()
  const unread = record.status === 'new'
  const business = definition.business(record)
  const person = definition.person(record)
  return (
    <tr className={cn(cardRow, 'grid-cols-[auto_minmax(0,1fr)_auto]', unread ? 'font-semibold text-foreground lg:bg-brand-50/60' : 'text-body')}>
      <td className={cn(cell, 'col-start-1 row-start-1')}>
        <input
          type="checkbox"
          checked={selected.has(record.id)}
          onChange={(event) => onSelect(record.id, event.target.checked)}
          aria-label={format(labels.select, { name: business })}
          className="mt-0.5 h-5 w-5 accent-primary-strong lg:h-4 lg:w-4"
        />
      </td>
      <th
        id={`${id}-business`}
        scope="row"
        className={cn(cell, 'col-start-2 row-start-1 text-base lg:min-w-40 lg:text-sm', unread ? 'font-bold' : 'font-medium')}
      >
        <a
          href={`?id=${encodeURIComponent(record.id)}`}
          data-record-id={record.id}
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
            event.preventDefault()
            onOpen(record.id)
          }}
          className="break-words text-primary-strong underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {business}
        </a>
      </th>
      <td className={cn(cell, below, 'row-start-3 lg:min-w-36')}>
        <time dateTime={record.receivedAt} className="hidden lg:block">
          {formatDateTime(record.receivedAt)}
        </time>
        <span className="flex flex-wrap items-center gap-2 lg:flex-col lg:items-start lg:gap-1">
          <span className="text-xs font-normal text-muted-foreground">{formatAge(record.receivedAt)}</span>
          {record.overdue && (
            <span className="inline-block rounded-full bg-destructive px-2 py-0.5 text-xs font-bold text-destructive-foreground">{labels.overdue}</span>
          )}
        </span>
      </td>
      <td className={cn(cell, below, 'row-start-2 lg:min-w-40')}>
        <span className="block">{person}</span>
        <a
          href={telHref(record.phone)}
          aria-label={format(labels.call, { name: person, phone: record.phone })}
          className="mt-1 inline-flex items-center gap-1.5 rounded-full py-1.5 text-sm font-medium text-primary-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring max-lg:bg-brand-50 max-lg:px-3 lg:mt-0.5 lg:py-0 lg:font-normal"
        >
          <Phone aria-hidden="true" className="h-3.5 w-3.5" />
          {record.phone}
        </a>
      </td>
      {definition.columns.map((column, index) => (
        <td
          key={column.header}
          className={cn(cell, 'lg:min-w-28', column.onCard ? below : 'hidden lg:table-cell')}
          style={column.onCard ? { gridRowStart: 4 + index } : undefined}
        >
          {column.cell(record, labels)}
        </td>
      ))}
      <td className={cn(cell, 'col-start-3 row-start-1 text-right lg:text-left')}>
        <StatusBadge status={record.status} labels={labels} />
        {record.suspicion && <SuspectedBadge labels={labels} />}
        {statusAction?.(record, `${id}-business`)}
      </td>
    </tr>
  )
}
