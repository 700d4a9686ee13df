import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { adminApi, type InboxEndpoints } from '../../../contract/wire/adminApi'
import type { InboxViewBase } from '../../../contract/wire/records'
import { format } from '../../content/ui'
import { answerOf, apiPath } from '../../forms/api'
import { SelectField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { InboxLabels } from '../labels'
import { useUpdateRecord } from '../records'

type OwnerControlProps = { endpoints: InboxEndpoints<InboxViewBase>; record: InboxViewBase; labels: InboxLabels; announce: (text: string) => void }

/** Who answers the lead: any person at the desk, chosen from the team and saved on request. */
export function OwnerControl({ endpoints, record, labels, announce }: OwnerControlProps) {
  const id = useId()
  const team = useQuery({ queryKey: [apiPath(adminApi.team)], queryFn: answerOf(adminApi.team) })
  const update = useUpdateRecord(endpoints, record.id)
  const [chosen, setChosen] = useState(record.owner ?? '')
  // The record changed (saved, or reloaded): the choice follows it.
  const [saved, setSaved] = useState(record.owner)
  if (saved !== record.owner) {
    setSaved(record.owner)
    setChosen(record.owner ?? '')
  }
  const people = team.data?.people ?? []
  // A lead of a person who has left still shows them, by the name the record carries.
  const options = [
    ...people.map((person) => ({ value: person.id, label: person.name })),
    ...(record.owner && !people.some((person) => person.id === record.owner)
      ? [{ value: record.owner, label: record.names[record.owner] ?? record.owner }]
      : []),
  ]
  // ADMIN_PASSWORD alone, before any account: nobody to give a lead to.
  if (team.isSuccess && people.length === 0) return null

  const save = (event: React.FormEvent) => {
    event.preventDefault()
    if (!chosen || chosen === record.owner || update.isPending) return
    const name = options.find((option) => option.value === chosen)?.label ?? ''
    update.mutate({ owner: chosen }, { onSuccess: () => announce(format(labels.ownerChanged, { name })) })
  }

  return (
    <form onSubmit={save} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <SelectField
        id={`${id}-owner`}
        label={labels.owner}
        required={false}
        placeholder={labels.ownerNone}
        options={options}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
      />
      {update.isError && <Alert className="mt-3">{labels.saveFailed}</Alert>}
      <Button type="submit" aria-disabled={update.isPending} variant="primary" size="sm" className="mt-4">
        {update.isPending ? labels.ownerSaving : labels.ownerSave}
      </Button>
    </form>
  )
}
