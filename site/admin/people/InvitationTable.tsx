import { Mail, X } from 'lucide-react'
import type { InvitationView } from '../../../contract/wire/people'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import type { PeopleLabels, ShellLabels } from '../labels'
import { ListTable } from '../list/ListTable'
import { OfficeTime } from '../list/OfficeTime'
import { roleWords } from '../roleWords'

type InvitationTableProps = {
  invitations: InvitationView[]
  /** The time the browser reads the list at: a link past it no longer works. */
  now: number
  onResend: (invitation: InvitationView) => void
  onRevoke: (invitation: InvitationView) => void
  /** The invitation an action is being sent for. */
  busy: string | undefined
  labels: PeopleLabels
  shell: ShellLabels
}

const cell = 'px-4 py-3 align-top'

/** The invitations not answered yet: who, as what, by whom, until when the link works (or that it expired), Resend and Revoke. */
export function InvitationTable({ invitations, now, onResend, onRevoke, busy, labels, shell }: InvitationTableProps) {
  return (
    <ListTable
      caption={labels.invitationsTableLabel}
      headers={[labels.name, labels.email, labels.role, labels.invitedBy, labels.expires, labels.actions]}
      minWidth="min-w-[56rem]"
    >
      {invitations.map((invitation) => (
        <tr key={invitation.id} className="border-t border-divider text-body">
          <th scope="row" className={cn(cell, 'min-w-36 font-medium text-foreground wrap-anywhere')}>
            {invitation.name}
          </th>
          <td className={cn(cell, 'wrap-anywhere')}>{invitation.email}</td>
          <td className={cell}>{shell[roleWords[invitation.role]]}</td>
          <td className={cn(cell, 'wrap-anywhere')}>{invitation.invitedBy}</td>
          <td className={cell}>
            {Date.parse(invitation.expiresAt) <= now ? (
              <span className="inline-flex rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-body ring-1 ring-inset ring-border-strong">
                {labels.expired}
              </span>
            ) : (
              <OfficeTime at={invitation.expiresAt} />
            )}
          </td>
          <td className={cell}>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" aria-disabled={busy === invitation.id} onClick={() => busy || onResend(invitation)}>
                <Mail aria-hidden="true" className="h-4 w-4" />
                {labels.resend}
                <span className="sr-only">: {invitation.email}</span>
              </Button>
              <Button type="button" variant="outlineDestructive" size="sm" aria-disabled={busy === invitation.id} onClick={() => busy || onRevoke(invitation)}>
                <X aria-hidden="true" className="h-4 w-4" />
                {labels.revoke}
                <span className="sr-only">: {invitation.email}</span>
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
