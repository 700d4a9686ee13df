import { useCallback, useMemo, useState } from 'react'
import { inboxStatuses } from '../../../contract/wire/inbox'
import { format } from '../../content/ui'
import { Announcer, useNotice } from '../Announcer'
import type { GateLabels, InboxScreenLabels, ShellLabels } from '../labels'
import type { InboxKind } from '../screens'
import { consultations } from './consultations'
import type { KindDefinition } from './definition'
import { listSearch, readListParams, type ListParams } from '../list/listParams'
import { entryState, navigate, useLocationSearch } from '../list/location'
import { messages } from './messages'
import { RecordDetail } from './RecordDetail'
import { RecordList } from './RecordList'
import type { InboxViewBase } from '../../../contract/wire/records'

type InboxScreenProps = { kind: InboxKind; labels: InboxScreenLabels; shell: ShellLabels }

/** /admin/consultations and /admin/messages: the list, or one record when the query string names it (?id=…). */
export function InboxScreen({ kind, ...props }: InboxScreenProps) {
  return kind === 'consultations' ? <Inbox definition={consultations} {...props} /> : <Inbox definition={messages} {...props} />
}

type InboxProps<R extends InboxViewBase> = Omit<InboxScreenProps, 'kind'> & { definition: KindDefinition<R> }

function Inbox<R extends InboxViewBase>({ definition, labels, shell }: InboxProps<R>) {
  const search = useLocationSearch()
  const query = useMemo(() => new URLSearchParams(search ?? ''), [search])
  const params = useMemo(() => readListParams(query, inboxStatuses), [query])
  const id = query.get('id')
  const [notice, announce] = useNotice()
  const [focus, focused] = useFocusOnSwitch(search === null ? undefined : id)
  const { kind, session } = labels
  const gateLabels: GateLabels = { ...session, loading: kind.loading, fetchFailed: kind.fetchFailed, loadError: kind.loadError, signInText: kind.signInText }

  const onParams = useCallback((next: ListParams) => navigate(listSearch(next), 'replace'), [])
  const onOpen = useCallback((recordId: string) => navigate(`?id=${encodeURIComponent(recordId)}`, 'push', { listSearch: window.location.search }), [])
  // Back to the list this record was opened from is a step back in history; opened from a link, it is a new step.
  const listOfRecord = () => entryState()?.listSearch
  const onBack = () => (listOfRecord() === undefined ? navigate('', 'push') : window.history.back())
  const onDeleted = (record: R) => {
    navigate(listOfRecord() ?? '', 'replace')
    announce(format(kind.deleted, { business: definition.business(record), name: definition.person(record) }))
  }

  return (
    <div className="space-y-6">
      <Announcer notice={notice} />
      {id === null || search === null ? (
        <RecordList
          definition={definition}
          params={params}
          onParams={onParams}
          onOpen={onOpen}
          enabled={search !== null}
          focusRecord={focus?.to === 'list' ? { id: focus.from } : null}
          onFocused={focused}
          announce={announce}
          labels={labels}
          shell={shell}
          gateLabels={gateLabels}
        />
      ) : (
        <RecordDetail
          key={id}
          definition={definition}
          id={id}
          backHref={window.location.pathname + (listOfRecord() ?? '')}
          onBack={onBack}
          onDeleted={onDeleted}
          focusHeading={focus?.to === 'detail'}
          onFocused={focused}
          announce={announce}
          labels={labels}
          shell={shell}
          gateLabels={gateLabels}
        />
      )}
    </div>
  )
}

type FocusRequest = { to: 'detail' } | { to: 'list'; from: string | null }

/**
 * Where focus goes when the screen switches between the list and a record (a click, Back, Forward,
 * a delete): the record's heading, or in the list the link of the record just left. Not on the first
 * screen of a page load (`shown` undefined until the query string is known).
 */
function useFocusOnSwitch(shown: string | null | undefined) {
  const [current, setCurrent] = useState(shown)
  const [request, setRequest] = useState<FocusRequest | null>(null)
  if (current !== shown) {
    if (current !== undefined && shown !== undefined) setRequest(shown === null ? { to: 'list', from: current } : { to: 'detail' })
    setCurrent(shown)
  }
  const done = useCallback(() => setRequest(null), [])
  return [request, done] as const
}
