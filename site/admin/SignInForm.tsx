import { useId, useState } from 'react'
import { ApiError } from '../forms/api'
import { TextField } from '../forms/fields'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import type { SignInLabels } from './labels'
import { useSignIn } from './session'

type SignInFormProps = { labels: SignInLabels }

/**
 * Shown whenever the API answers 401; the password field takes focus (the only thing to do here, also
 * after Sign Out). Once signed in, focus goes to the screen's main heading, not to the page's body.
 */
export function SignInForm({ labels }: SignInFormProps) {
  const [password, setPassword] = useState('')
  const signIn = useSignIn()
  const id = useId()
  const failure = signIn.error instanceof ApiError && signIn.error.status === 401 ? labels.wrongPassword : labels.signInFailed

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-md rounded-2xl bg-card p-6 shadow-sm ring-1 ring-border sm:p-8">
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-900">
        {labels.signInTitle}
      </h2>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">{labels.signInText}</p>
      <form
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (password !== '' && !signIn.isPending) signIn.mutate(password)
        }}
      >
        <TextField
          id={`${id}-password`}
          label={labels.password}
          type="password"
          name="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {signIn.isError && <Alert>{failure}</Alert>}
        <Button type="submit" aria-disabled={signIn.isPending} className="w-full">
          {signIn.isPending ? labels.signingIn : labels.signIn}
        </Button>
      </form>
    </section>
  )
}
