import { useRef, useState } from 'react'
import type { PersonView } from '../../../contract/wire/people'
import type { AnswerOf } from '../../../contract/wire/api'
import type { adminApi } from '../../../contract/wire/adminApi'
import { format } from '../../content/ui'
import { serviceMessage } from '../../forms/api'
import { Alert } from '../../ui/alert'
import { Announcer, useNotice } from '../Announcer'
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog'
import type { GateLabels, PeopleScreenLabels, ShellLabels } from '../labels'
import { PanelHeader } from '../PanelHeader'
import { QueryGate } from '../QueryGate'
import { useMe } from '../session'
import { Activity } from './Activity'
import { Invitations } from './Invitations'
import { useChangeRole, usePeople, useRemovePerson } from './peopleQueries'
import { PeopleTable } from './PeopleTable'

type PeopleScreenProps = { labels: PeopleScreenLabels; shell: ShellLabels }

const countFormat = new Intl.NumberFormat('en-US')

/**
 * /admin/people (an owner's): the people at the desk with their roles (a new one applies at once; the person
 * signs in again) and Remove, which asks first; the invitations waiting for an answer and the invite form;
 * then the activity of the desk. The service refuses the last owner's removal or demotion, in its words.
 */
export function PeopleScreen({ labels, shell }: PeopleScreenProps) {
  const { session, people: words } = labels
  const [notice, announce] = useNotice()
  const gate: GateLabels = { ...session, loading: words.loading, fetchFailed: words.fetchFailed, loadError: words.loadError, signInText: words.signInText }
  const query = usePeople()
  return (
    <div className="space-y-6">
      <Announcer notice={notice} />
      <QueryGate query={query} labels={gate}>
        {(list) => <Desk list={list} refreshing={query.isFetching} onRefresh={() => void query.refetch()} announce={announce} labels={labels} shell={shell} />}
      </QueryGate>
    </div>
  )
}

type DeskProps = PeopleScreenProps & {
  list: AnswerOf<typeof adminApi.people.list>
  refreshing: boolean
  onRefresh: () => void
  announce: (text: string) => void
}

function Desk({ list, refreshing, onRefresh, announce, labels, shell }: DeskProps) {
  const { session, people: words, pager } = labels
  const me = useMe()
  const changeRole = useChangeRole()
  const remove = useRemovePerson()
  const [removing, setRemoving] = useState<PersonView | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const count = list.people.length === 1 ? words.countOne : format(words.countOther, { count: countFormat.format(list.people.length) })

  return (
    <div className="space-y-6">
      <PanelHeader heading={count} headingRef={heading} refreshing={refreshing} onRefresh={onRefresh} labels={session} />
      <p className="max-w-3xl text-sm leading-6 text-body">{words.intro}</p>
      {changeRole.isError && <Alert>{serviceMessage(changeRole.error) ?? words.roleFailed}</Alert>}
      <p className="text-sm text-muted-foreground">{words.zoneNote}</p>
      <PeopleTable
        people={list.people}
        selfId={me.data?.id}
        onRole={(person, role) =>
          changeRole.mutate(
            { id: person.id, role },
            { onSuccess: (changed) => announce(format(changed.role === 'owner' ? words.roleChangedOwner : words.roleChangedMember, { name: changed.name })) },
          )
        }
        changing={changeRole.isPending ? changeRole.variables : undefined}
        onRemove={(person) => {
          remove.reset()
          setRemoving(person)
        }}
        labels={words}
        shell={shell}
      />
      <Invitations invitations={list.invitations} announce={announce} labels={words} shell={shell} />
      <Activity people={list.people} labels={words} pager={pager} session={session} shell={shell} />
      <ConfirmDeleteDialog
        open={removing !== null}
        onOpenChange={(open) => open || setRemoving(null)}
        title={format(words.removeTitle, { name: removing?.name ?? '' })}
        description={words.removeText}
        // The last owner stays: the service says why.
        labels={{ delete: words.removeConfirm, cancel: words.keep, deleting: words.removing, deleteFailed: serviceMessage(remove.error) ?? words.removeFailed }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              announce(format(words.removed, { name: removing.name }))
              setRemoving(null)
            },
          })
        }
        pending={remove.isPending}
        failed={remove.isError}
        fallbackFocus={() => heading.current}
      />
    </div>
  )
}
