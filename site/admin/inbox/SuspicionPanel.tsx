import { useId } from 'react'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { InboxLabels } from '../labels'
import { useUpdateRecord } from '../records'
import type { InboxEndpoints } from '../../../contract/wire/adminApi'
import type { InboxViewBase } from '../../../contract/wire/records'

type SuspicionPanelProps = { endpoints: InboxEndpoints<InboxViewBase>; record: InboxViewBase; labels: InboxLabels; announce: (text: string) => void }

/**
 * A lead the spam rule suspects (forms-service/spam.ts), as the notification's link opens it: why, and one
 * click to say Not spam (the mark goes, the lead stays New) or Spam (filed under Spam, out of the leads).
 */
export function SuspicionPanel({ endpoints, record, labels, announce }: SuspicionPanelProps) {
  const id = useId()
  const update = useUpdateRecord(endpoints, record.id)
  const act = (change: { suspicion: null } | { status: 'spam' }, done: string) => update.isPending || update.mutate(change, { onSuccess: () => announce(done) })
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-warning-muted p-5 ring-1 ring-inset ring-warning-border sm:p-6">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-warning-foreground">
        {labels.possibleSpam}
      </h3>
      <p className="mt-2 text-sm text-warning-foreground">
        {record.suspicion === 'links' ? labels.suspicionLinks : labels.suspicionFast} {labels.suspicionText}
      </p>
      {update.isError && <Alert className="mt-3">{labels.saveFailed}</Alert>}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="button" variant="primary" size="sm" aria-disabled={update.isPending} onClick={() => act({ suspicion: null }, labels.notSpamCleared)}>
          {labels.notSpam}
        </Button>
        <Button type="button" variant="outline" size="sm" aria-disabled={update.isPending} onClick={() => act({ status: 'spam' }, labels.markedSpam)}>
          {labels.statusSpam}
        </Button>
      </div>
    </section>
  )
}
