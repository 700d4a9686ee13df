import { DateTime } from 'luxon'
import Papa from 'papaparse'
import { isOverdue } from '../../contract/inbox.js'
import { consultationServices, contactServices, labelOf, timeSlots } from '../../contract/options.js'
import { phoneLike, spreadsheetSafe } from '../../contract/spreadsheet.js'
import { meetingStateWords, statusWords } from '../../contract/stateWords.js'
import { consultationZone } from '../email/slots.js'
import { statusOf, type InboxRecord } from '../store/inboxQuery.js'
import type { ConsultationRecord, ContactRecord } from '../store/records.js'
import type { InboxWords } from '../contentWords.js'

export type Column<R> = [header: string, cell: (record: R) => string | undefined]

/** An instant as spreadsheets read a date and time, in the agency's zone: '2026-11-24 10:23'. */
export const spreadsheetTime = (iso: string) => DateTime.fromISO(iso, { zone: consultationZone }).toFormat('yyyy-MM-dd HH:mm')

/** What the columns read besides the record: the admin's words, and the clock for the overdue column. */
export interface CsvContext {
  words: InboxWords
  now: () => Date
}

function common({ words, now }: CsvContext) {
  return {
    received: [words.csvReceived!, (record) => spreadsheetTime(record.receivedAt)],
    status: [words.statusLabel!, (record) => words[statusWords[statusOf(record)]]],
    // The word in the overdue ones, empty in the others: a spreadsheet filters on it as the list does.
    overdue: [words.overdue!, (record) => (isOverdue({ status: statusOf(record), receivedAt: record.receivedAt }, now()) ? words.overdue : '')],
    note: [words.note!, (record) => record.note],
    id: [words.id!, (record) => record.id],
  } satisfies Record<string, Column<InboxRecord>>
}

export function consultationColumns(context: CsvContext): Column<ConsultationRecord>[] {
  const { words } = context
  const shared = common(context)
  return [
    shared.received,
    shared.status,
    shared.overdue,
    [words.csvMeetingStart!, (record) => record.meeting && spreadsheetTime(record.meeting.start)],
    [words.csvMeetingState!, (record) => record.meeting && words[meetingStateWords[record.meeting.state]]],
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

export function messageColumns(context: CsvContext): Column<ContactRecord>[] {
  const { words } = context
  const shared = common(context)
  return [
    shared.received,
    shared.status,
    shared.overdue,
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
 * CSV with a header row, every cell made safe for spreadsheets (a phone number quoted rather than guarded:
 * contract/spreadsheet.ts), and a UTF-8 byte-order mark: without it Excel reads the file in the machine's
 * legacy code page ("José" shows as "JosÃ©").
 */
export function toCsv<R>(columns: Column<R>[], records: readonly R[]): string {
  return `\uFEFF${Papa.unparse(
    {
      fields: columns.map(([header]) => header),
      data: records.map((record) => columns.map(([, cell]) => spreadsheetSafe(cell(record) ?? ''))),
    },
    { quotes: (value: unknown) => typeof value === 'string' && phoneLike(value) },
  )}`
}
