import { ArrowLeft } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { format } from '../../content/ui'
import { ApiError } from '../../forms/api'
import { Alert } from '../../ui/alert'
import type { GateLabels, InboxScreenLabels, ShellLabels } from '../labels'
import { RequestMeeting } from '../meetings/RequestMeeting'
import { QueryGate } from '../QueryGate'
import { DeleteRecord } from './DeleteRecord'
import type { KindDefinition } from './definition'
import { EmailList } from './EmailList'
import { NoteEditor } from './NoteEditor'
import { RecordFields } from './RecordFields'
import { PersonTimeline } from './PersonTimeline'
import { adminApi } from '../../../contract/wire/adminApi'
import { useRecord } from '../records'
import { StatusBadge, SuspectedBadge } from './StatusBadge'
import { SuspicionPanel } from './SuspicionPanel'
import { StatusControl } from './StatusControl'
import { OwnerControl } from './OwnerControl'
import type { ConsultationView, InboxDetail, InboxViewBase } from '../../../contract/wire/records'
import { ContactCard } from './ContactCard'

export type RecordDetailProps<R extends InboxViewBase> = {
  definition: KindDefinition<R>
  id: string
  /** The list this record was opened from (its link works without JavaScript's help too). */
  backHref: string
  onBack: () => void
  onDeleted: (record: R) => void
  /** Opened from the list: focus goes to the record's heading. */
  focusHeading: boolean
  onFocused: () => void
  announce: (text: string) => void
  labels: InboxScreenLabels
  shell: ShellLabels
  gateLabels: GateLabels
}

/** One record: how to reach the person and their meeting first, then status with its history, the internal note, every field, its emails, and Delete. */
export function RecordDetail<R extends InboxViewBase>(props: RecordDetailProps<R>) {
  const query = useRecord<R>(props.definition.endpoints, props.id)
  const { kind, inbox } = props.labels
  const back = (
    <a
      href={props.backHref}
      onClick={(event) => {
        event.preventDefault()
        props.onBack()
      }}
      className="inline-flex items-center gap-2 text-sm font-semibold text-primary-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {kind.back}
    </a>
  )

  if (query.error instanceof ApiError && query.error.status === 404 && !query.isFetching) {
    return (
      <div className="space-y-6">
        {back}
        <h2 className="text-2xl font-bold tracking-tight text-brand-900">{inbox.notFoundTitle}</h2>
        <Alert role="status">{kind.notFound}</Alert>
      </div>
    )
  }
  return (
    <div className="space-y-6">
      {back}
      <QueryGate query={query} labels={props.gateLabels}>
        {(record) => <RecordView {...props} record={record} />}
      </QueryGate>
    </div>
  )
}

function RecordView<R extends InboxViewBase>({
  definition,
  record,
  focusHeading,
  onFocused,
  onDeleted,
  announce,
  labels,
  shell,
}: RecordDetailProps<R> & { record: InboxDetail<R> }) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const { kind, inbox } = labels

  useEffect(() => {
    if (!focusHeading) return
    heading.current?.focus()
    onFocused()
  }, [focusHeading, onFocused])

  return (
    // Tighter on a phone, so that the contact and the meeting come up in its first screen.
    <article aria-labelledby={`${id}-title`} className="space-y-4 sm:space-y-6">
      <div>
        <h2 ref={heading} id={`${id}-title`} tabIndex={-1} className="break-words text-xl font-bold tracking-tight text-brand-900 outline-none sm:text-2xl">
          {format(kind.detailTitle, { business: definition.business(record), name: definition.person(record) })}
        </h2>
        {/* The badges and Delete share a line: the contact and the meeting come up into a phone's first screen. */}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p>
            <StatusBadge status={record.status} labels={inbox} />
            {record.suspicion && <SuspectedBadge labels={inbox} />}
          </p>
          <DeleteRecord definition={definition} record={record} labels={kind} shell={shell} onDeleted={onDeleted} />
        </div>
      </div>
      {/*
        The first screen is what the agency acts on: how to reach the person and their meeting, then the
        status. On a wide screen the status, note and related records are the right-hand column.
      */}
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 space-y-4 sm:space-y-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <ContactCard record={record} person={definition.person(record)} labels={inbox} />
          {labels.meetings && <RequestMeeting lead={record as unknown as ConsultationView} labels={labels.meetings} announce={announce} />}
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          {record.suspicion && record.status !== 'spam' && (
            <SuspicionPanel endpoints={definition.endpoints} record={record} labels={inbox} announce={announce} />
          )}
          <StatusControl endpoints={definition.endpoints} record={record} labels={inbox} announce={announce} />
          <OwnerControl endpoints={definition.endpoints} record={record} labels={inbox} announce={announce} />
          <NoteEditor endpoints={definition.endpoints} record={record} labels={inbox} announce={announce} />
          <PersonTimeline
            collection={definition.endpoints === adminApi.consultations ? 'consultations' : 'contacts'}
            record={record}
            labels={inbox}
            emailKinds={labels.emailKinds}
          />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2 lg:col-start-1 lg:row-start-2">
          <section aria-labelledby={`${id}-details`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
            <h3 id={`${id}-details`} className="mb-4 text-lg font-semibold text-brand-900">
              {inbox.details}
            </h3>
            <RecordFields definition={definition} record={record} labels={inbox} />
          </section>
          <EmailList record={record} labels={inbox} shell={shell} kinds={labels.emailKinds} announce={announce} />
        </div>
      </div>
    </article>
  )
}
