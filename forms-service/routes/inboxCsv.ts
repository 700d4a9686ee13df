import Papa from 'papaparse'
import { zonedDateTime } from '../../contract/booking.js'
import type { InboxStatus } from '../../contract/inbox.js'
import { consultationServices, contactServices, labelOf, timeSlots } from '../../contract/options.js'
import { spreadsheetSafe } from '../../contract/spreadsheet.js'
import { hidden, shown, type Hidden } from '../../contract/exhaustive.js'
import type { ConsultationFields, ContactFields } from '../../contract/records.js'
import { sourceInWords } from '../../contract/sourceWords.js'
import { statusOf, type InboxRecord } from '../store/inboxQuery.js'
import type { ConsultationRecord, ContactRecord } from '../store/records.js'
import type { InboxWords } from '../contentWords.js'

export type Column<R> = [header: string, cell: (record: R) => string | undefined]

/**
 * A CSV's columns in order, keyed by the form's fields (`F`: contract/records.ts), each a column or `hidden`,
 * with the record's own (received, status, note, id) among them: a new field of the form is a type error here.
 */
type ColumnTable<F, R> = Record<keyof F, Column<R> | Hidden> & Record<string, Column<R> | Hidden>

const statusWord = { new: 'statusNew', contacted: 'statusContacted', closed: 'statusClosed', spam: 'statusSpam' } as const satisfies Record<InboxStatus, string>

/** An instant as spreadsheets read a date and time, in the agency's zone: '2026-11-24 10:23'. */
export const spreadsheetTime = (iso: string) => {
  const { date, time } = zonedDateTime(iso)
  return `${date} ${time}`
}

function common(words: InboxWords) {
  return {
    received: [words.csvReceived!, (record) => spreadsheetTime(record.receivedAt)],
    status: [words.statusLabel!, (record) => words[statusWord[statusOf(record)]]],
    source: [words.source!, (record) => sourceInWords(record.source)],
    note: [words.note!, (record) => record.note],
    id: [words.id!, (record) => record.id],
  } satisfies Record<string, Column<InboxRecord>>
}

export function consultationColumns(words: InboxWords): Column<ConsultationRecord>[] {
  const shared = common(words)
  return shown({
    received: shared.received,
    status: shared.status,
    businessName: [words.business!, (record) => record.businessName],
    contactName: [words.contactName!, (record) => record.contactName],
    email: [words.email!, (record) => record.email],
    phone: [words.phone!, (record) => record.phone],
    website: [words.website!, (record) => record.website],
    serviceInterest: [words.service!, (record) => labelOf(consultationServices, record.serviceInterest)],
    date: [words.requestedDate!, (record) => record.date],
    timeSlot: [words.requestedTime!, (record) => labelOf(timeSlots, record.timeSlot)],
    message: [words.message!, (record) => record.message],
    source: shared.source,
    note: shared.note,
    id: shared.id,
    // As on the record page (site/islands/admin/inbox/consultations.tsx).
    place: hidden,
    timeZone: hidden,
  } satisfies ColumnTable<ConsultationFields, ConsultationRecord>)
}

export function messageColumns(words: InboxWords): Column<ContactRecord>[] {
  const shared = common(words)
  return shown({
    received: shared.received,
    status: shared.status,
    name: [words.name!, (record) => record.name],
    business: [words.business!, (record) => record.business],
    email: [words.email!, (record) => record.email],
    phone: [words.phone!, (record) => record.phone],
    service: [words.service!, (record) => labelOf(contactServices, record.service)],
    message: [words.message!, (record) => record.message],
    source: shared.source,
    note: shared.note,
    id: shared.id,
  } satisfies ColumnTable<ContactFields, ContactRecord>)
}

/**
 * CSV with a header row, every cell made safe for spreadsheets, and a UTF-8 byte-order mark: without
 * it Excel reads the file in the machine's legacy code page ("José" shows as "JosÃ©").
 */
export function toCsv<R>(columns: Column<R>[], records: readonly R[]): string {
  return `\uFEFF${Papa.unparse({
    fields: columns.map(([header]) => header),
    data: records.map((record) => columns.map(([, cell]) => spreadsheetSafe(cell(record) ?? ''))),
  })}`
}
