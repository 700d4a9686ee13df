import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { urls } from '../../../contract/wire/urls'
import { ApiError } from '../../forms/api'
import type { AdminScreenName } from '../screens'
import { useSecurityView } from './securityQueries'

/** Whether the service refused one of the screen's queries with 403: a member on an owner's screen, or a second factor missing. */
function useRefused(): boolean {
  const cache = useQueryClient().getQueryCache()
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => cache.getAll().some((query) => query.state.error instanceof ApiError && query.state.error.status === 403),
    () => false,
  )
}

/**
 * While the desk requires a second factor and the person has none, the service refuses every call but their own
 * (403): the first refusal asks their Security view (no call on a screen that was not refused), and if that is
 * why, the browser goes to the Security screen, which says so and is where they add one. Answers whether the
 * person must add one first (known on the Security screen, or once refused), for the bar to offer nothing else.
 */
export function useSecondFactorGate(screen: AdminScreenName, enabled: boolean): boolean {
  const refused = useRefused()
  const view = useSecurityView(enabled && (refused || screen === 'security'))
  const mustAdd = view.data?.mustAddSecondFactor === true
  useEffect(() => {
    if (mustAdd && screen !== 'security') window.location.replace(urls.admin.security)
  }, [mustAdd, screen])
  return mustAdd
}
