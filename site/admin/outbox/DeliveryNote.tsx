import { FolderOpen, Send } from 'lucide-react'
import { cn } from '../../ui/cn'
import type { OutboxLabels } from '../labels'
import type { OutboxPage } from '../../../contract/wire/records'

type DeliveryNoteProps = { delivery: OutboxPage['delivery']; labels: Pick<OutboxLabels, 'deliveryFolder' | 'deliverySmtp'> }

/** Where emails go: through the mail server, or only into the local folder (then nobody receives them). */
export function DeliveryNote({ delivery, labels }: DeliveryNoteProps) {
  const folder = delivery === 'folder'
  const Icon = folder ? FolderOpen : Send
  return (
    <p
      className={cn(
        'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm',
        folder ? 'border-warning-border bg-warning-subtle text-warning-strong' : 'border-border bg-card text-body',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {folder ? labels.deliveryFolder : labels.deliverySmtp}
    </p>
  )
}
