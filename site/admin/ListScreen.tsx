import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { useRef, useState, type ReactNode, type RefObject } from 'react'
import { format } from '../content/ui'
import { Announcer, useNotice } from './Announcer'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { EmptyState } from './EmptyState'
import type { GateLabels, SessionLabels } from './labels'
import { PanelHeader } from './PanelHeader'
import { QueryGate } from './QueryGate'

/** The words every list screen of this kind has, from its section of content/ui.json. */
export type ListScreenWords = Pick<GateLabels, 'loading' | 'fetchFailed' | 'loadError' | 'signInText'> & {
  countOne: string
  countOther: string
  emptyTitle: string
  emptyText: string
  zoneNote: string
  keep: string
  actionFailed: string
}

/** How one entry is removed: the confirmation's words, and what is announced once it is gone. */
export type Removal<T> = {
  mutation: UseMutationResult<unknown, Error, string>
  title: (entry: T) => string
  text: string
  confirm: string
  pending: string
  done: (entry: T) => string
}

type ListScreenProps<T extends { id: string }> = {
  query: UseQueryResult<T[] | null>
  session: SessionLabels
  words: ListScreenWords
  /** Between the heading and the list: what the screen says of itself and how an entry is added. */
  top: (tools: { announce: (text: string) => void; heading: RefObject<HTMLHeadingElement | null> }) => ReactNode
  /** The list itself; `remove` asks first. */
  table: (entries: T[], remove: (entry: T) => void) => ReactNode
  removal: Removal<T>
  /** After the list, once signed in: what else the screen shows (the Blocked screen's caught posts). */
  below?: ReactNode
}

const countFormat = new Intl.NumberFormat('en-US')

/**
 * An admin screen of entries the agency adds and removes (API tokens, blocked addresses): the count with
 * Refresh, what the screen adds, the list or its empty state, and a removal that asks first and puts
 * focus back on the heading.
 */
export function ListScreen<T extends { id: string }>({ query, session, words, top, table, removal, below }: ListScreenProps<T>) {
  const [removing, setRemoving] = useState<T | null>(null)
  const [notice, announce] = useNotice()
  const heading = useRef<HTMLHeadingElement>(null)
  const gate: GateLabels = { ...session, loading: words.loading, fetchFailed: words.fetchFailed, loadError: words.loadError, signInText: words.signInText }
  const { mutation } = removal

  return (
    <div className="space-y-6">
      <Announcer notice={notice} />
      <QueryGate query={query} labels={gate}>
        {(list) => (
          <div className="space-y-6">
            <PanelHeader
              heading={list.length === 1 ? words.countOne : format(words.countOther, { count: countFormat.format(list.length) })}
              headingRef={heading}
              refreshing={query.isFetching}
              onRefresh={() => void query.refetch()}
              labels={session}
            />
            {top({ announce, heading })}
            {list.length === 0 ? (
              <EmptyState title={words.emptyTitle} text={words.emptyText} />
            ) : (
              <>
                <p className="text-sm text-muted-foreground">{words.zoneNote}</p>
                {table(list, (entry) => {
                  mutation.reset()
                  setRemoving(entry)
                })}
              </>
            )}
            {below}
          </div>
        )}
      </QueryGate>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => open || setRemoving(null)}
        title={removing ? removal.title(removing) : ''}
        description={removal.text}
        labels={{ confirm: removal.confirm, pending: removal.pending, cancel: words.keep, failed: words.actionFailed }}
        onConfirm={() => {
          if (!removing) return
          mutation.mutate(removing.id, {
            onSuccess: () => {
              announce(removal.done(removing))
              setRemoving(null)
            },
          })
        }}
        pending={mutation.isPending}
        failed={mutation.isError}
        fallbackFocus={() => heading.current}
      />
    </div>
  )
}
