import { contactServices, labelOf } from '../../../contract/forms/options'
import type { FieldTable, KindDefinition } from './definition'
import { commonFields, Excerpt, ownerColumn } from './fieldParts'
import { adminApi } from '../../../contract/wire/adminApi'
import type { ContactFields, MessageView } from '../../../contract/wire/records'
import { hidden, shown } from '../../../contract/forms/exhaustive'

/** Contact messages: the list shows the start of each message. */
export const messages: KindDefinition<MessageView> = {
  endpoints: adminApi.messages,
  sorts: ['received', 'overdue'],
  business: (record) => record.business,
  person: (record) => record.name,
  columns: [
    { header: 'service', cell: (record) => labelOf(contactServices, record.service) },
    { header: 'message', onCard: true, cell: (record, labels) => <Excerpt text={record.message} labels={labels} /> },
    ownerColumn,
  ],
  fields: shown({
    name: { label: 'name', value: (record) => record.name },
    business: { label: 'business', value: (record) => record.business },
    // In the contact card at the top of the record (RecordDetail.tsx), with tap-to-call and mail links.
    email: hidden,
    phone: hidden,
    service: { label: 'service', value: (record) => labelOf(contactServices, record.service) },
    received: commonFields.received,
    source: commonFields.source,
    id: commonFields.id,
    message: commonFields.message,
  } satisfies FieldTable<ContactFields, MessageView>),
}
