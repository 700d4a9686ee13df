import { Ban, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { inboxStatuses, type InboxStatus } from '../../../contract/wire/inbox'
import { format } from '../../content/ui'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { InboxLabels } from '../labels'
import { statusLabel } from './statusLabels'

type BulkBarProps = {
  /** How many of the page's records are checked, of how many. */
  count: number
  total: number
  onSelectAll: (checked: boolean) => void
  onStatus: (status: InboxStatus) => void
  /** Opens the delete confirmation. */
  onDelete: () => void
  /** Opens the Spam and block confirmation. */
  onSpamAndBlock: () => void
  pending: boolean
  failed: boolean
  labels: InboxLabels
}

const countFormat = new Intl.NumberFormat('en-US')

/**
 * "Select all on this page", and once some records are checked: how many, a status to give them all,
 * Spam and block (their email addresses go on the block list, and a burst's networks for a while:
 * SpamBlockDialog) and Delete selected, both asking first.
 */
export function BulkBar({ count, total, onSelectAll, onStatus, onDelete, onSpamAndBlock, pending, failed, labels }: BulkBarProps) {
  const id = useId()
  const all = useRef<HTMLInputElement>(null)
  const [status, setStatus] = useState<InboxStatus>('contacted')
  // Some but not all: the box shows a dash (a property only, no attribute for it).
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < total
  }, [count, total])

  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl bg-card px-4 py-3 shadow-sm ring-1 ring-border">
      <legend className="sr-only">{labels.bulkLabel}</legend>
      <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-emphasis">
        <input
          ref={all}
          type="checkbox"
          checked={total > 0 && count === total}
          onChange={(event) => onSelectAll(event.target.checked)}
          className="h-5 w-5 accent-primary-strong md:h-4 md:w-4"
        />
        {labels.selectAll}
      </label>
      {count > 0 && (
        <>
          <p className="text-sm font-semibold text-foreground">{format(labels.selectedCount, { count: countFormat.format(count) })}</p>
          <form
            className="flex items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              if (!pending) onStatus(status)
            }}
          >
            <label htmlFor={`${id}-status`} className="sr-only">
              {labels.bulkStatus}
            </label>
            <select
              id={`${id}-status`}
              value={status}
              onChange={(event) => setStatus(inboxStatuses.find((option) => option === event.target.value) ?? 'contacted')}
              className="rounded-lg border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              {inboxStatuses.map((option) => (
                <option key={option} value={option}>
                  {statusLabel(option, labels)}
                </option>
              ))}
            </select>
            <Button type="submit" aria-disabled={pending} variant="primary" size="sm">
              {pending ? labels.bulkApplying : labels.bulkApply}
            </Button>
          </form>
          <Button type="button" onClick={onSpamAndBlock} variant="outline" size="sm">
            <Ban aria-hidden="true" className="h-4 w-4" />
            {labels.spamAndBlock}
          </Button>
          <Button type="button" onClick={onDelete} variant="outlineDestructive" size="sm">
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {labels.bulkDelete}
          </Button>
        </>
      )}
      {failed && <Alert className="basis-full">{labels.bulkFailed}</Alert>}
    </fieldset>
  )
}
