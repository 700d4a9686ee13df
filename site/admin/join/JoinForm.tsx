import { useId, useState } from 'react'
import { format } from '../../content/ui'
import { ApiError, serviceMessage } from '../../forms/api'
import { TextField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { JoinLabels, ShellLabels } from '../labels'
import { NewPasswordField } from '../NewPasswordField'
import { SignedOutCard } from '../SignedOutCard'

type JoinFormProps = {
  invitation: { name: string; email: string }
  onAccept: (password: string) => void
  accepting: boolean
  /** The failure of the last attempt, if it failed. */
  error: Error | null
  labels: JoinLabels
  shell: ShellLabels
}

/**
 * "Welcome, Ana", her email (read only, for her password manager to pair with the password) and the new password,
 * which takes focus; the service's message for a refused password shows under it.
 */
export function JoinForm({ invitation, onAccept, accepting, error, labels, shell }: JoinFormProps) {
  const id = useId()
  const [password, setPassword] = useState('')
  const fields = error instanceof ApiError ? error.fields : {}
  return (
    <SignedOutCard title={format(labels.welcome, { name: invitation.name })} text={labels.text}>
      <form
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (!accepting) onAccept(password)
        }}
      >
        <TextField id={`${id}-email`} label={labels.email} type="email" name="email" autoComplete="username" value={invitation.email} readOnly />
        <NewPasswordField
          id={`${id}-password`}
          label={labels.password}
          error={fields.password}
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          labels={shell}
        />
        {error && !fields.password && <Alert>{serviceMessage(error) ?? labels.acceptFailed}</Alert>}
        <Button type="submit" aria-disabled={accepting} className="w-full">
          {accepting ? labels.accepting : labels.accept}
        </Button>
      </form>
    </SignedOutCard>
  )
}
