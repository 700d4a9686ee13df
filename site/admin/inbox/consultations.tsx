import { formatMeeting, meetingParts, zonedDate } from '../../../contract/booking/booking'
import { MeetingStateBadge } from '../meetings/MeetingStateBadge'
import { stateLabel } from '../meetings/meetingText'
import { consultationServices, labelOf, timeSlots } from '../../../contract/forms/options'
import { format } from '../../content/ui'
import type { FieldTable, KindDefinition } from './definition'
import type { InboxLabels } from '../labels'
import { commonFields, ownerColumn, Website } from './fieldParts'
import { formatDay } from '../list/formatting'
import { adminApi } from '../../../contract/wire/adminApi'
import type { ConsultationFields, ConsultationView } from '../../../contract/wire/records'
import { hidden, shown } from '../../../contract/forms/exhaustive'

/**
 * When the request is for, in Dallas time (the column says so): its meeting's day and hours once booked (a
 * moved meeting may be on another day), the requested day and window when it has none or it was cancelled.
 */
function When({ record, labels }: { record: ConsultationView; labels: InboxLabels }) {
  const meeting = record.meeting && record.meeting.state !== 'cancelled' ? record.meeting : undefined
  return (
    <>
      <time dateTime={meeting?.start ?? record.date} className="block whitespace-nowrap">
        {formatDay(meeting ? zonedDate(meeting.start) : record.date)}
      </time>
      <span className="block whitespace-nowrap text-muted-foreground">{meeting ? meetingParts(meeting).hours : labelOf(timeSlots, record.timeSlot)}</span>
      {/* Booked reads as the time itself; any other state (moved, cancelled with its lead, held) is said. */}
      {record.meeting && record.meeting.state !== 'booked' && (
        <span className="mt-1 block">
          <MeetingStateBadge state={record.meeting.state} labels={labels} />
        </span>
      )}
    </>
  )
}

/** Consultation requests: the requested slot is Dallas time, and says so. */
export const consultations: KindDefinition<ConsultationView> = {
  endpoints: adminApi.consultations,
  sorts: ['received', 'overdue', 'requested'],
  business: (record) => record.businessName,
  person: (record) => record.contactName,
  network: (record) => record.network,
  columns: [
    { header: 'service', cell: (record) => labelOf(consultationServices, record.serviceInterest) },
    {
      header: 'requested',
      onCard: true,
      cell: (record, labels) => <When record={record} labels={labels} />,
    },
    ownerColumn,
  ],
  fields: shown({
    businessName: { label: 'business', value: (record) => record.businessName },
    website: { label: 'website', value: (record, labels) => <Website website={record.website} labels={labels} /> },
    contactName: { label: 'contactName', value: (record) => record.contactName },
    // In the contact card at the top of the record (RecordDetail.tsx), with tap-to-call and mail links.
    email: hidden,
    phone: hidden,
    serviceInterest: { label: 'service', value: (record) => labelOf(consultationServices, record.serviceInterest) },
    meetingStart: {
      label: 'meetingStart',
      value: (record, labels) =>
        record.meeting ? (
          <>
            <time dateTime={record.meeting.start} className={record.meeting.state === 'cancelled' ? 'line-through' : undefined}>
              {formatMeeting(record.meeting)}
            </time>{' '}
            ({stateLabel(record.meeting.state, labels)})
          </>
        ) : (
          <span className="text-muted-foreground">{labels.notGiven}</span>
        ),
    },
    date: { label: 'requestedDate', value: (record) => <time dateTime={record.date}>{formatDay(record.date, 'long')}</time> },
    timeSlot: { label: 'requestedTime', value: (record, labels) => format(labels.slotTime, { slot: labelOf(timeSlots, record.timeSlot) }) },
    received: commonFields.received,
    source: commonFields.source,
    id: commonFields.id,
    message: commonFields.message,
    // Not on the record page today: the place is in the agency's notification, the zone only adds the visitor's own time to their emails.
    place: hidden,
    timeZone: hidden,
  } satisfies FieldTable<ConsultationFields, ConsultationView>),
}
