import { useId } from 'react'
import { format } from '../../content/ui'
import { urls } from '../../../contract/wire/urls'
import type { InboxLabels } from '../labels'
import { formatDateTime } from '../list/formatting'
import { StatusBadge } from './StatusBadge'
import type { InboxDetail, InboxViewBase, RelatedRecords as Related } from '../../../contract/wire/records'

/** One person, one history: the same address's other requests and messages (newest first, linked) and its subscription. */
export function RelatedRecords({ record, labels }: { record: InboxDetail<InboxViewBase>; labels: InboxLabels }) {
  const id = useId()
  const related: Related = record.related
  const items = [
    ...related.consultations.map((other) => ({ ...other, href: urls.adminRecord('consultations', other.id), kind: labels.relatedRequest })),
    ...related.messages.map((other) => ({ ...other, href: urls.adminRecord('messages', other.id), kind: labels.relatedMessage })),
  ].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
  return (
    <section aria-labelledby={`${id}-related`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h3 id={`${id}-related`} className="mb-3 text-lg font-semibold text-brand-900">
        {labels.related}
      </h3>
      {items.length === 0 && !related.subscriber ? (
        <p className="text-sm text-muted-foreground">{labels.relatedNone}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-2">
              <a href={item.href} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
                {item.kind}, <time dateTime={item.receivedAt}>{formatDateTime(item.receivedAt)}</time>
              </a>
              <StatusBadge status={item.status} labels={labels} />
            </li>
          ))}
          {related.subscriber && (
            <li className="text-muted-foreground">{format(labels.relatedSubscriber, { date: formatDateTime(related.subscriber.subscribedAt) })}</li>
          )}
        </ul>
      )}
    </section>
  )
}
