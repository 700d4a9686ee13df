import { KeyRound } from 'lucide-react'
import { serviceMessage } from '../forms/api'
import { useHydrated } from '../forms/useHydrated'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import type { SignInLabels } from './labels'
import { passkeyDeclined, passkeysSupported } from './passkeys'
import { usePasskeySignIn } from './session'

type PasskeySignInProps = { labels: Pick<SignInLabels, 'signInOr' | 'passkeySignIn' | 'passkeySigningIn' | 'passkeyCancelled' | 'passkeySignInFailed'> }

/**
 * "Sign in with a passkey", under the password form, in a browser that has passkeys: the browser's own dialog
 * asks which one (no email needed). A closed dialog says that no passkey was used; the service's refusal in its words.
 */
export function PasskeySignIn({ labels }: PasskeySignInProps) {
  const hydrated = useHydrated()
  const signIn = usePasskeySignIn()
  if (!hydrated || !passkeysSupported()) return null
  const failure = passkeyDeclined(signIn.error) ? labels.passkeyCancelled : (serviceMessage(signIn.error) ?? labels.passkeySignInFailed)
  return (
    <div className="mt-6 space-y-4">
      <p className="flex items-center gap-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-divider" />
        {labels.signInOr}
        <span aria-hidden="true" className="h-px flex-1 bg-divider" />
      </p>
      <Button type="button" variant="outline" className="w-full" aria-disabled={signIn.isPending} onClick={() => signIn.isPending || signIn.mutate()}>
        <KeyRound aria-hidden="true" className="h-5 w-5" />
        {signIn.isPending ? labels.passkeySigningIn : labels.passkeySignIn}
      </Button>
      {signIn.isError && <Alert>{failure}</Alert>}
    </div>
  )
}
