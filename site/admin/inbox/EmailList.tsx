import { useId, type ReactNode } from 'react'
import type { EmailKindLabels, InboxLabels, ShellLabels } from '../labels'
import { emailKindLabel } from '../outbox/emailLabels'
import { EmailStateBadge } from '../outbox/EmailStateBadge'
import { ResendButton } from '../outbox/ResendButton'
import { formatDateTime } from '../list/formatting'
import type { InboxDetail, InboxViewBase } from '../../../contract/wire/records'

type EmailListProps = { record: InboxDetail<InboxViewBase>; labels: InboxLabels; shell: ShellLabels; kinds: EmailKindLabels; announce: (text: string) => void }

/** The record's emails and where each stands, with Resend (which asks first). */
export function EmailList({ record, labels, shell, kinds, announce }: EmailListProps) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {labels.emails}
      </h3>
      {record.emails.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{labels.noEmails}</p>
      ) : (
        <ul className="mt-3 divide-y divide-divider">
          {record.emails.map((email) => {
            const kind = emailKindLabel(email.kind, kinds)
            return (
              <li key={email.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-foreground">{email.subject ?? kind}</p>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-body">
                    {email.subject && <Term label={labels.emailKind} value={kind} />}
                    {email.to && <Term label={labels.emailTo} value={email.to} />}
                    <Term
                      label={labels.statusLabel}
                      value={<EmailStateBadge state={email.state} heldFor={email.heldFor} file={email.file} labels={labels} />}
                    />
                    <Term label={labels.emailAttempts} value={email.attempts} />
                    {email.state === 'queued' && email.nextAttemptAt && <Term label={labels.emailNextAttempt} value={<Time iso={email.nextAttemptAt} />} />}
                    {email.sentAt && <Term label={labels.emailSentAt} value={<Time iso={email.sentAt} />} />}
                    {email.lastError && <Term label={labels.emailLastError} value={<span className="text-destructive-strong">{email.lastError}</span>} />}
                  </dl>
                </div>
                {/* Not offered for an email that would fail again at once (an update of a meeting since cancelled). */}
                {!email.superseded && (
                  <ResendButton
                    email={email}
                    name={email.subject ?? kind}
                    disabled={email.state === 'queued'}
                    onResent={() => announce(labels.resent)}
                    labels={{ ...labels, cancel: shell.cancel }}
                  />
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

function Term({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  )
}

const Time = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>
