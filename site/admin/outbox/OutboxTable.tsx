import { format } from '../../content/ui'
import { cn } from '../../ui/cn'
import { formatDateTime } from '../list/formatting'
import { ListTable } from '../list/ListTable'
import type { OutboxScreenLabels, ShellLabels } from '../labels'
import { EmailAbout } from './EmailAbout'
import { emailKindLabel } from './emailLabels'
import { EmailStateBadge } from './EmailStateBadge'
import { ResendButton } from './ResendButton'
import type { EmailView, OutboxPage } from '../../../contract/wire/records'
import { ViewEmailDialog } from './ViewEmailDialog'

type OutboxTableProps = {
  page: OutboxPage
  labels: OutboxScreenLabels
  shell: ShellLabels
  /** An email was queued again. */
  onResent: (email: EmailView) => void
}

const cell = 'px-4 py-3 align-top'
const countFormat = new Intl.NumberFormat('en-US')

/**
 * One page of emails, newest first. What an email is (its row header) links to the lead it is about;
 * the status carries the attempts and, while queued, the next one. View opens the copy in the local
 * folder; Resend queues a sent or failed email again, after asking.
 */
export function OutboxTable({ page, labels, shell, onResent }: OutboxTableProps) {
  const { inbox, outbox, emailKinds } = labels
  const headers = [outbox.created, outbox.kind, inbox.emailTo, outbox.subject, inbox.statusLabel, inbox.emailLastError, outbox.actions]
  return (
    <ListTable caption={outbox.tableLabel} headers={headers} minWidth="min-w-[66rem]">
      {page.items.map((email) => {
        const kind = emailKindLabel(email.kind, emailKinds)
        const name = email.subject ?? kind
        const failed = email.state === 'failed'
        return (
          <tr key={email.id} className={cn('border-t border-divider text-body', failed && 'bg-destructive-subtle/70')}>
            <td className={cell}>
              <time dateTime={email.createdAt} className="block w-24">
                {formatDateTime(email.createdAt)}
              </time>
            </td>
            <th scope="row" className={cn(cell, 'min-w-40 font-medium text-foreground')}>
              <span className="block">{kind}</span>
              <span className="mt-1 block font-normal">
                <EmailAbout email={email} labels={outbox} />
              </span>
            </th>
            <td className={cn(cell, 'min-w-44 wrap-anywhere')}>{email.to ?? <span className="text-subtle">{outbox.notYet}</span>}</td>
            <td className={cn(cell, 'min-w-40')}>{email.subject}</td>
            <td className={cn(cell, 'min-w-36')}>
              <EmailStateBadge state={email.state} heldFor={email.heldFor} file={email.file} labels={inbox} />
              <span className="mt-1.5 block text-xs text-muted-foreground">
                {email.attempts === 1 ? outbox.attemptsOne : format(outbox.attemptsOther, { count: countFormat.format(email.attempts) })}
              </span>
              {email.state === 'queued' && email.nextAttemptAt && (
                <span className="mt-1 block text-xs text-muted-foreground">
                  {inbox.emailNextAttempt}
                  <time dateTime={email.nextAttemptAt} className="block font-medium text-body">
                    {formatDateTime(email.nextAttemptAt)}
                  </time>
                </span>
              )}
            </td>
            <td className={cn(cell, 'min-w-32 wrap-break-word', failed ? 'font-medium text-destructive-strong' : 'text-muted-foreground')}>
              {email.lastError}
            </td>
            <td className={cell}>
              <div className="flex flex-col items-stretch gap-2">
                {email.file && page.delivery === 'folder' && <ViewEmailDialog emailId={email.id} file={email.file} name={name} labels={outbox} />}
                {/* Also while queued (disabled then): the button just pressed keeps focus as the row turns Queued. */}
                {/* Not offered for an email that would fail again at once (an update of a meeting since cancelled). */}
                {!email.superseded && (
                  <ResendButton
                    email={email}
                    name={name}
                    disabled={email.state === 'queued'}
                    onResent={() => onResent(email)}
                    labels={{ ...inbox, cancel: shell.cancel }}
                  />
                )}
              </div>
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}
