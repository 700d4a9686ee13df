import type { InboxStatus } from '../../../contract/wire/inbox.js'
import type { InboxCollection, InboxRecord } from '../inboxQuery.js'
import type { ApiTokenRecord, BlockedPostRecord, BlockRecord, Collection, EmailRecord, RecipientRecord, SubscriberRecord } from '../records.js'
import { inboxPlaces, recordOf, tables } from './columns.js'

// Rows as node-postgres returns them, and the records the rest of the service knows.

/** Each collection's table. */
export const tableOf = {
  consultations: 'consultations',
  contacts: 'contacts',
  ...(Object.fromEntries(Object.entries(tables).map(([collection, { name }]) => [collection, name])) as { [C in keyof typeof tables]: string }),
} satisfies Record<Collection, string>

export interface InboxRow {
  id: string
  received_at: Date
  fields: Record<string, unknown>
  status: InboxStatus
  status_changes: Array<{ status: InboxStatus; at: string }>
  note: string
  note_updated_at: Date | null
  submission_key: string | null
}

export function inboxRecord(row: InboxRow): InboxRecord {
  return {
    id: row.id,
    receivedAt: row.received_at.toISOString(),
    ...row.fields,
    ...(row.status !== 'new' || row.status_changes.length > 0 ? { status: row.status, statusChanges: row.status_changes } : {}),
    ...(row.note !== '' || row.note_updated_at ? { note: row.note } : {}),
    ...(row.note_updated_at ? { noteUpdatedAt: row.note_updated_at.toISOString() } : {}),
    ...(row.submission_key ? { submissionKey: row.submission_key } : {}),
  } as InboxRecord
}

/** What a lead keeps in its `fields` column: its form's fields, and what the service adds there (inboxPlaces). */
export function formFields(record: InboxRecord): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(([field]) => !Object.hasOwn(inboxPlaces, field) || inboxPlaces[field as keyof typeof inboxPlaces] === 'fields'),
  )
}

export type Row = Record<string, unknown>

export const subscriberRecord = (row: Row): SubscriberRecord => recordOf(tables.newsletterSubscribers, row)
export const emailRecord = (row: Row): EmailRecord => recordOf(tables.emails, row)
export const apiTokenRecord = (row: Row): ApiTokenRecord => recordOf(tables.apiTokens, row)
export const blockRecord = (row: Row): BlockRecord => recordOf(tables.blocked, row)
// The union of each form with its fields is the contract's type; the shape holds the fields it has in common.
export const blockedPostRecord = (row: Row) => recordOf(tables.blockedPosts, row) as BlockedPostRecord
export const recipientRecord = (row: Row): RecipientRecord => recordOf(tables.recipients, row)

export const isInbox = (collection: string): collection is InboxCollection => collection === 'consultations' || collection === 'contacts'
