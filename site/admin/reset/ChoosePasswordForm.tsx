import { useId, useState } from 'react'
import { urls } from '../../../contract/wire/urls'
import { ApiError, serviceMessage } from '../../forms/api'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { ResetLabels, ShellLabels } from '../labels'
import { NewPasswordField } from '../NewPasswordField'
import { SignedOutCard } from '../SignedOutCard'
import { textLink } from '../textLink'
import type { useConfirmReset } from './resetQueries'

type ChoosePasswordFormProps = {
  /** The key of the reset link (`?key=…`). */
  resetKey: string
  /** The screen's, which shows a link that no longer works (404) instead of this form. */
  confirm: ReturnType<typeof useConfirmReset>
  labels: ResetLabels
  shell: ShellLabels
}

/**
 * The new password, with Join's rules and field. Saved, a person without a second factor is signed in and goes to
 * the Overview; one with a second factor is told to sign in with it, the card's title taking focus.
 */
export function ChoosePasswordForm({ resetKey, confirm, labels, shell }: ChoosePasswordFormProps) {
  const id = useId()
  const [password, setPassword] = useState('')
  const fields = confirm.error instanceof ApiError ? confirm.error.fields : {}
  if (confirm.data?.signedIn === false) {
    return (
      <SignedOutCard title={labels.doneTitle} text={labels.doneText} focusTitle>
        <p className="mt-6 text-sm">
          <a href={urls.admin.overview} className={textLink}>
            {labels.signIn}
          </a>
        </p>
      </SignedOutCard>
    )
  }
  return (
    <SignedOutCard title={labels.chooseTitle} text={labels.chooseText}>
      <form
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (confirm.isPending || confirm.isSuccess) return
          confirm.mutate({ key: resetKey, password }, { onSuccess: ({ signedIn }) => signedIn && window.location.assign(urls.admin.overview) })
        }}
      >
        <NewPasswordField
          id={`${id}-password`}
          label={labels.password}
          error={fields.password}
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          labels={shell}
        />
        {/* A link cut short (`fields.key`), or a refusal of the whole, in the service's words. */}
        {confirm.isError && !fields.password && <Alert>{fields.key ?? serviceMessage(confirm.error) ?? labels.saveFailed}</Alert>}
        <Button type="submit" aria-disabled={confirm.isPending || confirm.isSuccess} className="w-full">
          {confirm.isPending || confirm.isSuccess ? labels.saving : labels.save}
        </Button>
      </form>
    </SignedOutCard>
  )
}
