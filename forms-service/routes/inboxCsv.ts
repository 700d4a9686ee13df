import Papa from 'papaparse'
import { zonedDateTime } from '../../contract/booking/booking.js'
import { hidden, shown, type Hidden } from '../../contract/forms/exhaustive.js'
import { isOverdue } from '../../contract/wire/inbox.js'
import { consultationServices, contactServices, labelOf, timeSlots } from '../../contract/forms/options.js'
import type { ConsultationFields, ContactFields } from '../../contract/wire/records.js'
import { sourceInWords } from '../../contract/wire/sourceWords.js'
import { phoneLike, spreadsheetSafe } from '../../contract/wire/spreadsheet.js'
import { meetingStateWords, statusWords } from '../../contract/content/stateWords.js'
import { statusOf, type InboxRecord } from '../store/inboxQuery.js'
import type { ConsultationRecord, ContactRecord } from '../store/records.js'
import type { InboxWords } from '../contentWords.js'
import type { ActorNames } from '../people/actorNames.js'

export type Column<R> = [header: string, cell: (record: R) => string | undefined]

/**
 * A CSV's columns in order, keyed by the form's fields (`F`: contract/wire/records.ts), each a column or `hidden`,
 * with the record's own (received, status, overdue, meeting, note, id) among them: a new field of the form
 * is a type error here.
 */
type ColumnTable<F, R> = Record<keyof F, Column<R> | Hidden> & Record<string, Column<R> | Hidden>

/** An instant as spreadsheets read a date and time, in the agency's zone: '2026-11-24 10:23'. */
export const spreadsheetTime = (iso: string) => {
  const { date, time } = zonedDateTime(iso)
  return `${date} ${time}`
}

/**
 * What the columns read besides the record: the admin's words, the clock and the promise's hours for the
 * overdue column, and the names of the people at the desk for the owner's.
 */
export interface CsvContext {
  words: InboxWords
  now: () => Date
  answerWithinHours: number
  names: ActorNames
}

function common({ words, now, answerWithinHours, names }: CsvContext) {
  return {
    received: [words.csvReceived!, (record) => spreadsheetTime(record.receivedAt)],
    status: [words.statusLabel!, (record) => words[statusWords[statusOf(record)]]],
    owner: [words.owner!, (record) => record.owner && names(record.owner)],
    // The word in the overdue ones, empty in the others: a spreadsheet filters on it as the list does.
    overdue: [
      words.overdue!,
      (record) => (isOverdue({ status: statusOf(record), receivedAt: record.receivedAt }, now(), answerWithinHours) ? words.overdue : ''),
    ],
    source: [words.source!, (record) => sourceInWords(record.source)],
    note: [words.note!, (record) => record.note],
    id: [words.id!, (record) => record.id],
  } satisfies Record<string, Column<InboxRecord>>
}

export function consultationColumns(context: CsvContext): Column<ConsultationRecord>[] {
  const { words } = context
  const shared = common(context)
  return shown({
    received: shared.received,
    status: shared.status,
    owner: shared.owner,
    overdue: shared.overdue,
    meetingStart: [words.csvMeetingStart!, (record) => record.meeting && spreadsheetTime(record.meeting.start)],
    meetingState: [words.csvMeetingState!, (record) => record.meeting && words[meetingStateWords[record.meeting.state]]],
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
    // As on the record page (site/admin/inbox/consultations.tsx).
    place: hidden,
    timeZone: hidden,
  } satisfies ColumnTable<ConsultationFields, ConsultationRecord>)
}

export function messageColumns(context: CsvContext): Column<ContactRecord>[] {
  const { words } = context
  const shared = common(context)
  return shown({
    received: shared.received,
    status: shared.status,
    owner: shared.owner,
    overdue: shared.overdue,
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
 * CSV with a header row, every cell made safe for spreadsheets (a phone number quoted rather than guarded:
 * contract/wire/spreadsheet.ts), and a UTF-8 byte-order mark: without it Excel reads the file in the machine's
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
