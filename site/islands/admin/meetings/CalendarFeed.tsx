import { Copy, RefreshCw } from 'lucide-react'
import { useId, useState } from 'react'
import { Alert } from '../../../ui/alert'
import { buttonVariants } from '../../../ui/buttonVariants'
import { ConfirmDialog } from '../ConfirmDialog'
import type { MeetingLabels } from '../labels'
import { useCalendarFeed, useReplaceCalendarFeed } from './meetingQueries'

type CalendarFeedProps = { labels: MeetingLabels; announce: (text: string) => void }

/**
 * The private calendar subscription: its address to copy, Replace (after a confirmation: every
 * subscribed calendar loses it), and how to subscribe in the three common calendar apps.
 */
export function CalendarFeed({ labels, announce }: CalendarFeedProps) {
  const id = useId()
  const feed = useCalendarFeed(true)
  const replace = useReplaceCalendarFeed()
  const [confirming, setConfirming] = useState(false)
  const [copyFailed, setCopyFailed] = useState(false)
  const url = feed.data?.url

  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      setCopyFailed(false)
      announce(labels.feedCopied)
    } catch {
      setCopyFailed(true)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-900">
        {labels.feedTitle}
      </h2>
      <p className="mt-2 max-w-3xl text-sm leading-6 text-body">{labels.feedText}</p>
      {feed.isError && <Alert className="mt-4">{labels.fetchFailed}</Alert>}
      <label htmlFor={`${id}-url`} className="mt-5 block text-sm font-medium text-emphasis">
        {labels.feedLabel}
      </label>
      <div className="mt-1.5 flex flex-col gap-3 lg:flex-row">
        <input
          id={`${id}-url`}
          readOnly
          value={url ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-input bg-muted px-3.5 py-2.5 font-mono text-sm text-foreground focus:border-ring focus:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
        />
        <div className="flex shrink-0 flex-wrap gap-2">
          <button type="button" onClick={() => void copy()} disabled={!url} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Copy aria-hidden="true" className="h-4 w-4" />
            {labels.feedCopy}
          </button>
          <button
            type="button"
            onClick={() => {
              replace.reset()
              setConfirming(true)
            }}
            disabled={!url}
            className={buttonVariants({ variant: 'outlineDestructive', size: 'sm' })}
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            {labels.feedReplace}
          </button>
        </div>
      </div>
      {copyFailed && <Alert className="mt-3">{labels.feedCopyFailed}</Alert>}
      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{labels.feedHowTo}</h3>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-6 text-body">
        <li>{labels.feedGoogle}</li>
        <li>{labels.feedOutlook}</li>
        <li>{labels.feedApple}</li>
      </ul>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={labels.feedReplaceTitle}
        description={labels.feedReplaceText}
        labels={{ confirm: labels.feedReplaceConfirm, pending: labels.feedReplacing, cancel: labels.keepAddress, failed: labels.actionFailed }}
        onConfirm={() =>
          replace.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false)
              announce(labels.feedReplaced)
            },
          })
        }
        pending={replace.isPending}
        failed={replace.isError}
      />
    </section>
  )
}
