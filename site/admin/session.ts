import { useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query'
import { createContext, use, useSyncExternalStore } from 'react'
import { adminApi } from '../../contract/wire/adminApi'
import type { FirstOwner, SignInRequest } from '../../contract/wire/people'
import { answerOf, apiJson, apiPath, apiRequest, ApiError } from '../forms/api'
import { signInWithPasskey } from './passkeys'

/**
 * A query a signed-out browser makes (how to sign in, an invitation's link): its answer says nothing of a
 * session, so it is neither forgotten on a 401 nor taken as being signed in.
 */
export const openQuery = { open: true } as const
const isAdminData = (query: Query) => query.meta?.open !== true

/**
 * Every admin query answers null once the API has said 401, and each screen then shows the sign-in
 * form: signing out, an expired session and a restarted service all end the same way.
 */
export const forgetAdminData = (queryClient: QueryClient) => queryClient.setQueriesData({ predicate: isAdminData }, null)

/** Focuses the screen's main heading: where the admin is once signed in (AdminScreen provides it). */
export const FocusTitle = createContext<() => void>(() => {})

/** For a mutation's onError: a 401 means the session is gone. */
export function useOnUnauthorized() {
  const queryClient = useQueryClient()
  return (error: Error) => {
    if (error instanceof ApiError && error.status === 401) forgetAdminData(queryClient)
  }
}

const optionsKey = [apiPath(adminApi.signInOptions)]

/** Whether the admin password still signs in (no owner account yet); read again after each sign-out and refused sign-in. */
export const useSignInOptions = () => useQuery({ queryKey: optionsKey, queryFn: () => apiJson(adminApi.signInOptions), meta: openQuery })

/** Who is signed in (null once signed out); not asked on a screen a signed-out person opens (`enabled`). */
export const useMe = (enabled = true) => useQuery({ queryKey: [apiPath(adminApi.me)], queryFn: answerOf(adminApi.me), enabled })

/** Once signed in: focus goes to the screen's main heading first, as the sign-in form (which had it) goes, and every query is asked again. */
function useSignedInNow() {
  const queryClient = useQueryClient()
  const focusTitle = use(FocusTitle)
  return () => {
    focusTitle()
    return queryClient.resetQueries()
  }
}

/**
 * Signs in with an email and a password (and the code of a second factor, once the service asked for it with
 * `fields.code`), or with the admin password alone while bootstrapping.
 */
export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: SignInRequest) => apiRequest(adminApi.signIn, { body: request }),
    onSuccess: useSignedInNow(),
    // Refused: the first owner may have been made meanwhile (the form then asks for an email too).
    onError: () => void queryClient.invalidateQueries({ queryKey: optionsKey }),
  })
}

/** Signs in with a passkey this browser holds: no email, no password. */
export const usePasskeySignIn = () => useMutation({ mutationFn: signInWithPasskey, onSuccess: useSignedInNow() })

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(adminApi.signOut),
    onSuccess: () => {
      // Asked afresh by the sign-in form that follows: the first owner may have been made since.
      queryClient.removeQueries({ queryKey: optionsKey })
      forgetAdminData(queryClient)
    },
  })
}

/**
 * While the admin password signs in: the first owner's account. The service signs this browser in as it, so
 * every query is asked again (with the owner's session) and focus goes to the screen's heading.
 */
export function useFirstOwner() {
  const signedIn = useSignedInNow()
  return useMutation({
    mutationFn: (account: FirstOwner) => apiJson(adminApi.people.firstOwner, { body: account }),
    onSuccess: () => signedIn(),
    onError: useOnUnauthorized(),
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
    () => cache.getAll().some((query) => isAdminData(query) && query.state.data !== null && query.state.data !== undefined),
    () => false,
  )
}
