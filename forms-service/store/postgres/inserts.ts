import { personKeysOf } from '../../../contract/booking/person.js'
import { haystackOf, type InboxCollection, type InboxRecord } from '../inboxQuery.js'
import type { EmailRecord, SubscriberRecord } from '../records.js'
import { insertOf, tables } from './columns.js'
import { formFields, tableOf } from './rows.js'

// The inserts of the forms' records, shared by the faces that store one: a lead arriving (inboxFace.ts),
// a booking (meetingFace.ts), a caught post released (addressFace.ts), an import (upkeepFace.ts).

/** A subscriber's insert: every declared field, and the folded address its unique index is on. */
export const insertSubscriber = (record: SubscriberRecord) =>
  insertOf(tables.newsletterSubscribers, record, { email_key: (column) => `lower(${column('email')})` })

/**
 * A record's insert, with its emails (`$13`, a text array of kinds; `$14` the request queuing them, `$15` its client) queued in the same statement when
 * the record is new: one round trip, one commit, both or neither.
 */
export function insertInboxSql(collection: InboxCollection, withEmails: boolean): string {
  const insert = `INSERT INTO ${tableOf[collection]} (id, received_at, fields, status, status_changes, note, note_updated_at, submission_key, search, phone_digits, email_key, phone_key)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (submission_key) DO NOTHING RETURNING *`
  return withEmails ? `WITH inserted AS (${insert}), queued AS (${queueEmails(collection, '$2', '$13', '$14', '$15')}) SELECT * FROM inserted` : insert
}

/** The parameters `$1` to `$12` of insertInboxSql. */
export function inboxValues(record: InboxRecord): unknown[] {
  const { text, digits } = haystackOf(record)
  return [
    record.id,
    record.receivedAt,
    JSON.stringify(formFields(record)),
    record.status ?? 'new',
    JSON.stringify(record.statusChanges ?? []),
    record.note ?? '',
    record.noteUpdatedAt ?? null,
    record.submissionKey ?? null,
    text,
    digits,
    ...Object.values(personKeysOf(record)),
  ]
}

/** Queues one email per kind in `kinds` (a text array parameter) for the row of `inserted`, due at `at`, queued by the request `request` from `from` (jsonb). */
export const queueEmails = (collection: EmailRecord['about']['collection'], at: string, kinds: string, request: string, from: string) =>
  `INSERT INTO emails (id, about_collection, about_id, kind, created_at, state, next_attempt_at, queued_by_request, queued_from)
   SELECT gen_random_uuid()::text, '${collection}', inserted.id, kind, ${at}::timestamptz, 'queued', ${at}::timestamptz, ${request}::text, ${from}::jsonb
   FROM inserted, unnest(${kinds}::text[]) AS kind`
