import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query'
import { apiRequest, getQueryFn } from '../../../forms/api'
import { useOnUnauthorized } from '../session'
import { listApiPath, recordApiPath, type ListParams } from './listParams'
import type { InboxRecordBase, InboxStatus, RecordPage, Summary } from './types'

// Query keys are GET paths (the default loader): '/api/admin/consultations?offset=0&limit=25',
// '/api/admin/consultations/<id>', '/api/admin/summary'. Each answers null when the admin is signed out.

export const summaryKey = ['/api/admin/summary'] as const

/** The New counts of the navigation. */
export function useSummary(enabled: boolean) {
  return useQuery({ queryKey: summaryKey, queryFn: getQueryFn<Summary>({ on401: 'returnNull' }), enabled })
}

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useRecordPage<R extends InboxRecordBase>(api: string, params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: [listApiPath(api, params)],
    queryFn: getQueryFn<RecordPage<R>>({ on401: 'returnNull' }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useRecord<R extends InboxRecordBase>(api: string, id: string) {
  return useQuery({ queryKey: [recordApiPath(api, id)], queryFn: getQueryFn<R>({ on401: 'returnNull' }) })
}

const isListOf = (api: string) => (query: Query) => String(query.queryKey[0]).startsWith(`${api}?`)

/** Lists of a kind after a change: `edit` updates what is on screen at once, then they reload (a filter may no longer match). */
function changeLists<R extends InboxRecordBase>(queryClient: QueryClient, api: string, edit: (page: RecordPage<R>) => RecordPage<R>) {
  queryClient.setQueriesData<RecordPage<R> | null>({ predicate: isListOf(api) }, (page) => page && edit(page))
  void queryClient.invalidateQueries({ predicate: isListOf(api) })
  void queryClient.invalidateQueries({ queryKey: summaryKey })
}

export type RecordChange = { status?: InboxStatus; note?: string }

/** PATCH a record's status or note; the answer is the record as stored. */
export function useUpdateRecord<R extends InboxRecordBase>(api: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: RecordChange) => (await (await apiRequest('PATCH', recordApiPath(api, id), change)).json()) as R,
    onSuccess: (record) => {
      queryClient.setQueryData([recordApiPath(api, id)], record)
      changeLists<R>(queryClient, api, (page) => ({ ...page, items: page.items.map((item) => (item.id === id ? record : item)) }))
    },
    onError: useOnUnauthorized(),
  })
}

/**
 * DELETE a record: it leaves every list at once. Its own query stays in the cache: the screen showing
 * it is about to go, and a removed query would be fetched again (a 404) by that screen's last render.
 */
export function useDeleteRecord(api: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('DELETE', recordApiPath(api, id)),
    onSuccess: () =>
      changeLists(queryClient, api, (page) => ({ ...page, items: page.items.filter((item) => item.id !== id), total: Math.max(0, page.total - 1) })),
    onError: useOnUnauthorized(),
  })
}
