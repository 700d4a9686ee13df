import { LoaderCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { ApiError, serviceMessage } from '../forms/api'
import { TextField } from '../forms/fields'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import type { SignInLabels } from './labels'
import { useSignIn, useSignInOptions } from './session'

type SignInFormProps = { labels: SignInLabels }

/**
 * Shown whenever the API answers 401: an email and a password, or, while no owner account exists, the admin
 * password alone (its line says so). The first field takes focus (the only thing to do here, also after Sign
 * Out). Once signed in, focus goes to the screen's main heading, not to the page's body.
 */
export function SignInForm({ labels }: SignInFormProps) {
  const options = useSignInOptions()
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-md rounded-2xl bg-card p-6 shadow-sm ring-1 ring-border sm:p-8">
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-900">
        {labels.signInTitle}
      </h2>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">{labels.signInText}</p>
      {options.isPending ? (
        <p role="status" className="mt-6 flex items-center gap-3 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
          {labels.signInLoading}
        </p>
      ) : (
        // A service that cannot say (an error) is asked with an email: the admin password alone works only while bootstrapping.
        <Fields id={id} bootstrap={options.data?.bootstrap === true} labels={labels} />
      )}
    </section>
  )
}

function Fields({ id, bootstrap, labels }: { id: string; bootstrap: boolean; labels: SignInLabels }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const signIn = useSignIn()
  const error = signIn.error
  const fields = error instanceof ApiError ? error.fields : {}
  const failure =
    error instanceof ApiError && error.status === 401
      ? bootstrap
        ? labels.wrongPassword
        : labels.wrongEmailOrPassword
      : // Too many wrong guesses (429): the service says for how long.
        (serviceMessage(error) ?? labels.signInFailed)

  return (
    <>
      {bootstrap && <p className="mt-3 text-sm leading-6 text-body">{labels.bootstrapText}</p>}
      <form
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (password === '' || signIn.isPending) return
          signIn.mutate(bootstrap ? { password } : { email, password })
        }}
      >
        {!bootstrap && (
          <TextField
            id={`${id}-email`}
            label={labels.signInEmail}
            error={fields.email}
            type="email"
            name="email"
            autoComplete="username"
            spellCheck={false}
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
        <TextField
          id={`${id}-password`}
          label={bootstrap ? labels.password : labels.signInPassword}
          error={fields.password}
          type="password"
          name="password"
          autoComplete="current-password"
          autoFocus={bootstrap}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {signIn.isError && !fields.email && !fields.password && <Alert>{failure}</Alert>}
        <Button type="submit" aria-disabled={signIn.isPending} className="w-full">
          {signIn.isPending ? labels.signingIn : labels.signIn}
        </Button>
      </form>
    </>
  )
}
