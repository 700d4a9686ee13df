import { DateTime } from 'luxon'
import Papa from 'papaparse'
import type { InboxStatus } from '../../contract/wire/inbox.js'
import { consultationServices, contactServices, labelOf, timeSlots } from '../../contract/forms/options.js'
import { spreadsheetSafe } from '../../contract/wire/spreadsheet.js'
import { consultationZone } from '../email/slots.js'
import { statusOf, type InboxRecord } from '../store/inboxQuery.js'
import type { ConsultationRecord, ContactRecord } from '../store/records.js'
import type { InboxWords } from '../contentWords.js'

export type Column<R> = [header: string, cell: (record: R) => string | undefined]

const statusWord = { new: 'statusNew', contacted: 'statusContacted', closed: 'statusClosed', spam: 'statusSpam' } as const satisfies Record<InboxStatus, string>

/** An instant as spreadsheets read a date and time, in the agency's zone: '2026-11-24 10:23'. */
export const spreadsheetTime = (iso: string) => DateTime.fromISO(iso, { zone: consultationZone }).toFormat('yyyy-MM-dd HH:mm')

function common(words: InboxWords) {
  return {
    received: [words.csvReceived!, (record) => spreadsheetTime(record.receivedAt)],
    status: [words.statusLabel!, (record) => words[statusWord[statusOf(record)]]],
    note: [words.note!, (record) => record.note],
    id: [words.id!, (record) => record.id],
  } satisfies Record<string, Column<InboxRecord>>
}

export function consultationColumns(words: InboxWords): Column<ConsultationRecord>[] {
  const shared = common(words)
  return [
    shared.received,
    shared.status,
    [words.business!, (record) => record.businessName],
    [words.contactName!, (record) => record.contactName],
    [words.email!, (record) => record.email],
    [words.phone!, (record) => record.phone],
    [words.website!, (record) => record.website],
    [words.service!, (record) => labelOf(consultationServices, record.serviceInterest)],
    [words.requestedDate!, (record) => record.date],
    [words.requestedTime!, (record) => labelOf(timeSlots, record.timeSlot)],
    [words.message!, (record) => record.message],
    shared.note,
    shared.id,
  ]
}

export function messageColumns(words: InboxWords): Column<ContactRecord>[] {
  const shared = common(words)
  return [
    shared.received,
    shared.status,
    [words.name!, (record) => record.name],
    [words.business!, (record) => record.business],
    [words.email!, (record) => record.email],
    [words.phone!, (record) => record.phone],
    [words.service!, (record) => labelOf(contactServices, record.service)],
    [words.message!, (record) => record.message],
    shared.note,
    shared.id,
  ]
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
