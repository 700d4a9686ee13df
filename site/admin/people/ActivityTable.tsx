import { bootstrapAccountId, type AuditView } from '../../../contract/wire/people'
import { cn } from '../../ui/cn'
import type { PeopleLabels, ShellLabels } from '../labels'
import { ListTable } from '../list/ListTable'
import { OfficeTime } from '../list/OfficeTime'
import { auditActionWords } from './auditWords'

type ActivityTableProps = { entries: AuditView[]; labels: PeopleLabels; shell: Pick<ShellLabels, 'bootstrapName'> }

const cell = 'px-4 py-3 align-top'

/** A page of the audit trail, newest first: when, who, what, about what, and from which address. */
export function ActivityTable({ entries, labels, shell }: ActivityTableProps) {
  return (
    <ListTable caption={labels.activityTableLabel} headers={[labels.at, labels.actor, labels.action, labels.subject, labels.address]} minWidth="min-w-[56rem]">
      {entries.map((entry) => (
        <tr key={entry.id} className="border-t border-divider text-body">
          <td className={cn(cell, 'whitespace-nowrap')}>
            <OfficeTime at={entry.at} />
          </td>
          <th scope="row" className={cn(cell, 'font-medium text-foreground wrap-anywhere')}>
            {/* The admin password by the words the bar and the filter call it. */}
            {entry.actor === bootstrapAccountId ? shell.bootstrapName : entry.actorName}
          </th>
          <td className={cell}>{labels[auditActionWords[entry.action]]}</td>
          <td className={cn(cell, 'wrap-anywhere')}>{entry.subject}</td>
          <td className={cn(cell, 'wrap-anywhere text-muted-foreground')}>{entry.address}</td>
        </tr>
      ))}
    </ListTable>
  )
}
