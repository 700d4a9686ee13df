import { UserMinus } from 'lucide-react'
import { useId } from 'react'
import { roles, type PersonView, type Role } from '../../../contract/wire/people'
import { format } from '../../content/ui'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import type { PeopleLabels, ShellLabels } from '../labels'
import { ListTable } from '../list/ListTable'
import { OfficeTime } from '../list/OfficeTime'
import { roleWords } from '../roleWords'

type PeopleTableProps = {
  people: PersonView[]
  /** The signed-in person's id: their row says "(you)". */
  selfId: string | undefined
  onRole: (person: PersonView, role: Role) => void
  /** The role being given, while it is sent. */
  changing: { id: string; role: Role } | undefined
  onRemove: (person: PersonView) => void
  labels: PeopleLabels
  shell: ShellLabels
}

const cell = 'px-4 py-3 align-top'
const selectClass =
  'rounded-lg border border-input bg-background px-3 py-2 text-sm text-foreground shadow-sm focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/60'

/** The people, oldest first: name, email, role (a choice that applies at once), when they joined, and Remove (which asks first). */
export function PeopleTable({ people, selfId, onRole, changing, onRemove, labels, shell }: PeopleTableProps) {
  const id = useId()
  return (
    <ListTable caption={labels.tableLabel} headers={[labels.name, labels.email, labels.role, labels.since, labels.actions]} minWidth="min-w-[48rem]">
      {people.map((person) => {
        const roleId = `${id}-${person.id}-role`
        return (
          <tr key={person.id} className="border-t border-divider text-body">
            <th scope="row" className={cn(cell, 'min-w-40 font-medium text-foreground wrap-anywhere')}>
              {person.name}
              {person.id === selfId && (
                <>
                  {' '}
                  <span className="font-normal text-muted-foreground">{labels.you}</span>
                </>
              )}
            </th>
            <td className={cn(cell, 'wrap-anywhere')}>{person.email}</td>
            <td className={cell}>
              <label htmlFor={roleId} className="sr-only">
                {format(labels.roleOf, { name: person.name })}
              </label>
              <select
                id={roleId}
                className={selectClass}
                value={changing?.id === person.id ? changing.role : person.role}
                aria-busy={changing?.id === person.id}
                onChange={(event) => {
                  const role = roles.find((one) => one === event.target.value)
                  if (role && changing === undefined) onRole(person, role)
                }}
              >
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {shell[roleWords[role]]}
                  </option>
                ))}
              </select>
            </td>
            <td className={cell}>
              <OfficeTime at={person.createdAt} />
            </td>
            <td className={cell}>
              <Button type="button" variant="outlineDestructive" size="sm" onClick={() => onRemove(person)}>
                <UserMinus aria-hidden="true" className="h-4 w-4" />
                {labels.remove}
                <span className="sr-only">: {person.name}</span>
              </Button>
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}
