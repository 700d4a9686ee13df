import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { BlockedPostView } from '../../../contract/wire/blockList'
import { format } from '../../content/ui'
import { ApiError } from '../../forms/api'
import { Alert } from '../../ui/alert'
import { Announcer, useNotice } from '../Announcer'
import { EmptyState } from '../EmptyState'
import type { BlockedLabels, PagerLabels, SessionLabels, ShellLabels } from '../labels'
import { listSearch, pageSize, readListParams, type ListParams } from '../list/listParams'
import { navigate, useLocationSearch } from '../list/location'
import { Pager } from '../list/Pager'
import { QueryGate } from '../QueryGate'
import { useBlockedPosts, useUnblockPost } from './blockQueries'
import { destinationOf, senderOf } from './caughtPost'
import { CaughtTable } from './CaughtTable'

type CaughtPostsProps = { words: BlockedLabels; pager: PagerLabels; session: SessionLabels; shell: ShellLabels }

/** The page of the list in the address ('?page=2'), so that a reload shows the same posts. */
const pageOf = (search: string | null): ListParams => ({ status: null, q: '', page: readListParams(new URLSearchParams(search ?? ''), []).page })

/**
 * The posts the block list caught, newest first and paged, each with Unblock: the post moves to its inbox
 * or the subscribers, a lasting notice links to it there, and focus goes to the next row's Unblock (the
 * notice's link once the page has none).
 */
export function CaughtPosts({ words, pager, session, shell }: CaughtPostsProps) {
  const id = useId()
  const search = useLocationSearch()
  const params = useMemo(() => pageOf(search), [search])
  const onPage = useCallback((page: number) => navigate(listSearch({ ...params, page }), 'replace'), [params])
  const query = useBlockedPosts(params, search !== null)
  const unblock = useUnblockPost()
  const [notice, announce] = useNotice({ lasting: true })
  // The Unblock to focus once a row is gone (null: none is left, the notice's link).
  const [focusAfter, setFocusAfter] = useState<{ id: string | null }>()
  const table = useRef<HTMLDivElement>(null)
  const link = useRef<HTMLAnchorElement>(null)
  const data = query.data

  useEffect(() => {
    if (!focusAfter) return
    const next = focusAfter.id === null ? null : table.current?.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(focusAfter.id)}"]`)
    ;(next ?? link.current)?.focus()
    setFocusAfter(undefined)
  }, [focusAfter])

  // A page past the end (its last posts were moved): show the last page there is.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && params.page > 1) onPage(Math.ceil(data.total / pageSize))
  }, [data, params, onPage])

  const move = (post: BlockedPostView, posts: BlockedPostView[]) => {
    const at = posts.indexOf(post)
    const next = posts[at + 1] ?? posts[at - 1]
    unblock.mutate(post.id, {
      onSuccess: (moved) => {
        const destination = destinationOf(moved)
        announce(format(words.moved, { place: shell[destination.screen], who: senderOf(post).name }), {
          href: destination.href,
          text: words[destination.open],
        })
        setFocusAfter({ id: next?.id ?? null })
      },
    })
  }

  const gate = {
    ...session,
    loading: words.caughtLoading,
    fetchFailed: words.caughtFetchFailed,
    loadError: words.caughtLoadError,
    signInText: words.signInText,
  }
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 border-t border-divider pt-8">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-900">
        {words.caughtTitle}
      </h2>
      <p className="max-w-3xl text-sm leading-6 text-body">{words.caughtIntro}</p>
      <Announcer notice={notice} linkRef={link} />
      {unblock.isError && <Alert>{unblock.error instanceof ApiError && unblock.error.status === 404 ? words.postGone : words.actionFailed}</Alert>}
      <QueryGate query={query} labels={gate}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title={words.caughtEmptyTitle} text={words.caughtEmptyText} />
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{words.zoneNote}</p>
              <CaughtTable
                posts={page.items}
                onUnblock={(post) => move(post, page.items)}
                unblocking={unblock.isPending ? unblock.variables : null}
                labels={words}
                regionRef={table}
              />
              {page.total > pageSize && <Pager page={params.page} shown={page.items.length} total={page.total} onPage={onPage} labels={pager} />}
            </>
          )
        }
      </QueryGate>
    </section>
  )
}
