import { contactServices, labelOf } from '../../../contract/forms/options'
import type { KindDefinition } from './definition'
import { commonFields, Excerpt } from './fieldParts'
import { adminApi } from '../../../contract/wire/adminApi'
import type { MessageView } from '../../../contract/wire/records'

/** Contact messages: the list shows the start of each message. */
export const messages: KindDefinition<MessageView> = {
  endpoints: adminApi.messages,
  sorts: ['received', 'overdue'],
  business: (record) => record.business,
  person: (record) => record.name,
  columns: [
    { header: 'service', cell: (record) => labelOf(contactServices, record.service) },
    { header: 'message', onCard: true, cell: (record, labels) => <Excerpt text={record.message} labels={labels} /> },
  ],
  fields: [
    { label: 'name', value: (record) => record.name },
    { label: 'business', value: (record) => record.business },
    commonFields.email,
    commonFields.phone,
    { label: 'service', value: (record) => labelOf(contactServices, record.service) },
    commonFields.received,
    commonFields.id,
    commonFields.message,
  ],
}
