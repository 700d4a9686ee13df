import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query'
import { adminApi, type InboxEndpoints } from '../../contract/wire/adminApi'
import { burstBlockDays } from '../../contract/wire/blockList'
import type { InboxBulk, InboxChange } from '../../contract/wire/inbox'
import type { InboxViewBase, ListPage } from '../../contract/wire/records'
import { answerOf, apiJson, apiPath, apiRequest } from '../forms/api'
import { useOnUnauthorized } from './session'
import { listApiPath, type ListParams } from './list/listParams'

// Query keys are GET paths of the contract's endpoints (the default loader): a list's with its query
// string, a record's, the summary's. Each answers null when the admin is signed out.

export const summaryKey = [apiPath(adminApi.summary)] as const

/** The New counts of the navigation. */
export function useSummary(enabled: boolean) {
  return useQuery({ queryKey: summaryKey, queryFn: answerOf(adminApi.summary), enabled })
}

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useRecordPage<R extends InboxViewBase>(endpoints: InboxEndpoints<R>, params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: [listApiPath(endpoints.list, params)],
    queryFn: answerOf(endpoints.list),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** The GET, PATCH and DELETE path of one record, also its query key. */
export const recordKey = (endpoints: InboxEndpoints<InboxViewBase>, id: string) => [apiPath(endpoints.record, { id })]

export function useRecord<R extends InboxViewBase>(endpoints: InboxEndpoints<R>, id: string) {
  return useQuery({ queryKey: recordKey(endpoints, id), queryFn: answerOf(endpoints.record) })
}

const isListOf = (endpoints: InboxEndpoints<InboxViewBase>) => (query: Query) => String(query.queryKey[0]).startsWith(`${apiPath(endpoints.list)}?`)

/** Lists of a kind after a change: `edit` updates what is on screen at once, then they reload (a filter may no longer match). */
function changeLists<R extends InboxViewBase>(queryClient: QueryClient, endpoints: InboxEndpoints<R>, edit: (page: ListPage<R>) => ListPage<R>) {
  queryClient.setQueriesData<ListPage<R> | null>({ predicate: isListOf(endpoints) }, (page) => page && edit(page))
  void queryClient.invalidateQueries({ predicate: isListOf(endpoints) })
  void queryClient.invalidateQueries({ queryKey: summaryKey })
  // A meeting follows its lead's status: the agenda is read again.
  void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(apiPath(adminApi.meetings.list)) })
}

/** PATCH a record's status or note; the answer is the record as stored. */
export function useUpdateRecord<R extends InboxViewBase>(endpoints: InboxEndpoints<R>, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: InboxChange) => apiJson(endpoints.update, { params: { id }, body: change }),
    onSuccess: (record) => {
      queryClient.setQueryData(recordKey(endpoints, id), record)
      changeLists<R>(queryClient, endpoints, (page) => ({ ...page, items: page.items.map((item) => (item.id === id ? record : item)) }))
    },
    onError: useOnUnauthorized(),
  })
}

/**
 * DELETE a record: it leaves every list at once. Its own query stays in the cache: the screen showing
 * it is about to go, and a removed query would be fetched again (a 404) by that screen's last render.
 */
export function useDeleteRecord<R extends InboxViewBase>(endpoints: InboxEndpoints<R>, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(endpoints.remove, { params: { id } }),
    onSuccess: () =>
      changeLists(queryClient, endpoints, (page) => ({ ...page, items: page.items.filter((item) => item.id !== id), total: Math.max(0, page.total - 1) })),
    onError: useOnUnauthorized(),
  })
}

/**
 * One status for several leads, or deleting them (POST …/bulk): the lists show the change at once, then
 * reload; the records' own pages are asked again when next opened.
 */
export function useBulkChange<R extends InboxViewBase>(endpoints: InboxEndpoints<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: InboxBulk) => apiJson(endpoints.bulk, { body: change }),
    onSuccess: (_answer, change) => {
      const ids = new Set(change.ids)
      changeLists<R>(queryClient, endpoints, (page) =>
        change.delete
          ? { ...page, items: page.items.filter((item) => !ids.has(item.id)), total: Math.max(0, page.total - ids.size) }
          : {
              ...page,
              items: page.items.map((item) =>
                ids.has(item.id) && change.status ? { ...item, status: change.status, overdue: change.status === 'new' && item.overdue } : item,
              ),
            },
      )
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: recordKey(endpoints, id) })
    },
    onError: useOnUnauthorized(),
  })
}

/**
 * The inbox's Spam and block: the leads marked spam (as a bulk change), then their email addresses put
 * on the block list with `reason`, and `networks` (prefixes, when the admin chose to) for burstBlockDays.
 * How many leads changed, and how many addresses and networks are blocked. Tried again after a failure,
 * it blocks nothing twice: an address blocked already keeps its longer block.
 */
export function useSpamAndBlock<R extends InboxViewBase>(endpoints: InboxEndpoints<R>) {
  const bulk = useBulkChange(endpoints)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ leads, reason, networks }: { leads: readonly R[]; reason: string; networks: readonly string[] }) => {
      const { changed } = await bulk.mutateAsync({ ids: leads.map((lead) => lead.id), status: 'spam' })
      const blocked = await apiJson(adminApi.block, { body: { kind: 'email', values: [...new Set(leads.map((lead) => lead.email))], reason } })
      const ranges = networks.length > 0 ? await apiJson(adminApi.block, { body: { kind: 'client', values: [...networks], days: burstBlockDays, reason } }) : []
      return { changed, blocked: blocked.length, networks: ranges.length }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [apiPath(adminApi.blocked)] }),
    onError: useOnUnauthorized(),
  })
}
