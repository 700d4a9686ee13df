import { RefreshCw } from 'lucide-react'
import { useId, useState } from 'react'
import { Alert } from '../../ui/alert'
import { buttonVariants } from '../../ui/buttonVariants'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { CopyField } from '../CopyField'
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
  const url = feed.data?.url

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-900">
        {labels.feedTitle}
      </h2>
      <p className="mt-2 max-w-3xl text-sm leading-6 text-body">{labels.feedText}</p>
      {feed.isError && <Alert className="mt-4">{labels.fetchFailed}</Alert>}
      <div className="mt-5">
        <CopyField
          id={`${id}-url`}
          label={labels.feedLabel}
          value={url}
          labels={{ copy: labels.feedCopy, copyFailed: labels.feedCopyFailed }}
          onCopied={() => announce(labels.feedCopied)}
        >
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
        </CopyField>
      </div>
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
