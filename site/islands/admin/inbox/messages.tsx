import { contactServices } from '../../../../contract/options'
import type { KindDefinition } from './definition'
import { commonFields, Excerpt } from './fieldParts'
import type { Message } from './types'

// The option labels the contact form shows ("Website Design").
const serviceLabel = (value: string) => contactServices.find((option) => option.value === value)?.label ?? value

/** Contact messages: the list shows the start of each message. */
export const messages: KindDefinition<Message> = {
  api: '/api/admin/messages',
  sorts: ['received', 'overdue'],
  business: (record) => record.business,
  person: (record) => record.name,
  columns: [
    { header: 'name', cell: (record) => record.name },
    { header: 'service', cell: (record) => serviceLabel(record.service) },
    { header: 'message', cell: (record, labels) => <Excerpt text={record.message} labels={labels} /> },
  ],
  fields: [
    { label: 'name', value: (record) => record.name },
    { label: 'business', value: (record) => record.business },
    commonFields.email,
    commonFields.phone,
    { label: 'service', value: (record) => serviceLabel(record.service) },
    commonFields.received,
    commonFields.id,
    commonFields.message,
  ],
}
