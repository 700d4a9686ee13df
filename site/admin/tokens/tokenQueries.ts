import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { adminApi } from '../../../contract/wire/adminApi'
import type { ApiTokenCreate, ApiTokenView } from '../../../contract/wire/apiTokens'
import { answerOf, apiJson, apiPath, apiRequest } from '../../forms/api'
import { useOnUnauthorized } from '../session'

// The query key is the list's GET path, as for the other admin lists.
const listKey = [apiPath(adminApi.apiTokens)]

/** Every API token, oldest first; null while signed out. */
export const useApiTokens = () => useQuery({ queryKey: listKey, queryFn: answerOf(adminApi.apiTokens) })

/** Makes a token; its answer (with the token itself) is the only copy, so the list gets the token's view only. */
export function useCreateApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: ApiTokenCreate) => apiJson(adminApi.createApiToken, { body: request }),
    onSuccess: ({ token: _token, ...view }) => {
      queryClient.setQueryData<ApiTokenView[] | null>(listKey, (list) => list && [...list, view])
    },
    onError: useOnUnauthorized(),
  })
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest(adminApi.revokeApiToken, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ApiTokenView[] | null>(listKey, (list) => list?.filter((token) => token.id !== id))
    },
    onError: useOnUnauthorized(),
  })
}
