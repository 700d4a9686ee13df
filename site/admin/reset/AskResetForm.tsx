import { useId, useState } from 'react'
import { emailMax } from '../../../contract/wire/people'
import { urls } from '../../../contract/wire/urls'
import { ApiError, serviceMessage } from '../../forms/api'
import { TextField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { ResetLabels } from '../labels'
import { SignedOutCard } from '../SignedOutCard'
import { textLink } from '../textLink'
import { useAskReset } from './resetQueries'

type AskResetFormProps = { labels: ResetLabels }

/**
 * "Forgot your password?": the email to send a link to. Sent, the card says what the service said (the same
 * sentence whether or not the address has an account), and its title takes focus.
 */
export function AskResetForm({ labels }: AskResetFormProps) {
  const id = useId()
  const [email, setEmail] = useState('')
  const ask = useAskReset()
  const fields = ask.error instanceof ApiError ? ask.error.fields : {}
  if (ask.isSuccess) {
    return (
      <SignedOutCard title={labels.sentTitle} focusTitle>
        <Alert variant="success" className="mt-4">
          {ask.data.message}
        </Alert>
        <p className="mt-6 text-sm">
          <a href={urls.admin.overview} className={textLink}>
            {labels.backToSignIn}
          </a>
        </p>
      </SignedOutCard>
    )
  }
  return (
    <SignedOutCard title={labels.askTitle} text={labels.askText}>
      <form
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (!ask.isPending) ask.mutate({ email })
        }}
      >
        <TextField
          id={`${id}-email`}
          label={labels.email}
          error={fields.email}
          type="email"
          name="email"
          autoComplete="username"
          spellCheck={false}
          autoFocus
          maxLength={emailMax}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {/* Too many asks from here (429): the service says for how long. */}
        {ask.isError && !fields.email && <Alert>{serviceMessage(ask.error) ?? labels.askFailed}</Alert>}
        <Button type="submit" aria-disabled={ask.isPending} className="w-full">
          {ask.isPending ? labels.asking : labels.ask}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <a href={urls.admin.overview} className={textLink}>
          {labels.backToSignIn}
        </a>
      </p>
    </SignedOutCard>
  )
}
