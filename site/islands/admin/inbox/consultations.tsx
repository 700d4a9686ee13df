import { consultationServices, timeSlots } from '../../../../contract/options'
import { format } from '../../../content/ui'
import type { KindDefinition } from './definition'
import { commonFields, Website } from './fieldParts'
import { formatDay } from './formatting'
import type { Consultation } from './types'

// The option labels the consultation form shows ("Automation Creation", "Afternoon (1PM-5PM)").
const serviceLabel = (value: string) => consultationServices.find((option) => option.value === value)?.label ?? value
const slotLabel = (value: string) => timeSlots.find((option) => option.value === value)?.label ?? value

/** Consultation requests: the requested slot is Dallas time, and says so. */
export const consultations: KindDefinition<Consultation> = {
  api: '/api/admin/consultations',
  business: (record) => record.businessName,
  person: (record) => record.contactName,
  columns: [
    { header: 'name', cell: (record) => record.contactName },
    { header: 'service', cell: (record) => serviceLabel(record.serviceInterest) },
    {
      header: 'requested',
      cell: (record) => (
        <>
          <time dateTime={record.date} className="block whitespace-nowrap">
            {formatDay(record.date)}
          </time>
          <span className="block whitespace-nowrap text-muted-foreground">{slotLabel(record.timeSlot)}</span>
        </>
      ),
    },
  ],
  fields: [
    { label: 'business', value: (record) => record.businessName },
    { label: 'website', value: (record, labels) => <Website website={record.website} labels={labels} /> },
    { label: 'contactName', value: (record) => record.contactName },
    commonFields.email,
    commonFields.phone,
    { label: 'service', value: (record) => serviceLabel(record.serviceInterest) },
    { label: 'requestedDate', value: (record) => <time dateTime={record.date}>{formatDay(record.date, 'long')}</time> },
    { label: 'requestedTime', value: (record, labels) => format(labels.slotTime, { slot: slotLabel(record.timeSlot) }) },
    commonFields.received,
    commonFields.id,
    commonFields.message,
  ],
}
