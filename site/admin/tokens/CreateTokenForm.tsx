import { useId, useState } from 'react'
import type { ApiTokenCreate, ApiTokenScope } from '../../../contract/wire/apiTokens'
import { ApiError } from '../../forms/api'
import { TextField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { TokenLabels } from '../labels'
import { ScopeChoice } from './ScopeChoice'

type CreateTokenFormProps = {
  onCreate: (request: ApiTokenCreate) => void
  creating: boolean
  /** The failure of the last attempt, if it failed. */
  error: Error | null
  labels: TokenLabels
}

/** A name, what the token may do (`read` to begin with) and Create token; the service's message for a refused field shows under it. */
export function CreateTokenForm({ onCreate, creating, error, labels }: CreateTokenFormProps) {
  const id = useId()
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read'])
  const fields = error instanceof ApiError ? error.fields : {}
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-900">
        {labels.createTitle}
      </h2>
      <form
        className="mt-4 space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (!creating) onCreate({ name, scopes })
        }}
      >
        <TextField
          id={`${id}-name`}
          label={labels.nameLabel}
          hint={labels.nameHint}
          error={fields.name}
          name="name"
          autoComplete="off"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          shellClassName="w-full sm:max-w-md"
        />
        <ScopeChoice id={`${id}-scopes`} chosen={scopes} onChange={setScopes} error={fields.scopes} labels={labels} />
        <Button type="submit" aria-disabled={creating}>
          {creating ? labels.creating : labels.create}
        </Button>
      </form>
      {error && !fields.name && !fields.scopes && <Alert className="mt-4">{labels.createFailed}</Alert>}
    </section>
  )
}
