import { urls } from '../../../contract/wire/urls'
import { ApiError } from '../../forms/api'
import type { ResetScreenLabels, ShellLabels } from '../labels'
import { LinkGone } from '../LinkGone'
import { useLocationSearch } from '../list/location'
import { Loading } from '../Loading'
import { textLink } from '../textLink'
import { AskResetForm } from './AskResetForm'
import { ChoosePasswordForm } from './ChoosePasswordForm'
import { useConfirmReset } from './resetQueries'

type ResetScreenProps = { labels: ResetScreenLabels; shell: ShellLabels }

/**
 * /admin/reset, signed out. Without a key, "Forgot your password?": an email to send a link to. With the link's
 * `?key=…`, a new password; saved, the browser is signed in and goes to the Overview, or, for a person with a
 * second factor, is told to sign in with it. A link that no longer works says so in the service's words.
 */
export function ResetScreen({ labels, shell }: ResetScreenProps) {
  const { reset: words } = labels
  const search = useLocationSearch()
  const confirm = useConfirmReset()
  if (search === null) return <Loading text={words.loading} noScript={words.noScript} />
  const key = new URLSearchParams(search).get('key')
  if (key === null) return <AskResetForm labels={words} />
  if (confirm.error instanceof ApiError && confirm.error.status === 404) {
    return (
      <LinkGone title={words.invalidTitle} error={confirm.error}>
        <a href={urls.admin.reset} className={textLink}>
          {words.askAgain}
        </a>
      </LinkGone>
    )
  }
  return <ChoosePasswordForm resetKey={key} confirm={confirm} labels={words} shell={shell} />
}
