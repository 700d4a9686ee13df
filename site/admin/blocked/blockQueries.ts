import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query'
import { adminApi } from '../../../contract/wire/adminApi'
import type { BlockAdd, BlockedPostView, BlockView } from '../../../contract/wire/blockList'
import type { ListPage } from '../../../contract/wire/records'
import { answerOf, ApiError, apiJson, apiPath, apiRequest } from '../../forms/api'
import { listApiPath, type ListParams } from '../list/listParams'
import { summaryKey } from '../records'
import { useOnUnauthorized } from '../session'

// The query key is the list's GET path, as for the other admin lists.
export const blockedKey = [apiPath(adminApi.blocked)]

/** The block list, oldest first; null while signed out. */
export const useBlocked = () => useQuery({ queryKey: blockedKey, queryFn: answerOf(adminApi.blocked) })

/** Blocks addresses (the screen's form, the inbox's Spam and block); the list gets the new entries. */
export function useBlock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BlockAdd) => apiJson(adminApi.block, { body }),
    onSuccess: (entries) => {
      queryClient.setQueryData<BlockView[] | null>(
        blockedKey,
        (list) => list && [...list, ...entries.filter((entry) => !list.some((known) => known.id === entry.id))],
      )
    },
    onError: useOnUnauthorized(),
  })
}

export function useUnblock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest(adminApi.unblock, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<BlockView[] | null>(blockedKey, (list) => list?.filter((entry) => entry.id !== id))
    },
    onError: useOnUnauthorized(),
  })
}

/** One page of the posts the block list caught, newest first: '/api/admin/blocked-posts?offset=25&limit=25'. */
export function useBlockedPosts(params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: [listApiPath(adminApi.blockedPosts, params)],
    queryFn: answerOf(adminApi.blockedPosts),
    placeholderData: keepPreviousData,
    enabled,
  })
}

const isCaughtPage = (query: Query) => String(query.queryKey[0]).startsWith(`${apiPath(adminApi.blockedPosts)}?`)

/**
 * Moves a caught post to its inbox or the subscribers: it leaves the pages at once, then they reload,
 * and so does the summary (the admin bar's counts). A 404 (moved or erased already) reloads them too.
 */
export function useUnblockPost() {
  const queryClient = useQueryClient()
  const onUnauthorized = useOnUnauthorized()
  const reload = () => {
    void queryClient.invalidateQueries({ predicate: isCaughtPage })
    void queryClient.invalidateQueries({ queryKey: summaryKey })
  }
  return useMutation({
    mutationFn: (id: string) => apiJson(adminApi.unblockPost, { params: { id }, body: {} }),
    onSuccess: (_moved, id) => {
      queryClient.setQueriesData<ListPage<BlockedPostView> | null>(
        { predicate: isCaughtPage },
        (page) => page && { ...page, items: page.items.filter((post) => post.id !== id), total: Math.max(0, page.total - 1) },
      )
      reload()
    },
    onError: (error) => {
      onUnauthorized(error)
      if (error instanceof ApiError && error.status === 404) reload()
    },
  })
}
