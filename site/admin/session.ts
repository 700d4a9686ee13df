import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { createContext, use, useSyncExternalStore } from 'react'
import { adminApi } from '../../contract/wire/adminApi'
import { apiRequest, ApiError } from '../forms/api'

/**
 * Every admin query answers null once the API has said 401, and each screen then shows the sign-in
 * form: signing out, an expired session and a restarted service all end the same way.
 */
export const forgetAdminData = (queryClient: QueryClient) => queryClient.setQueriesData({}, null)

/** Focuses the screen's main heading: where the admin is once signed in (AdminScreen provides it). */
export const FocusTitle = createContext<() => void>(() => {})

/** For a mutation's onError: a 401 means the session is gone. */
export function useOnUnauthorized() {
  const queryClient = useQueryClient()
  return (error: Error) => {
    if (error instanceof ApiError && error.status === 401) forgetAdminData(queryClient)
  }
}

/** Signs in; focus goes to the screen's main heading first, as the sign-in form (which had it) goes. */
export function useSignIn() {
  const queryClient = useQueryClient()
  const focusTitle = use(FocusTitle)
  return useMutation({
    mutationFn: (password: string) => apiRequest(adminApi.signIn, { body: { password } }),
    onSuccess: () => {
      focusTitle()
      return queryClient.resetQueries()
    },
  })
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(adminApi.signOut),
    onSuccess: () => forgetAdminData(queryClient),
  })
}

/**
 * Whether the admin is signed in, as the screen's queries know it: some admin data has arrived, and
 * none has been forgotten since (a 401 or Sign Out sets every query's data to null).
 */
export function useSignedIn(): boolean {
  const cache = useQueryClient().getQueryCache()
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => cache.getAll().some((query) => query.state.data !== null && query.state.data !== undefined),
    () => false,
  )
}
