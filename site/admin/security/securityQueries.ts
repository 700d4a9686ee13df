import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { adminApi } from '../../../contract/wire/adminApi'
import type { SecondFactorRule, SecurityView, TotpConfirm } from '../../../contract/wire/people'
import { answerOf, apiJson, apiPath, apiRequest } from '../../forms/api'
import { addPasskey } from '../passkeys'
import { useOnUnauthorized } from '../session'

// The query key is the view's GET path, as for the other admin screens.
const viewKey = [apiPath(adminApi.security.view)]

/** How this person signs in, and the desk's rule; null while signed out. `enabled`: asked only where it is shown or needed. */
export const useSecurityView = (enabled = true) => useQuery({ queryKey: viewKey, queryFn: answerOf(adminApi.security.view), enabled })

/**
 * After a change of the person's sign-in ways: the view again, and, as a first factor added may open the rest of
 * the desk (the rule that asked for it is met), every other query the screen refused meanwhile. The mutation ends
 * once they are back, so that what a button changed is on screen before focus moves.
 */
function useChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries()
}

/** A new authenticator app's secret and its otpauth:// address; nothing is kept until a code from it is confirmed. */
export const useTotpStart = () => useMutation({ mutationFn: () => apiJson(adminApi.security.totpStart, { body: {} }), onError: useOnUnauthorized() })

/** Keeps the app's secret once its code is right: the answer holds the recovery codes, the only time they are shown. */
export function useTotpConfirm() {
  const changed = useChanged()
  return useMutation({
    mutationFn: (confirm: TotpConfirm) => apiJson(adminApi.security.totpConfirm, { body: confirm }),
    onSuccess: () => changed(),
    onError: useOnUnauthorized(),
  })
}

/** New recovery codes; the old ones stop working. */
export function useNewRecoveryCodes() {
  const changed = useChanged()
  return useMutation({
    mutationFn: () => apiJson(adminApi.security.recoveryCodes, { body: {} }),
    onSuccess: () => changed(),
    onError: useOnUnauthorized(),
  })
}

/** Removes the app (409, in the service's words, when it is the last second factor the desk requires). */
export function useTotpRemove() {
  const changed = useChanged()
  return useMutation({
    mutationFn: () => apiRequest(adminApi.security.totpRemove),
    onSuccess: () => changed(),
    onError: useOnUnauthorized(),
  })
}

/** Makes a passkey on this device (the browser's dialog) and keeps it under `name`. */
export function useAddPasskey() {
  const changed = useChanged()
  return useMutation({ mutationFn: addPasskey, onSuccess: () => changed(), onError: useOnUnauthorized() })
}

/** Removes a passkey (409 like the app's). */
export function useRemovePasskey() {
  const changed = useChanged()
  return useMutation({
    mutationFn: (id: string) => apiRequest(adminApi.security.passkeyRemove, { params: { id } }),
    onSuccess: () => changed(),
    onError: useOnUnauthorized(),
  })
}

/** An owner's rule for everyone: the answer is this person's view under it. */
export function useDeskRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (secondFactor: SecondFactorRule) => apiJson(adminApi.security.desk, { body: { secondFactor } }),
    onSuccess: (view) => queryClient.setQueryData<SecurityView | null>(viewKey, view),
    onError: useOnUnauthorized(),
  })
}
