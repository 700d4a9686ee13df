import Papa from 'papaparse'
import { consultationServices, contactServices, labelOf, timeSlots } from '../../contract/options.js'
import { spreadsheetSafe } from '../../contract/spreadsheet.js'
import { statusOf, type InboxRecord } from '../store/inboxQuery.js'
import type { ConsultationRecord, ContactRecord } from '../store/records.js'

export type Column<R> = [header: string, cell: (record: R) => string | undefined]

const common = {
  received: ['Received (UTC)', (record) => record.receivedAt],
  status: ['Status', (record) => statusOf(record)],
  note: ['Note', (record) => record.note],
  id: ['ID', (record) => record.id],
} satisfies Record<string, Column<InboxRecord>>

export const consultationColumns: Column<ConsultationRecord>[] = [
  common.received,
  common.status,
  ['Business', (record) => record.businessName],
  ['Contact Name', (record) => record.contactName],
  ['Email', (record) => record.email],
  ['Phone', (record) => record.phone],
  ['Website', (record) => record.website],
  ['Service', (record) => labelOf(consultationServices, record.serviceInterest)],
  ['Requested Date', (record) => record.date],
  ['Time Slot (Dallas time)', (record) => labelOf(timeSlots, record.timeSlot)],
  ['Message', (record) => record.message],
  common.note,
  common.id,
]

export const messageColumns: Column<ContactRecord>[] = [
  common.received,
  common.status,
  ['Name', (record) => record.name],
  ['Business', (record) => record.business],
  ['Email', (record) => record.email],
  ['Phone', (record) => record.phone],
  ['Service', (record) => labelOf(contactServices, record.service)],
  ['Message', (record) => record.message],
  common.note,
  common.id,
]

/** CSV with a header row; every cell made safe for spreadsheets. */
export function toCsv<R>(columns: Column<R>[], records: readonly R[]): string {
  return Papa.unparse({
    fields: columns.map(([header]) => header),
    data: records.map((record) => columns.map(([, cell]) => spreadsheetSafe(cell(record) ?? ''))),
  })
}
