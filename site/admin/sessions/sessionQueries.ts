import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { adminApi } from '../../../contract/wire/adminApi'
import type { SessionView } from '../../../contract/wire/people'
import { answerOf, apiPath, apiRequest } from '../../forms/api'
import { forgetAdminData, useOnUnauthorized } from '../session'

// The query key is the list's GET path, as for the other admin lists.
const listKey = [apiPath(adminApi.sessions.list)]

/** The browsers signed in as this person, the latest seen first; null while signed out. */
export const useSessions = () => useQuery({ queryKey: listKey, queryFn: answerOf(adminApi.sessions.list) })

/** Ends a session at once; ending this browser's own signs it out here too (the sign-in form follows). */
export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest(adminApi.sessions.end, { params: { id } }),
    onSuccess: (_answer, id) => {
      const current = queryClient.getQueryData<SessionView[] | null>(listKey)?.find((session) => session.id === id)?.current
      queryClient.setQueryData<SessionView[] | null>(listKey, (list) => list?.filter((session) => session.id !== id))
      if (current) forgetAdminData(queryClient)
    },
    onError: useOnUnauthorized(),
  })
}
