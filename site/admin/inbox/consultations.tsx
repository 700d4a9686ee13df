import { meetingHours, zonedDate } from '../../../contract/booking/booking'
import { consultationServices, labelOf, timeSlots } from '../../../contract/forms/options'
import { format } from '../../content/ui'
import type { KindDefinition } from './definition'
import { commonFields, Website } from './fieldParts'
import { formatDay } from '../list/formatting'
import { adminApi } from '../../../contract/wire/adminApi'
import type { ConsultationView } from '../../../contract/wire/records'

/**
 * When the request is for, in Dallas time (the column says so): its meeting's day and hours once booked (a
 * moved meeting may be on another day), the requested day and window when it has none or it was cancelled.
 */
function When({ record }: { record: ConsultationView }) {
  const meeting = record.meeting && record.meeting.state !== 'cancelled' ? record.meeting : undefined
  return (
    <>
      <time dateTime={meeting?.start ?? record.date} className="block whitespace-nowrap">
        {formatDay(meeting ? zonedDate(meeting.start) : record.date)}
      </time>
      <span className="block whitespace-nowrap text-muted-foreground">{meeting ? meetingHours(meeting) : labelOf(timeSlots, record.timeSlot)}</span>
    </>
  )
}

/** Consultation requests: the requested slot is Dallas time, and says so. */
export const consultations: KindDefinition<ConsultationView> = {
  endpoints: adminApi.consultations,
  sorts: ['received', 'overdue', 'requested'],
  business: (record) => record.businessName,
  person: (record) => record.contactName,
  columns: [
    { header: 'service', cell: (record) => labelOf(consultationServices, record.serviceInterest) },
    {
      header: 'requested',
      onCard: true,
      cell: (record) => <When record={record} />,
    },
  ],
  fields: [
    { label: 'business', value: (record) => record.businessName },
    { label: 'website', value: (record, labels) => <Website website={record.website} labels={labels} /> },
    { label: 'contactName', value: (record) => record.contactName },
    commonFields.email,
    commonFields.phone,
    { label: 'service', value: (record) => labelOf(consultationServices, record.serviceInterest) },
    { label: 'requestedDate', value: (record) => <time dateTime={record.date}>{formatDay(record.date, 'long')}</time> },
    { label: 'requestedTime', value: (record, labels) => format(labels.slotTime, { slot: labelOf(timeSlots, record.timeSlot) }) },
    commonFields.received,
    commonFields.id,
    commonFields.message,
  ],
}
