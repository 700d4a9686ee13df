import { useEffect, useRef, useState } from 'react'
import { emailMax, personNameMax, type FirstOwner as FirstOwnerRequest, type SignedInPerson } from '../../contract/wire/people'
import { format } from '../content/ui'
import { ApiError, serviceMessage } from '../forms/api'
import { TextField } from '../forms/fields'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { Announcer, useNotice } from './Announcer'
import type { ShellLabels } from './labels'
import { NewPasswordField } from './NewPasswordField'
import { useFirstOwner } from './session'

type FirstOwnerProps = {
  /** Who is signed in: the form is for the admin password (`bootstrap`) only. */
  person: SignedInPerson | null | undefined
  /** Opened by the admin bar's button (AdminBar, `firstOwner`), which controls the panel by its id. */
  open: boolean
  id: string
  labels: ShellLabels
}

/**
 * Above the screen, once the admin bar's button opened it while the admin password signs in (no owner account
 * yet): what that means, and the first owner's account (name, email, password). Closed it takes no room, so that
 * every screen keeps its first screenful (a record's contact on a phone). Once made, this browser is the owner's
 * and a notice says so.
 */
export function FirstOwner({ person, open, id, labels }: FirstOwnerProps) {
  const [notice, announce] = useNotice()
  // Here, not in the form: the form is gone (the person is the owner) by the time the notice is given.
  const create = useFirstOwner()
  // The notice's region is in the page from the first opening on: before the notice is said in it.
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    if (open) setOpened(true)
  }, [open])
  if (!opened && !open) return null
  return (
    <>
      <Announcer notice={notice} />
      {open && person?.bootstrap && (
        <section id={id} aria-labelledby={`${id}-form`} className="mb-6 rounded-2xl bg-card p-5 shadow-sm ring-1 ring-accent sm:p-6">
          <p className="max-w-3xl text-sm leading-6 text-body">{labels.firstOwnerText}</p>
          <AccountForm
            id={id}
            create={create}
            onCreate={(account) => create.mutate(account, { onSuccess: (owner) => announce(format(labels.firstOwnerDone, { name: owner.name })) })}
            labels={labels}
          />
        </section>
      )}
    </>
  )
}

type AccountFormProps = {
  id: string
  create: Pick<ReturnType<typeof useFirstOwner>, 'isPending' | 'isError' | 'error'>
  onCreate: (account: FirstOwnerRequest) => void
  labels: ShellLabels
}

function AccountForm({ id, create, onCreate, labels }: AccountFormProps) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const fields = create.error instanceof ApiError ? create.error.fields : {}
  const heading = useRef<HTMLHeadingElement>(null)
  // Opened by its button, which is gone: focus goes to the form's heading, which names it.
  useEffect(() => heading.current?.focus(), [])
  return (
    <form
      aria-labelledby={`${id}-form`}
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (!create.isPending) onCreate({ name, email, password })
      }}
    >
      <h2 id={`${id}-form`} ref={heading} tabIndex={-1} className="text-base font-semibold text-emphasis outline-none">
        {labels.firstOwnerOpen}
      </h2>
      <div className="grid gap-4 lg:grid-cols-3">
        <TextField
          id={`${id}-name`}
          label={labels.firstOwnerName}
          error={fields.name}
          name="name"
          autoComplete="name"
          maxLength={personNameMax}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          id={`${id}-email`}
          label={labels.firstOwnerEmail}
          error={fields.email}
          type="email"
          name="email"
          autoComplete="username"
          spellCheck={false}
          maxLength={emailMax}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <NewPasswordField
          id={`${id}-password`}
          label={labels.firstOwnerPassword}
          error={fields.password}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          labels={labels}
        />
      </div>
      {create.isError && !fields.name && !fields.email && !fields.password && <Alert>{serviceMessage(create.error) ?? labels.firstOwnerFailed}</Alert>}
      <Button type="submit" size="sm" aria-disabled={create.isPending}>
        {create.isPending ? labels.firstOwnerCreating : labels.firstOwnerCreate}
      </Button>
    </form>
  )
}
