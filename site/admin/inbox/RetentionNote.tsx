import { History } from 'lucide-react'
import { format } from '../../content/ui'
import type { InboxLabels } from '../labels'
import { formatDateTime } from '../list/formatting'
import type { RetentionSummary } from '../../../contract/wire/records'

const countFormat = new Intl.NumberFormat('en-US')

/** "Requests and messages older than 24 months are erased daily. Last run …: N erased." (the service's summary). */
export function RetentionNote({
  retention,
  labels,
}: {
  retention: RetentionSummary
  labels: Pick<InboxLabels, 'retention' | 'retentionLastRun' | 'retentionNotRun'>
}) {
  const { months, lastRunAt, erased } = retention
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <History aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        {format(labels.retention, { months: String(months) })}{' '}
        {lastRunAt ? format(labels.retentionLastRun, { time: formatDateTime(lastRunAt), count: countFormat.format(erased ?? 0) }) : labels.retentionNotRun}
      </span>
    </p>
  )
}
