import { useRef, useState } from 'react'
import type { BlockView } from '../../../../contract/blockList'
import { format } from '../../../content/ui'
import { Announcer, useNotice } from '../Announcer'
import { ConfirmDialog } from '../ConfirmDialog'
import { EmptyState } from '../EmptyState'
import type { BlockedScreenLabels, GateLabels } from '../labels'
import { PanelHeader } from '../PanelHeader'
import { QueryGate } from '../QueryGate'
import { BlockForm } from './BlockForm'
import { useBlock, useBlocked, useUnblock } from './blockQueries'
import { BlockTable } from './BlockTable'

type BlockedScreenProps = { labels: BlockedScreenLabels }

const countFormat = new Intl.NumberFormat('en-US')

/**
 * /admin/blocked: the email and client addresses whose forms the service drops (answered as if
 * received). Block one here, or a page of leads at once with the inbox's Spam and block; Unblock asks first.
 */
export function BlockedScreen({ labels }: BlockedScreenProps) {
  const { session, blocked: words } = labels
  const query = useBlocked()
  const block = useBlock()
  const unblock = useUnblock()
  const [unblocking, setUnblocking] = useState<BlockView | null>(null)
  const [notice, announce] = useNotice()
  const heading = useRef<HTMLHeadingElement>(null)
  const gateLabels: GateLabels = {
    ...session,
    loading: words.loading,
    fetchFailed: words.fetchFailed,
    loadError: words.loadError,
    signInText: words.signInText,
  }

  return (
    <div className="space-y-6">
      <Announcer notice={notice} />
      <QueryGate query={query} labels={gateLabels}>
        {(list) => (
          <div className="space-y-6">
            <PanelHeader
              heading={list.length === 1 ? words.countOne : format(words.countOther, { count: countFormat.format(list.length) })}
              headingRef={heading}
              refreshing={query.isFetching}
              onRefresh={() => void query.refetch()}
              labels={session}
            />
            <p className="max-w-3xl text-sm leading-6 text-body">{words.intro}</p>
            <BlockForm
              onBlock={({ kind, value, reason }, done) =>
                block.mutate(
                  { kind, values: [value], ...(reason.trim() ? { reason: reason.trim() } : {}) },
                  {
                    onSuccess: ([entry]) => {
                      done()
                      announce(format(words.added, { value: entry?.value ?? value }))
                    },
                  },
                )
              }
              blocking={block.isPending}
              error={block.error}
              labels={words}
            />
            {list.length === 0 ? (
              <EmptyState title={words.emptyTitle} text={words.emptyText} />
            ) : (
              <>
                <p className="text-sm text-muted-foreground">{words.zoneNote}</p>
                <BlockTable
                  entries={list}
                  onUnblock={(entry) => {
                    unblock.reset()
                    setUnblocking(entry)
                  }}
                  labels={words}
                />
              </>
            )}
          </div>
        )}
      </QueryGate>
      <ConfirmDialog
        open={unblocking !== null}
        onOpenChange={(open) => open || setUnblocking(null)}
        title={format(words.removeTitle, { value: unblocking?.value ?? '' })}
        description={words.removeText}
        labels={{ confirm: words.removeConfirm, pending: words.removing, cancel: words.keep, failed: words.actionFailed }}
        onConfirm={() => {
          if (!unblocking) return
          unblock.mutate(unblocking.id, {
            onSuccess: () => {
              announce(format(words.removed, { value: unblocking.value }))
              setUnblocking(null)
            },
          })
        }}
        pending={unblock.isPending}
        failed={unblock.isError}
        fallbackFocus={() => heading.current}
      />
    </div>
  )
}
