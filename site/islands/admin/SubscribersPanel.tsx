import { Inbox } from 'lucide-react'
import { useRef, useState } from 'react'
import { format } from '../../content/ui'
import { Announcer, useNotice } from './Announcer'
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog'
import type { ShellLabels, SubscriberLabels } from './labels'
import { PanelHeader } from './PanelHeader'
import { QueryGate } from './QueryGate'
import { SubscriberExport } from './SubscriberExport'
import { SubscriberTable } from './SubscriberTable'
import { useDeleteSubscriber, useSubscribers, type Subscriber } from './subscribers'

type SubscribersPanelProps = { labels: SubscriberLabels; shell: ShellLabels }

const countFormat = new Intl.NumberFormat('en-US')

/** /admin/newsletter (SPEC §2): the subscriber count, the list with its export, and Delete per subscriber. */
export function SubscribersPanel({ labels, shell }: SubscribersPanelProps) {
  const subscribers = useSubscribers()
  return (
    <QueryGate query={subscribers} labels={labels}>
      {(list) => <SubscriberList list={list} refreshing={subscribers.isFetching} onRefresh={() => void subscribers.refetch()} labels={labels} shell={shell} />}
    </QueryGate>
  )
}

type SubscriberListProps = SubscribersPanelProps & { list: Subscriber[]; refreshing: boolean; onRefresh: () => void }

function SubscriberList({ list, refreshing, onRefresh, labels, shell }: SubscriberListProps) {
  const [notice, announce] = useNotice()
  const [doomed, setDoomed] = useState<Subscriber | null>(null)
  const remove = useDeleteSubscriber()
  const heading = useRef<HTMLHeadingElement>(null)
  const count = list.length === 1 ? labels.countOne : format(labels.countOther, { count: countFormat.format(list.length) })

  const confirm = (subscriber: Subscriber) =>
    remove.mutate(subscriber, {
      onSuccess: () => {
        setDoomed(null)
        announce(format(labels.deleted, { email: subscriber.email }))
      },
    })

  return (
    <div className="space-y-6">
      <PanelHeader heading={count} headingRef={heading} refreshing={refreshing} onRefresh={onRefresh} labels={labels} />
      <Announcer notice={notice} />
      {list.length === 0 ? (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 px-6 py-16 text-center">
          <Inbox aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{labels.emptyTitle}</h3>
          <p className="mt-2 text-sm text-slate-600">{labels.emptyText}</p>
        </div>
      ) : (
        <>
          <SubscriberExport subscribers={list} labels={labels} />
          <SubscriberTable
            subscribers={list}
            labels={labels}
            onDelete={(subscriber) => {
              remove.reset()
              setDoomed(subscriber)
            }}
          />
        </>
      )}
      <ConfirmDeleteDialog
        open={doomed !== null}
        onOpenChange={(open) => open || setDoomed(null)}
        title={labels.deleteTitle}
        description={format(labels.deleteText, { email: doomed?.email ?? '' })}
        labels={shell}
        onConfirm={() => doomed && confirm(doomed)}
        pending={remove.isPending}
        failed={remove.isError}
        fallbackFocus={() => heading.current}
      />
    </div>
  )
}
