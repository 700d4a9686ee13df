import { LoaderCircle } from 'lucide-react'
import { urls } from '../../../contract/wire/urls'
import { ApiError, serviceMessage } from '../../forms/api'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { JoinLabels, JoinScreenLabels, ShellLabels } from '../labels'
import { useLocationSearch } from '../list/location'
import { JoinForm } from './JoinForm'
import { useAccept, useInvitation } from './joinQueries'

type JoinScreenProps = { labels: JoinScreenLabels; shell: ShellLabels }

/**
 * /admin/join?key=… (an invitation's link), signed out: who it is for, and a password to choose; accepted, the
 * browser is signed in and goes to the Overview. A link that no longer works says so in the service's words.
 */
export function JoinScreen({ labels, shell }: JoinScreenProps) {
  const { join: words } = labels
  const search = useLocationSearch()
  const key = search === null ? null : (new URLSearchParams(search).get('key') ?? '')
  const invitation = useInvitation(key)
  const accept = useAccept()

  if (key === null || invitation.isPending || (invitation.isError && invitation.isFetching)) {
    return (
      <>
        <p role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin motion-reduce:animate-none" />
          {words.loading}
        </p>
        <noscript>
          <p className="text-center text-body">{words.noScript}</p>
        </noscript>
      </>
    )
  }
  if (invitation.isError) {
    return invitation.error instanceof ApiError && invitation.error.status === 404 ? (
      <LinkGone error={invitation.error} labels={words} />
    ) : (
      <div className="mx-auto max-w-lg space-y-4 py-8">
        <Alert>
          <p>{words.loadError}</p>
          <p className="mt-1 font-normal opacity-90">{invitation.error.message}</p>
        </Alert>
        <Button type="button" onClick={() => void invitation.refetch()} variant="primary" size="sm">
          {words.tryAgain}
        </Button>
      </div>
    )
  }
  // Accepted meanwhile (another tab) or expired since the page opened: the service answers 404, as for the link.
  if (accept.error instanceof ApiError && accept.error.status === 404) return <LinkGone error={accept.error} labels={words} />
  return (
    <JoinForm
      invitation={invitation.data}
      onAccept={(password) => accept.mutate({ key, password }, { onSuccess: () => window.location.assign(urls.admin.overview) })}
      accepting={accept.isPending || accept.isSuccess}
      error={accept.error}
      labels={words}
      shell={shell}
    />
  )
}

function LinkGone({ error, labels }: { error: ApiError; labels: JoinLabels }) {
  return (
    <section aria-labelledby="join-gone" className="mx-auto max-w-lg space-y-4 rounded-2xl bg-card p-6 shadow-sm ring-1 ring-border sm:p-8">
      <h2 id="join-gone" className="text-xl font-bold text-brand-900">
        {labels.invalidTitle}
      </h2>
      <Alert>{serviceMessage(error) ?? labels.invalidTitle}</Alert>
      <p className="text-sm leading-6 text-body">{labels.askOwner}</p>
    </section>
  )
}
