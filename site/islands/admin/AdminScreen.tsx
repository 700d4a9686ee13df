import { QueryClientProvider } from '@tanstack/react-query'
import { Inbox, LoaderCircle, LogOut, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { format, type UiStrings } from '../../content/ui'
import { ApiError } from '../../forms/api'
import { createQueryClient } from '../../forms/queryClient'
import { Alert } from '../../ui/alert'
import { buttonVariants } from '../../ui/button'
import { cn } from '../../ui/cn'
import { SignInForm } from './SignInForm'
import { SubscriberExport } from './SubscriberExport'
import { SubscriberTable } from './SubscriberTable'
import { useSignOut, useSubscribers } from './subscribers'

export type AdminScreenProps = { labels: UiStrings['adminScreen'] }

/** /admin/newsletter: sign-in when the API answers 401, then the subscriber list with its export. */
export default function AdminScreen({ labels }: AdminScreenProps) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <SubscribersPanel labels={labels} />
    </QueryClientProvider>
  )
}

const countFormat = new Intl.NumberFormat('en-US')

function SubscribersPanel({ labels }: AdminScreenProps) {
  const subscribers = useSubscribers()
  const signOut = useSignOut()

  // Try Again shows the loading text again; Refresh keeps the list on screen while it reloads.
  if (subscribers.isPending || (subscribers.isError && subscribers.isFetching)) {
    return (
      <>
        <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
          <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin motion-reduce:animate-none" />
          {labels.loading}
        </p>
        <noscript>
          <p className="text-center text-slate-700">{labels.noScript}</p>
        </noscript>
      </>
    )
  }

  if (subscribers.isError) {
    return (
      <div className="mx-auto max-w-lg space-y-4 py-8">
        <Alert>
          <p>{subscribers.error instanceof ApiError ? labels.fetchFailed : labels.loadError}</p>
          <p className="mt-1 font-normal opacity-90">{subscribers.error.message}</p>
        </Alert>
        <button type="button" onClick={() => void subscribers.refetch()} className={buttonVariants({ variant: 'primary', size: 'sm' })}>
          {labels.tryAgain}
        </button>
      </div>
    )
  }

  if (subscribers.data === null) return <SignInForm labels={labels} />

  const list = subscribers.data
  const count = list.length === 1 ? labels.countOne : format(labels.countOther, { count: countFormat.format(list.length) })
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold tracking-tight text-brand-900">{count}</h2>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => void subscribers.refetch()} disabled={subscribers.isFetching} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <RefreshCw aria-hidden="true" className={cn('h-4 w-4', subscribers.isFetching && 'animate-spin motion-reduce:animate-none')} />
            {labels.refresh}
          </button>
          <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {labels.signOut}
          </button>
        </div>
      </div>
      {list.length === 0 ? (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 px-6 py-16 text-center">
          <Inbox aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{labels.emptyTitle}</h3>
          <p className="mt-2 text-sm text-slate-600">{labels.emptyText}</p>
        </div>
      ) : (
        <>
          <SubscriberExport subscribers={list} labels={labels} />
          <SubscriberTable subscribers={list} labels={labels} />
        </>
      )}
    </div>
  )
}
