import { useId, useState } from 'react'
import { burstBlockDays } from '../../../contract/wire/blockList'
import { format } from '../../content/ui'
import { ConfirmDialog, type ConfirmDialogProps } from '../../ui/confirm-dialog'
import type { InboxLabels } from '../labels'
import type { BurstNetwork } from './burstNetworks'

type SpamBlockDialogProps = Pick<ConfirmDialogProps, 'open' | 'onOpenChange' | 'pending' | 'failed' | 'fallbackFocus'> & {
  /** How many leads are selected. */
  count: number
  /** The networks they came from, most first (burstNetworks); none for messages or requests stored before networks were kept. */
  networks: readonly BurstNetwork[]
  /** With the prefixes to block for burstBlockDays: none when there are none or the admin unchecked the box. */
  onConfirm: (networks: string[]) => void
  labels: InboxLabels
  cancel: string
}

const countFormat = new Intl.NumberFormat('en-US')

/**
 * Spam and block's question: the selected leads are marked spam and their email addresses blocked; the
 * networks they came from are listed with how many came from each, and blocked too for burstBlockDays
 * unless the admin unchecks the box (checked again each time it opens).
 */
export function SpamBlockDialog({ count, networks, onConfirm, labels, cancel, ...dialog }: SpamBlockDialogProps) {
  const id = useId()
  const [withNetworks, setWithNetworks] = useState(true)
  const [wasOpen, setWasOpen] = useState(dialog.open)
  if (dialog.open !== wasOpen) {
    setWasOpen(dialog.open)
    if (dialog.open) setWithNetworks(true)
  }
  const one = networks.length === 1
  return (
    <ConfirmDialog
      {...dialog}
      title={format(labels.spamAndBlockTitle, { count: countFormat.format(count) })}
      description={labels.spamAndBlockText}
      labels={{ confirm: labels.spamAndBlock, pending: labels.spamAndBlocking, cancel, failed: labels.bulkFailed }}
      onConfirm={() => onConfirm(withNetworks ? networks.map((network) => network.prefix) : [])}
    >
      {networks.length > 0 && (
        <div className="mt-5 rounded-xl bg-muted p-4 ring-1 ring-border">
          <p id={`${id}-networks`} className="text-sm font-semibold text-emphasis">
            {labels.spamNetworks}
          </p>
          <ul aria-labelledby={`${id}-networks`} className="mt-2 space-y-1 text-sm text-body tabular-nums">
            {networks.map(({ prefix, count: leads }) => (
              <li key={prefix} className="wrap-anywhere">
                {format(leads === 1 ? labels.spamNetworkOne : labels.spamNetworkOther, { network: prefix, count: countFormat.format(leads) })}
              </li>
            ))}
          </ul>
          <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-emphasis md:min-h-0">
            <input
              type="checkbox"
              checked={withNetworks}
              onChange={(event) => setWithNetworks(event.target.checked)}
              aria-describedby={`${id}-hint`}
              className="h-5 w-5 shrink-0 accent-primary-strong md:h-4 md:w-4"
            />
            <span className="text-pretty">{format(one ? labels.spamBlockNetworkOne : labels.spamBlockNetworksOther, { days: burstBlockDays })}</span>
          </label>
          <p id={`${id}-hint`} className="ml-8 text-sm text-muted-foreground md:ml-7">
            {labels.spamBlockNetworksHint}
          </p>
        </div>
      )}
    </ConfirmDialog>
  )
}
