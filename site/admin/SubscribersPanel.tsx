import { useRef, useState } from 'react'
import { format } from '../content/ui'
import { Announcer, useNotice } from './Announcer'
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog'
import { EmptyState } from './EmptyState'
import type { ShellLabels, SubscriberLabels } from './labels'
import { PanelHeader } from './PanelHeader'
import { QueryGate } from './QueryGate'
import { SubscriberExport } from './SubscriberExport'
import { SubscriberTable } from './SubscriberTable'
import { useDeleteSubscriber, useSubscribers, type Subscriber } from './subscribers'

type SubscribersPanelProps = { labels: SubscriberLabels; shell: ShellLabels }

const countFormat = new Intl.NumberFormat('en-US')

/** /admin/newsletter: the subscriber count, the list with its export, and Delete per subscriber. */
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
        <EmptyState title={labels.emptyTitle} text={labels.emptyText} />
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
