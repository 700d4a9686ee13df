import { useId, useState } from 'react'
import { emailMax, personNameMax, roles, type InvitationCreate, type Role } from '../../../contract/wire/people'
import { ApiError, serviceMessage } from '../../forms/api'
import { SelectField, TextField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { PeopleLabels, ShellLabels } from '../labels'
import { roleWords } from '../roleWords'

type InviteFormProps = {
  /** `done` empties the form once the invitation is sent. */
  onInvite: (invitation: InvitationCreate, done: () => void) => void
  inviting: boolean
  /** The failure of the last attempt, if it failed. */
  error: Error | null
  labels: PeopleLabels
  shell: ShellLabels
}

/**
 * A name, an email and a role (member to begin with); the service emails the link. Its message for a refused
 * field shows under it, and its sentence for a refusal of the whole (an address with an account already) below.
 */
export function InviteForm({ onInvite, inviting, error, labels, shell }: InviteFormProps) {
  const id = useId()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('member')
  const fields = error instanceof ApiError ? error.fields : {}
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h3 id={`${id}-title`} className="text-lg font-bold tracking-tight text-brand-900">
        {labels.inviteTitle}
      </h3>
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          if (!inviting)
            onInvite({ name, email, role }, () => {
              setName('')
              setEmail('')
              setRole('member')
            })
        }}
      >
        <div className="grid gap-4 lg:grid-cols-3">
          <TextField
            id={`${id}-name`}
            label={labels.inviteName}
            error={fields.name}
            name="name"
            autoComplete="off"
            maxLength={personNameMax}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            id={`${id}-email`}
            label={labels.inviteEmail}
            error={fields.email}
            type="email"
            name="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={emailMax}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SelectField
            id={`${id}-role`}
            label={labels.inviteRole}
            hint={labels.roleHint}
            error={fields.role}
            name="role"
            placeholder={labels.chooseRole}
            options={roles.map((value) => ({ value, label: shell[roleWords[value]] }))}
            value={role}
            onChange={(event) => setRole(roles.find((one) => one === event.target.value) ?? 'member')}
          />
        </div>
        <Button type="submit" aria-disabled={inviting}>
          {inviting ? labels.inviting : labels.invite}
        </Button>
      </form>
      {error && !fields.name && !fields.email && !fields.role && <Alert className="mt-4">{serviceMessage(error) ?? labels.inviteFailed}</Alert>}
    </section>
  )
}
