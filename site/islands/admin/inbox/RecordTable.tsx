import type { Ref } from 'react'
import type { InboxLabels } from '../labels'
import { cn } from '../../../ui/cn'
import type { KindDefinition } from './definition'
import { formatAge, formatDateTime } from './formatting'
import { ListTable } from './ListTable'
import { StatusBadge } from './StatusBadge'
import type { InboxViewBase } from '../../../../contract/records'

type RecordTableProps<R extends InboxViewBase> = {
  definition: KindDefinition<R>
  records: R[]
  caption: string
  labels: InboxLabels
  /** Opens a record in this page (a plain click); the link's href works in a new tab too. */
  onOpen: (id: string) => void
  tableRef?: Ref<HTMLDivElement>
}

const cell = 'px-4 py-3 align-top'

/**
 * One page of records, newest first. The business comes first (the row's header and its link to the
 * record), so that a phone shows it before the table scrolls sideways.
 */
export function RecordTable<R extends InboxViewBase>({ definition, records, caption, labels, onOpen, tableRef }: RecordTableProps<R>) {
  const headers = [labels.business, labels.received, ...definition.columns.map((column) => labels[column.header]), labels.statusLabel]
  return (
    <ListTable caption={caption} headers={headers} minWidth="min-w-[60rem]" regionRef={tableRef}>
      {records.map((record) => {
        const unread = record.status === 'new'
        return (
          <tr key={record.id} className={cn('border-t border-divider', unread ? 'bg-brand-50/60 font-semibold text-foreground' : 'text-body')}>
            <th scope="row" className={cn(cell, 'min-w-48', unread ? 'font-bold' : 'font-medium')}>
              <a
                href={`?id=${encodeURIComponent(record.id)}`}
                data-record-id={record.id}
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
                  event.preventDefault()
                  onOpen(record.id)
                }}
                className="text-primary-strong underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {definition.business(record)}
              </a>
            </th>
            <td className={cn(cell, 'whitespace-nowrap')}>
              <time dateTime={record.receivedAt}>{formatDateTime(record.receivedAt)}</time>
              <span className="block text-xs font-normal text-muted-foreground">{formatAge(record.receivedAt)}</span>
              {record.overdue && (
                <span className="mt-1 inline-block rounded-full bg-destructive px-2 py-0.5 text-xs font-bold text-destructive-foreground">
                  {labels.overdue}
                </span>
              )}
            </td>
            {definition.columns.map((column) => (
              <td key={column.header} className={cn(cell, 'min-w-36')}>
                {column.cell(record, labels)}
              </td>
            ))}
            <td className={cell}>
              <StatusBadge status={record.status} labels={labels} />
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}
