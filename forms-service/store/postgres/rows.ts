import type { InboxStatus } from '../../../contract/wire/inbox.js'
import type { LeadSource } from '../../../contract/wire/source.js'
import type { InboxCollection, InboxRecord } from '../inboxQuery.js'
import type { ApiTokenRecord, BlockedPostRecord, BlockRecord, EmailRecord, RecipientRecord, SubscriberRecord } from '../records.js'

// Rows as node-postgres returns them, and the records the rest of the service knows.

export const tableOf = {
  consultations: 'consultations',
  contacts: 'contacts',
  newsletterSubscribers: 'newsletter_subscribers',
  emails: 'emails',
  apiTokens: 'api_tokens',
  blocked: 'blocked_addresses',
  blockedPosts: 'blocked_posts',
  recipients: 'mail_recipients',
} as const

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

/** The form fields of a record: everything the service did not add. */
export function formFields(record: InboxRecord): Record<string, unknown> {
  const {
    id: _id,
    receivedAt: _receivedAt,
    submissionKey: _key,
    status: _status,
    statusChanges: _changes,
    note: _note,
    noteUpdatedAt: _noteAt,
    // The meeting has tables of its own (postgres/meetings.ts).
    meeting: _meeting,
    ...fields
  } = record as InboxRecord & { meeting?: unknown }
  return fields
}

export interface SubscriberRow {
  id: string
  email: string
  subscribed_at: Date
  source?: LeadSource | null
}

export const subscriberRecord = (row: SubscriberRow): SubscriberRecord => ({
  id: row.id,
  email: row.email,
  subscribedAt: row.subscribed_at.toISOString(),
  ...(row.source ? { source: row.source } : {}),
})

export interface EmailRow {
  id: string
  about_collection: EmailRecord['about']['collection']
  about_id: string
  kind: string
  created_at: Date
  queued_at: Date | null
  state: EmailRecord['state']
  attempts: number
  next_attempt_at: Date
  last_error: string | null
  sent_at: Date | null
  to_address: string | null
  subject: string | null
  file: string | null
  queued_by_request: string | null
  held_for: EmailRecord['heldFor'] | null
  recipient_key: string | null
  recipient_at: Date | null
  resent_at: Date | null
  queued_from: EmailRecord['queuedFrom'] | null
  /** The text a folder delivery wrote; never part of the record (`emailMessage` reads it). */
  message?: string | null
}

export function emailRecord(row: EmailRow): EmailRecord {
  return {
    id: row.id,
    about: { collection: row.about_collection, id: row.about_id },
    kind: row.kind,
    createdAt: row.created_at.toISOString(),
    ...(row.queued_at ? { queuedAt: row.queued_at.toISOString() } : {}),
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at.toISOString(),
    ...(row.last_error !== null ? { lastError: row.last_error } : {}),
    ...(row.sent_at ? { sentAt: row.sent_at.toISOString() } : {}),
    ...(row.to_address !== null ? { to: row.to_address } : {}),
    ...(row.subject !== null ? { subject: row.subject } : {}),
    ...(row.file !== null ? { file: row.file } : {}),
    ...(row.queued_by_request !== null ? { queuedByRequest: row.queued_by_request } : {}),
    ...(row.held_for ? { heldFor: row.held_for } : {}),
    ...(row.recipient_key !== null ? { recipientKey: row.recipient_key } : {}),
    ...(row.recipient_at ? { recipientAt: row.recipient_at.toISOString() } : {}),
    ...(row.resent_at ? { resentAt: row.resent_at.toISOString() } : {}),
    ...(row.queued_from ? { queuedFrom: row.queued_from } : {}),
  }
}

/**
 * EmailRecord field -> column, for updates: every field an update may set has its column, or this does
 * not compile (a field left out would be dropped from the update unseen). `message` is the folder copy's text.
 */
export const emailColumns = {
  state: 'state',
  attempts: 'attempts',
  nextAttemptAt: 'next_attempt_at',
  queuedAt: 'queued_at',
  lastError: 'last_error',
  sentAt: 'sent_at',
  to: 'to_address',
  subject: 'subject',
  file: 'file',
  queuedByRequest: 'queued_by_request',
  heldFor: 'held_for',
  recipientKey: 'recipient_key',
  recipientAt: 'recipient_at',
  resentAt: 'resent_at',
  queuedFrom: 'queued_from',
  message: 'message',
} as const satisfies { [K in keyof Omit<EmailRecord, 'id' | 'about' | 'kind' | 'createdAt'>]-?: string } & { message: string }

export const isInbox = (collection: string): collection is InboxCollection => collection === 'consultations' || collection === 'contacts'

export interface ApiTokenRow {
  id: string
  name: string
  token_hash: string
  scopes: ApiTokenRecord['scopes']
  created_at: Date
  last_used_at: Date | null
}

export const apiTokenRecord = (row: ApiTokenRow): ApiTokenRecord => ({
  id: row.id,
  name: row.name,
  tokenHash: row.token_hash,
  scopes: row.scopes,
  createdAt: row.created_at.toISOString(),
  ...(row.last_used_at ? { lastUsedAt: row.last_used_at.toISOString() } : {}),
})

export interface BlockRow {
  id: string
  kind: BlockRecord['kind']
  value: string
  reason: string
  blocked_by: BlockRecord['by']
  created_at: Date
  expires_at: Date | null
}

export const blockRecord = (row: BlockRow): BlockRecord => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  reason: row.reason,
  by: row.blocked_by,
  createdAt: row.created_at.toISOString(),
  ...(row.expires_at ? { expiresAt: row.expires_at.toISOString() } : {}),
})

export interface BlockedPostRow {
  id: string
  received_at: Date
  form: BlockedPostRecord['form']
  fields: BlockedPostRecord['fields']
  caught_by: BlockedPostRecord['caughtBy']
}

export const blockedPostRecord = (row: BlockedPostRow): BlockedPostRecord =>
  ({ id: row.id, receivedAt: row.received_at.toISOString(), form: row.form, fields: row.fields, caughtBy: row.caught_by }) as BlockedPostRecord

/** The parameters of `INSERT INTO blocked_posts (id, received_at, form, fields, caught_by)`. */
export const blockedPostValues = (post: BlockedPostRecord) => [post.id, post.receivedAt, post.form, post.fields, post.caughtBy]

export interface RecipientRow {
  key: string
  clicked_at: Date | null
  suppressed: RecipientRecord['suppressed'] | null
  suppressed_at: Date | null
}

export const recipientRecord = (row: RecipientRow): RecipientRecord => ({
  id: row.key,
  ...(row.clicked_at ? { clickedAt: row.clicked_at.toISOString() } : {}),
  ...(row.suppressed ? { suppressed: row.suppressed } : {}),
  ...(row.suppressed_at ? { suppressedAt: row.suppressed_at.toISOString() } : {}),
})
