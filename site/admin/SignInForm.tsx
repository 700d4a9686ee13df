import { LoaderCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { urls } from '../../contract/wire/urls'
import type { SignInRequest } from '../../contract/wire/people'
import { ApiError, serviceMessage } from '../forms/api'
import { TextField } from '../forms/fields'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import type { SignInLabels } from './labels'
import { PasskeySignIn } from './PasskeySignIn'
import { SecondFactorCode } from './SecondFactorCode'
import { useSignIn, useSignInOptions } from './session'
import { SignedOutCard } from './SignedOutCard'
import { textLink } from './textLink'

type SignInFormProps = { labels: SignInLabels }

/**
 * Shown whenever the API answers 401: an email and a password (then the code of an authenticator app, when the
 * person has one), a passkey, or, while no owner account exists, the admin password alone (its line says so).
 * The first field takes focus (the only thing to do here, also after Sign Out). Once signed in, focus goes to
 * the screen's main heading, not to the page's body.
 */
export function SignInForm({ labels }: SignInFormProps) {
  const options = useSignInOptions()
  const id = useId()
  const bootstrap = options.data?.bootstrap === true
  return (
    <SignedOutCard title={labels.signInTitle} text={labels.signInText}>
      {options.isPending ? (
        <p role="status" className="mt-6 flex items-center gap-3 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
          {labels.signInLoading}
        </p>
      ) : (
        <>
          {/* A service that cannot say (an error) is asked with an email: the admin password alone works only while bootstrapping. */}
          <Fields id={id} bootstrap={bootstrap} labels={labels} />
          {/* The admin password has no account to reset, nor passkeys. */}
          {!bootstrap && (
            <>
              <p className="mt-4 text-center text-sm">
                <a href={urls.admin.reset} className={textLink}>
                  {labels.forgotPassword}
                </a>
              </p>
              <PasskeySignIn labels={labels} />
            </>
          )}
        </>
      )}
    </SignedOutCard>
  )
}

function Fields({ id, bootstrap, labels }: { id: string; bootstrap: boolean; labels: SignInLabels }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  // Asked for once the password was right and the person has an authenticator app (`fields.code` of a 401); kept from then on.
  const [codeAsked, setCodeAsked] = useState(false)
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
  const request = (): SignInRequest => (bootstrap ? { password } : codeAsked ? { email, password, code } : { email, password })

  return (
    <>
      {bootstrap && <p className="mt-3 text-sm leading-6 text-body">{labels.bootstrapText}</p>}
      <form
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (password === '' || signIn.isPending) return
          signIn.mutate(request(), { onError: (failed) => failed instanceof ApiError && failed.fields.code && setCodeAsked(true) })
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
        {codeAsked && <SecondFactorCode id={`${id}-code`} value={code} onChange={setCode} message={fields.code} failure={error} labels={labels} />}
        {signIn.isError && !fields.email && !fields.password && !fields.code && <Alert>{failure}</Alert>}
        <Button type="submit" aria-disabled={signIn.isPending} className="w-full">
          {signIn.isPending ? labels.signingIn : labels.signIn}
        </Button>
      </form>
    </>
  )
}
