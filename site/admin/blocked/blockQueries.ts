import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { adminApi } from '../../../contract/wire/adminApi'
import type { BlockAdd, BlockView } from '../../../contract/wire/blockList'
import { answerOf, apiJson, apiPath, apiRequest } from '../../forms/api'
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
