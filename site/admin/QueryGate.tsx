import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ApiError, serviceMessage } from '../forms/api'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import type { GateLabels } from './labels'
import { Loading } from './Loading'
import { SignInForm } from './SignInForm'

type QueryGateProps<T> = {
  /** An admin query: null once the API has answered 401. */
  query: UseQueryResult<T | null>
  labels: GateLabels
  children: (data: T) => ReactNode
}

/**
 * The admin list states for any admin screen: loading (also in the server HTML), an error panel
 * with Try Again, the sign-in form when the API answers 401, the service's refusal of a member (403), then the screen itself.
 */
export function QueryGate<T>({ query, labels, children }: QueryGateProps<T>) {
  // Try Again shows the loading text again; Refresh keeps the screen while it reloads.
  if (query.isPending || (query.isError && query.isFetching)) {
    return <Loading text={labels.loading} noScript={labels.noScript} />
  }

  // A member on an owner's screen: the service says why, and trying again changes nothing.
  if (query.isError && query.error instanceof ApiError && query.error.status === 403) {
    return (
      <div className="mx-auto max-w-lg py-8">
        <Alert>{serviceMessage(query.error) ?? labels.fetchFailed}</Alert>
      </div>
    )
  }

  if (query.isError) {
    return (
      <div className="mx-auto max-w-lg space-y-4 py-8">
        <Alert>
          <p>{query.error instanceof ApiError ? labels.fetchFailed : labels.loadError}</p>
          <p className="mt-1 font-normal opacity-90">{query.error.message}</p>
        </Alert>
        <Button type="button" onClick={() => void query.refetch()} variant="primary" size="sm">
          {labels.tryAgain}
        </Button>
      </div>
    )
  }

  if (query.data === null) return <SignInForm labels={labels} />
  return children(query.data)
}
