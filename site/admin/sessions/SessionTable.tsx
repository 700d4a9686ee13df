import { LogOut } from 'lucide-react'
import type { SessionView } from '../../../contract/wire/people'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import type { SessionsLabels } from '../labels'
import { ListTable } from '../list/ListTable'
import { OfficeTime } from '../list/OfficeTime'

type SessionTableProps = {
  sessions: SessionView[]
  /** A session's device in words: 'Chrome on Linux'. */
  nameOf: (session: SessionView) => string
  onEnd: (session: SessionView) => void
  labels: SessionsLabels
}

const cell = 'px-4 py-3 align-top'

/** The signed-in browsers: which (this one marked), since when, last seen (to the minute), and End. */
export function SessionTable({ sessions, nameOf, onEnd, labels }: SessionTableProps) {
  return (
    <ListTable caption={labels.tableLabel} headers={[labels.device, labels.signedIn, labels.lastSeen, labels.actions]} minWidth="min-w-[44rem]">
      {sessions.map((session) => (
        <tr key={session.id} className="border-t border-divider text-body">
          <th scope="row" className={cn(cell, 'min-w-48 font-medium text-foreground wrap-anywhere')}>
            <span className="flex flex-wrap items-center gap-2">
              {nameOf(session)}
              {session.current && (
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-100">
                  {labels.thisBrowser}
                </span>
              )}
            </span>
          </th>
          <td className={cell}>
            <OfficeTime at={session.createdAt} />
          </td>
          <td className={cell}>
            <OfficeTime at={session.lastSeenAt} />
          </td>
          <td className={cell}>
            <Button type="button" variant="outlineDestructive" size="sm" onClick={() => onEnd(session)}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              {labels.end}
              <span className="sr-only">: {session.current ? labels.thisBrowser : nameOf(session)}</span>
            </Button>
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
