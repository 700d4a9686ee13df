import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { adminApi } from '../../../contract/wire/adminApi'
import type { InboxViewBase, PersonTimeline as Timeline, TimelineEvent } from '../../../contract/wire/records'
import { urls } from '../../../contract/wire/urls'
import { format } from '../../content/ui'
import { answerOf, apiPath } from '../../forms/api'
import type { EmailKindLabels, InboxLabels } from '../labels'
import { stateLabel } from '../meetings/meetingText'
import { emailKindLabel } from '../outbox/emailLabels'
import { formatDateTime } from '../list/formatting'
import { changedBy } from '../changedBy'
import { StatusBadge } from './StatusBadge'
import { statusLabel } from './statusLabels'

type Collection = 'consultations' | 'contacts'
type PersonTimelineProps = { collection: Collection; record: InboxViewBase; labels: InboxLabels; emailKinds: EmailKindLabels }

const screenOf = { consultations: 'consultations', contacts: 'messages' } as const
const linkClass = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-ring'

/** The record's person (the same address or phone, contract/booking/person.ts): their records, linked, and one timeline, newest first. */
export function PersonTimeline({ collection, record, labels, emailKinds }: PersonTimelineProps) {
  const id = useId()
  // Read again whenever the record changes (a status saved, a meeting cancelled): its answer is the record's key.
  const meeting = (record as { meeting?: { state: string; start: string } }).meeting
  const query = useQuery({
    queryKey: [apiPath(adminApi.person, { collection, id: record.id }), record.statusHistory.length, meeting?.state, meeting?.start],
    queryFn: answerOf(adminApi.person),
  })
  const person = query.data
  const what = (of: Collection) => (of === 'consultations' ? labels.relatedRequest : labels.relatedMessage)
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {labels.timeline}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{labels.timelineText}</p>
      {!person ? (
        <p className="mt-3 text-sm text-muted-foreground" role={query.isError ? 'alert' : undefined}>
          {query.isError ? labels.timelineFailed : labels.timelineLoading}
        </p>
      ) : (
        <>
          <ul className="mt-3 space-y-2 text-sm">
            {person.records.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2">
                {item.id === record.id ? (
                  <span className="font-medium text-foreground">
                    {what(item.collection)}, <time dateTime={item.receivedAt}>{formatDateTime(item.receivedAt)}</time> ({labels.timelineThis})
                  </span>
                ) : (
                  <a href={urls.adminRecord(screenOf[item.collection], item.id)} className={linkClass}>
                    {what(item.collection)}, <time dateTime={item.receivedAt}>{formatDateTime(item.receivedAt)}</time>
                  </a>
                )}
                <StatusBadge status={item.status} labels={labels} />
              </li>
            ))}
            {person.subscribedAt && (
              <li className="text-muted-foreground">{format(labels.relatedSubscriber, { date: formatDateTime(person.subscribedAt) })}</li>
            )}
          </ul>
          <ol className="mt-4 space-y-3 border-l-2 border-border pl-4 text-sm">
            {person.events.map((event) => (
              <li key={`${event.recordId}-${event.kind}-${event.at}-${'state' in event ? event.state : ''}`}>
                <time dateTime={event.at} className="block text-muted-foreground">
                  {formatDateTime(event.at, 'long')}
                </time>
                <span className="text-foreground">{eventText(event, labels, emailKinds, what(event.collection))}</span>
                {'by' in event && event.by && <span className="text-muted-foreground"> {changedBy(event.by, person.names, labels.changedBy)}</span>}
                {event.recordId !== record.id && (
                  <a
                    href={urls.adminRecord(screenOf[event.collection], event.recordId)}
                    className={`ml-2 ${linkClass}`}
                    aria-label={format(labels.timelineOpen, { what: what(event.collection).toLowerCase(), date: receivedOf(person, event) })}
                  >
                    {what(event.collection)}
                  </a>
                )}
              </li>
            ))}
          </ol>
          {person.truncated && <p className="mt-3 text-sm text-muted-foreground">{labels.timelineTruncated}</p>}
        </>
      )}
    </section>
  )
}

const receivedOf = (person: Timeline, event: TimelineEvent) => {
  const at = person.records.find((item) => item.id === event.recordId)?.receivedAt
  return at ? formatDateTime(at) : ''
}

function eventText(event: TimelineEvent, labels: InboxLabels, emailKinds: EmailKindLabels, what: string): string {
  switch (event.kind) {
    case 'received':
      return format(labels.timelineReceived, { what })
    case 'status':
      return format(event.meetingCancelled ? labels.timelineStatusMeeting : labels.timelineStatus, { status: statusLabel(event.status, labels) })
    case 'meeting':
      return event.start
        ? format(labels.timelineMeetingAt, { state: stateLabel(event.state, labels).toLowerCase(), time: formatDateTime(event.start, 'long') })
        : format(labels.timelineMeeting, { state: stateLabel(event.state, labels).toLowerCase() })
    case 'email':
      return format(labels.timelineEmail, { kind: emailKindLabel(event.email, emailKinds) })
  }
}
