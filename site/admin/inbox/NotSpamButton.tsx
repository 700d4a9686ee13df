import { Undo2 } from 'lucide-react'
import { Button } from '../../ui/button'
import type { InboxLabels } from '../labels'
import { useUpdateRecord } from '../records'
import type { InboxEndpoints } from '../../../contract/wire/adminApi'
import type { InboxViewBase } from '../../../contract/wire/records'

type NotSpamButtonProps = {
  endpoints: InboxEndpoints<InboxViewBase>
  record: InboxViewBase
  /** The row's business, which names the button's record for screen readers. */
  describedBy: string
  onRestored: (record: InboxViewBase) => void
  labels: Pick<InboxLabels, 'notSpam' | 'saveFailed'>
}

/** One click: a lead filed as spam is New again, without a "possible spam" mark (and leaves the Spam view). */
export function NotSpamButton({ endpoints, record, describedBy, onRestored, labels }: NotSpamButtonProps) {
  const update = useUpdateRecord(endpoints, record.id)
  return (
    <span className="mt-2 flex flex-col items-end gap-1 md:items-start">
      <Button
        type="button"
        aria-describedby={describedBy}
        aria-disabled={update.isPending}
        onClick={() => update.isPending || update.mutate({ status: 'new', suspicion: null }, { onSuccess: () => onRestored(record) })}
        variant="outline"
        size="sm"
        className="whitespace-nowrap px-3 py-1.5"
      >
        <Undo2 aria-hidden="true" className="h-4 w-4" />
        {labels.notSpam}
      </Button>
      {update.isError && (
        <span role="alert" className="text-xs font-medium text-destructive-strong">
          {labels.saveFailed}
        </span>
      )}
    </span>
  )
}
