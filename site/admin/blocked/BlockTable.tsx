import { Trash2 } from 'lucide-react'
import { bookingZone } from '../../../contract/booking/booking'
import type { BlockView } from '../../../contract/wire/blockList'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import { formatDateTime } from '../list/formatting'
import { ListTable } from '../list/ListTable'
import type { BlockedLabels } from '../labels'
import { kindWord } from './blockWords'

type BlockTableProps = {
  entries: BlockView[]
  onUnblock: (entry: BlockView) => void
  labels: BlockedLabels
}

const cell = 'px-4 py-3 align-top'

/** The block list, oldest first: the address, its kind, why, who and when, and Unblock. */
export function BlockTable({ entries, onUnblock, labels }: BlockTableProps) {
  return (
    <ListTable
      caption={labels.tableLabel}
      headers={[labels.address, labels.kind, labels.reason, labels.by, labels.created, labels.actions]}
      minWidth="min-w-[52rem]"
    >
      {entries.map((entry) => (
        <tr key={entry.id} className="border-t border-divider text-body">
          <th scope="row" className={cn(cell, 'min-w-48 font-medium text-foreground wrap-anywhere')}>
            {entry.value}
          </th>
          <td className={cell}>{labels[kindWord[entry.kind]]}</td>
          <td className={cn(cell, 'min-w-40')}>{entry.reason || <span className="text-muted-foreground">{labels.noReason}</span>}</td>
          <td className={cell}>{entry.by === 'token' ? labels.byToken : labels.byAdmin}</td>
          <td className={cell}>
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, 'short', bookingZone)}</time>
          </td>
          <td className={cell}>
            <Button type="button" variant="outlineDestructive" size="sm" onClick={() => onUnblock(entry)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {labels.remove}
              <span className="sr-only">: {entry.value}</span>
            </Button>
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
