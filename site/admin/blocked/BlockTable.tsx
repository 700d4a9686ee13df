import { Trash2 } from 'lucide-react'
import type { BlockView } from '../../../contract/wire/blockList'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import { ListTable } from '../list/ListTable'
import { OfficeTime } from '../list/OfficeTime'
import type { BlockedLabels } from '../labels'
import { kindWord } from './blockWords'

type BlockTableProps = {
  entries: BlockView[]
  onUnblock: (entry: BlockView) => void
  labels: BlockedLabels
}

const cell = 'px-4 py-3 align-top'

/**
 * When a block ends: the time of one for a time, or that it ended (the service applies it no more from
 * then on, as here: `expiresAt <= now`); one with no end lasts until it is unblocked.
 */
function Ends({ expiresAt, labels }: { expiresAt: string | undefined; labels: BlockedLabels }) {
  if (expiresAt === undefined) return <span className="text-muted-foreground">{labels.endsNever}</span>
  if (Date.parse(expiresAt) > Date.now()) return <OfficeTime at={expiresAt} />
  return (
    <>
      <span className="block font-medium text-foreground">{labels.ended}</span>
      <OfficeTime at={expiresAt} className="block text-muted-foreground" />
    </>
  )
}

/** The block list, oldest first: the address, its kind, why, who and when, until when, and Unblock. */
export function BlockTable({ entries, onUnblock, labels }: BlockTableProps) {
  return (
    <ListTable
      caption={labels.tableLabel}
      headers={[labels.address, labels.kind, labels.reason, labels.by, labels.created, labels.ends, labels.actions]}
      minWidth="min-w-[60rem]"
    >
      {entries.map((entry) => (
        <tr key={entry.id} className="border-t border-divider text-body">
          <th scope="row" className={cn(cell, 'min-w-48 font-medium text-foreground wrap-anywhere')}>
            {entry.value}
          </th>
          <td className={cell}>{labels[kindWord[entry.kind]]}</td>
          <td className={cn(cell, 'min-w-40')}>{entry.reason || <span className="text-muted-foreground">{labels.noReason}</span>}</td>
          <td className={cell}>{entry.by === 'token' ? labels.byToken : labels.byAdmin}</td>
          <td className={cn(cell, 'whitespace-nowrap')}>
            <OfficeTime at={entry.createdAt} />
          </td>
          <td className={cn(cell, 'whitespace-nowrap')}>
            <Ends expiresAt={entry.expiresAt} labels={labels} />
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
