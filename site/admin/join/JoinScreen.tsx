import { urls } from '../../../contract/wire/urls'
import { ApiError } from '../../forms/api'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { JoinScreenLabels, ShellLabels } from '../labels'
import { LinkGone } from '../LinkGone'
import { Loading } from '../Loading'
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
    return <Loading text={words.loading} noScript={words.noScript} />
  }
  // Used or revoked (also meanwhile, in another tab), or expired since the page opened: the service answers 404.
  const gone = [invitation.error, accept.error].find((error) => error instanceof ApiError && error.status === 404)
  if (gone instanceof ApiError) {
    return (
      <LinkGone title={words.invalidTitle} error={gone}>
        {words.askOwner}
      </LinkGone>
    )
  }
  if (invitation.isError) {
    return (
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
