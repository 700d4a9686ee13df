import { cva } from 'class-variance-authority'
import { RotateCw } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Alert } from '../../../ui/alert'
import { buttonVariants } from '../../../ui/button'
import type { InboxLabels } from '../labels'
import { formatDateTime } from './formatting'
import { useResendEmail } from './records'
import type { InboxRecordBase, RecordEmail } from './types'

type EmailListProps = { api: string; record: InboxRecordBase; labels: InboxLabels; announce: (text: string) => void }

const stateVariants = cva('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', {
  variants: {
    state: {
      queued: 'bg-slate-100 text-slate-700 ring-slate-300',
      sent: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
      failed: 'bg-red-50 text-red-800 ring-red-300',
    },
  },
})

const stateLabel = (state: RecordEmail['state'], labels: InboxLabels) => ({ queued: labels.emailQueued, sent: labels.emailSent, failed: labels.emailFailed })[state]

/** The record's emails and where each stands, with Resend; nothing at all while the API sends no emails. */
export function EmailList({ api, record, labels, announce }: EmailListProps) {
  const id = useId()
  const resend = useResendEmail(api, record.id)
  if (!record.emails) return null
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {labels.emails}
      </h3>
      {resend.isError && <Alert className="mt-3">{labels.resendFailed}</Alert>}
      {record.emails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{labels.noEmails}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {record.emails.map((email) => (
            <li key={email.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">{email.subject ?? email.kind}</p>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
                  {email.subject && <Term label={labels.emailKind} value={email.kind} />}
                  {email.to && <Term label={labels.emailTo} value={email.to} />}
                  <Term label={labels.statusLabel} value={<span className={stateVariants({ state: email.state })}>{stateLabel(email.state, labels)}</span>} />
                  <Term label={labels.emailAttempts} value={email.attempts} />
                  {email.state === 'queued' && email.nextAttemptAt && <Term label={labels.emailNextAttempt} value={<Time iso={email.nextAttemptAt} />} />}
                  {email.sentAt && <Term label={labels.emailSentAt} value={<Time iso={email.sentAt} />} />}
                  {email.lastError && <Term label={labels.emailLastError} value={<span className="text-red-800">{email.lastError}</span>} />}
                </dl>
              </div>
              <button
                type="button"
                aria-disabled={resend.isPending}
                onClick={() => resend.isPending || resend.mutate(email.id, { onSuccess: () => announce(labels.resent) })}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <RotateCw aria-hidden="true" className="h-4 w-4" />
                {resend.isPending && resend.variables === email.id ? labels.resending : labels.resend}
                <span className="sr-only">: {email.subject ?? email.kind}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Term({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  )
}

const Time = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>
