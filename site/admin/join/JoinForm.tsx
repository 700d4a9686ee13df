import { useId, useState } from 'react'
import { passwordMax, passwordMin } from '../../../contract/wire/people'
import { format } from '../../content/ui'
import { ApiError, serviceMessage } from '../../forms/api'
import { TextField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { JoinLabels, ShellLabels } from '../labels'

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
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-md rounded-2xl bg-card p-6 shadow-sm ring-1 ring-border sm:p-8">
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-900 wrap-anywhere">
        {format(labels.welcome, { name: invitation.name })}
      </h2>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">{labels.text}</p>
      <form
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (!accepting) onAccept(password)
        }}
      >
        <TextField id={`${id}-email`} label={labels.email} type="email" name="email" autoComplete="username" value={invitation.email} readOnly />
        <TextField
          id={`${id}-password`}
          label={labels.password}
          hint={format(shell.newPasswordHint, { min: passwordMin })}
          error={fields.password}
          type="password"
          name="new-password"
          autoComplete="new-password"
          autoFocus
          minLength={passwordMin}
          maxLength={passwordMax}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && !fields.password && <Alert>{serviceMessage(error) ?? labels.acceptFailed}</Alert>}
        <Button type="submit" aria-disabled={accepting} className="w-full">
          {accepting ? labels.accepting : labels.accept}
        </Button>
      </form>
    </section>
  )
}
