import { useId, useState } from 'react'
import { ApiError } from '../../forms/api'
import { TextField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { TokenLabels } from '../labels'

type CreateTokenFormProps = {
  onCreate: (name: string) => void
  creating: boolean
  /** The failure of the last attempt, if it failed. */
  error: Error | null
  labels: TokenLabels
}

/** A name and Create token; the service's message for a refused name shows under the field. */
export function CreateTokenForm({ onCreate, creating, error, labels }: CreateTokenFormProps) {
  const id = useId()
  const [name, setName] = useState('')
  const fieldError = error instanceof ApiError ? error.fields.name : undefined
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-900">
        {labels.createTitle}
      </h2>
      <form
        className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault()
          if (!creating) onCreate(name)
        }}
      >
        <TextField
          id={`${id}-name`}
          label={labels.nameLabel}
          hint={labels.nameHint}
          error={fieldError}
          name="name"
          autoComplete="off"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          shellClassName="w-full sm:max-w-md"
        />
        <Button type="submit" aria-disabled={creating} className="sm:mt-7">
          {creating ? labels.creating : labels.create}
        </Button>
      </form>
      {error && !fieldError && <Alert className="mt-4">{labels.createFailed}</Alert>}
    </section>
  )
}
