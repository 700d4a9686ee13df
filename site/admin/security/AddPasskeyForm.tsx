import { KeyRound } from 'lucide-react'
import { useId, useState } from 'react'
import { personNameMax } from '../../../contract/wire/people'
import { format } from '../../content/ui'
import { ApiError, serviceMessage } from '../../forms/api'
import { TextField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { SecurityLabels } from '../labels'
import { passkeyDeclined, passkeyNameProblem, passkeysSupported } from '../passkeys'
import { useAddPasskey } from './securityQueries'

type AddPasskeyFormProps = { announce: (text: string) => void; labels: SecurityLabels }

/** What went wrong adding a passkey, in words: the browser's dialog closed, a passkey this device has already, or the service's. */
function failureOf(error: Error, labels: SecurityLabels): string {
  if (passkeyDeclined(error)) return labels.passkeyCancelled
  // The service lists the person's passkeys as ones not to make again; the device has one of them.
  if (error.name === 'InvalidStateError') return labels.passkeyExists
  return serviceMessage(error) ?? labels.passkeyAddFailed
}

/**
 * A name for the passkey, then the browser's own dialog makes it on this device (its fingerprint, face or PIN);
 * added, it is in the list above and a notice says so. A browser without passkeys says what to use instead.
 */
export function AddPasskeyForm({ announce, labels }: AddPasskeyFormProps) {
  const id = useId()
  const [name, setName] = useState('')
  const [nameProblem, setNameProblem] = useState<string>()
  const add = useAddPasskey()
  const fields = add.error instanceof ApiError ? add.error.fields : {}
  const nameError = nameProblem ?? fields.name
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h3 id={`${id}-title`} className="text-lg font-bold tracking-tight text-brand-900">
        {labels.addPasskeyTitle}
      </h3>
      {passkeysSupported() ? (
        <form
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (add.isPending) return
            const problem = passkeyNameProblem(name)
            setNameProblem(problem)
            if (problem) return
            add.mutate(name, {
              onSuccess: (passkey) => {
                announce(format(labels.passkeyAdded, { name: passkey.name }))
                setName('')
              },
            })
          }}
        >
          <TextField
            id={`${id}-name`}
            label={labels.passkeyNameLabel}
            hint={labels.passkeyNameHint}
            error={nameError}
            name="passkey-name"
            autoComplete="off"
            maxLength={personNameMax}
            value={name}
            onChange={(event) => setName(event.target.value)}
            shellClassName="w-full sm:max-w-md"
          />
          <Button type="submit" aria-disabled={add.isPending}>
            <KeyRound aria-hidden="true" className="h-5 w-5" />
            {add.isPending ? labels.addingPasskey : labels.addPasskey}
          </Button>
          {add.error && !nameError && <Alert>{failureOf(add.error, labels)}</Alert>}
        </form>
      ) : (
        <p className="mt-2 text-sm leading-6 text-body">{labels.passkeysUnsupported}</p>
      )}
    </section>
  )
}
