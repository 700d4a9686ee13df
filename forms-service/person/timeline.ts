import type { EmailRecord, InboxRecord, PersonTimeline, TimelineEvent } from '../../contract/wire/records.js'
import { namesOf, type ActorNames } from '../people/actorNames.js'
import { statusOf } from '../store/inboxQuery.js'

type Collection = 'consultations' | 'contacts'
type Of = { collection: Collection; record: InboxRecord }

/**
 * A person's timeline from their records and the emails about them: pure, newest first (ties keep the
 * order things happen in a record: received, then its changes). `emails` by record id.
 */
export function personTimeline(
  records: readonly Of[],
  emails: ReadonlyMap<string, readonly EmailRecord[]>,
  subscribedAt: string | null,
  truncated: boolean,
  names: ActorNames,
): PersonTimeline {
  const events: TimelineEvent[] = []
  for (const { collection, record } of records) {
    const on = { collection, recordId: record.id }
    events.push({ ...on, at: record.receivedAt, kind: 'received' })
    for (const change of record.statusChanges ?? []) {
      events.push({
        ...on,
        at: change.at,
        kind: 'status',
        status: change.status,
        ...(change.meetingCancelled ? { meetingCancelled: true as const } : {}),
        ...(change.by ? { by: change.by } : {}),
      })
    }
    const meeting = 'meeting' in record ? record.meeting : undefined
    for (const change of meeting?.history ?? []) {
      events.push({
        ...on,
        at: change.at,
        kind: 'meeting',
        state: change.state,
        ...(change.start ? { start: change.start } : {}),
        ...(change.lead ? { lead: change.lead } : {}),
        ...(change.by ? { by: change.by } : {}),
      })
    }
    for (const email of emails.get(record.id) ?? []) {
      if (email.state === 'sent' && email.sentAt)
        events.push({ ...on, at: email.sentAt, kind: 'email', email: email.kind, ...(email.to ? { to: email.to } : {}) })
    }
  }
  // A stable sort: what happened at the same instant keeps its order within the record.
  const ordered = events.map((event, i) => ({ event, i })).sort((a, b) => b.event.at.localeCompare(a.event.at) || b.i - a.i)
  return {
    records: [...records]
      .sort((a, b) => b.record.receivedAt.localeCompare(a.record.receivedAt))
      .map(({ collection, record }) => ({
        collection,
        id: record.id,
        receivedAt: record.receivedAt,
        status: statusOf(record),
        business: 'businessName' in record ? record.businessName : record.business,
        name: 'contactName' in record ? record.contactName : record.name,
      })),
    subscribedAt,
    events: ordered.map(({ event }) => event),
    truncated,
    names: namesOf(
      events.map((event) => ('by' in event ? event.by : undefined)),
      names,
    ),
  }
}
