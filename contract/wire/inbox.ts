import type { FromSchema } from 'json-schema-to-ts'
import { maxLength, storableTextPattern } from '../forms/limits.js'

/**
 * Where the agency is with a lead. Every record starts as 'new' (one the spam rule suspects is new too,
 * marked "possible spam": forms-service/spam.ts); the agency sets 'spam', which keeps it out of counts
 * and digests, and restores it by setting another status.
 */
export const inboxStatuses = ['new', 'contacted', 'closed', 'spam'] as const
export type InboxStatus = (typeof inboxStatuses)[number]

/**
 * The site promises "We'll reach out within {{site.answerWithinHours}} hours" (content/site.json's
 * `answerWithinHours`, the one figure): a lead still new this long after it arrived is overdue.
 */
export const overdueAfterMs = (answerWithinHours: number) => answerWithinHours * 3_600_000

/** Elapsed time between instants, so a daylight-saving change makes no lead overdue an hour early or late. */
export const isOverdue = (lead: { status: InboxStatus; receivedAt: string }, now: Date, answerWithinHours: number): boolean =>
  lead.status === 'new' && now.getTime() - Date.parse(lead.receivedAt) >= overdueAfterMs(answerWithinHours)

/** How a list is ordered: newest first, by the requested date (soonest first), or overdue ones first. */
export const inboxSorts = ['received', 'requested', 'overdue'] as const
export type InboxSort = (typeof inboxSorts)[number]

/**
 * Whether a meeting follows its lead (forms-service/store/leadMeeting.ts): Spam always cancels the lead's
 * meeting ahead, without a word to the visitor; Closed cancels it only when the agency says so, with
 * `cancelMeeting: true` (the visitor is told, as with any cancellation by the agency).
 */
const cancelMeeting = { type: 'boolean', errorMessage: 'cancelMeeting must be true or false' } as const

/** A lead's owner: an account's id (contract/wire/people.ts), as the service made it. */
const ownerId = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9-]+$',
  errorMessage: 'owner must be the id of a person at the desk',
} as const

/** PATCH /api/admin/{consultations,messages}/:id: a new status, a new note, an owner, or several; `suspicion: null` clears a "possible spam" mark (Not spam). */
export const inboxChangeSchema = {
  $id: 'inboxChange',
  type: 'object',
  properties: {
    status: { type: 'string', enum: inboxStatuses, errorMessage: `Status must be one of ${inboxStatuses.join(', ')}` },
    note: {
      type: 'string',
      maxLength: maxLength.note,
      pattern: storableTextPattern,
      errorMessage: {
        type: 'Note must be text',
        maxLength: `Note must be at most ${maxLength.note} characters`,
        pattern: 'Note contains characters that cannot be stored',
      },
    },
    suspicion: { type: 'null', errorMessage: 'suspicion can only be cleared: send null' },
    cancelMeeting,
    /** Who answers it from now on: a person at the desk (their account's id). */
    owner: ownerId,
  },
  additionalProperties: false,
  minProperties: 1,
  errorMessage: { type: 'Expected a JSON object', minProperties: 'Send a status, a note, an owner or several' },
} as const

export type InboxChange = FromSchema<typeof inboxChangeSchema>

// The paging parameters of the admin lists; every parameter of a query string arrives as text.
export const paging = {
  offset: { type: 'string', pattern: '^\\d{1,9}$', errorMessage: 'offset must be a whole number' },
  limit: { type: 'string', pattern: '^(?:[1-9]\\d?|1\\d\\d|200)$', errorMessage: 'limit must be a whole number from 1 to 200' },
} as const

/** GET /api/admin/{consultations,messages}. */
export const inboxQuerySchema = {
  $id: 'inboxQuery',
  type: 'object',
  properties: {
    status: { type: 'string', enum: inboxStatuses, errorMessage: `status must be one of ${inboxStatuses.join(', ')}` },
    q: {
      type: 'string',
      maxLength: maxLength.search,
      pattern: storableTextPattern,
      errorMessage: { maxLength: `q must be at most ${maxLength.search} characters`, pattern: 'q contains characters that cannot be searched' },
    },
    sort: { type: 'string', enum: inboxSorts, errorMessage: `sort must be one of ${inboxSorts.join(', ')}` },
    /** The leads of one person (their account's id): "Mine" on the desk. */
    owner: ownerId,
    ...paging,
  },
  additionalProperties: false,
  errorMessage: { additionalProperties: 'Unknown query parameter: only status, q, sort, owner, offset and limit are accepted' },
} as const

/** How many leads one bulk change may name: a page of the list at most. */
export const maxBulkIds = 200

/** POST /api/admin/{consultations,messages}/bulk: a status for several leads (Closed with or without their meetings), or deleting them. */
export const inboxBulkSchema = {
  $id: 'inboxBulk',
  type: 'object',
  properties: {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: maxBulkIds,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 100, pattern: storableTextPattern },
      errorMessage: `ids must be 1 to ${maxBulkIds} different record ids`,
    },
    status: { type: 'string', enum: inboxStatuses, errorMessage: `Status must be one of ${inboxStatuses.join(', ')}` },
    delete: { const: true, errorMessage: 'delete must be true' },
    cancelMeeting,
  },
  required: ['ids'],
  additionalProperties: false,
  minProperties: 2,
  maxProperties: 3,
  anyOf: [{ required: ['status'] }, { required: ['delete'] }],
  not: { required: ['status', 'delete'] },
  errorMessage: {
    type: 'Expected a JSON object',
    required: 'Send the ids of the records to change',
    minProperties: 'Send a status or delete: true',
    maxProperties: 'Send a status or delete: true, not both',
    anyOf: 'Send a status or delete: true',
    not: 'Send a status or delete: true, not both',
    additionalProperties: 'Only ids, status, cancelMeeting and delete are accepted',
  },
} as const

export type InboxBulk = FromSchema<typeof inboxBulkSchema>

/**
 * Held: not sent and never retried, because of its recipient or a budget of emails to strangers
 * (forms-service/outbox/recipients.ts): a visitor address already sent its day's share
 * (`recipient-cap`), the client or the network whose posts queued it already caused theirs
 * (`client-budget`, `network-budget`), the whole service sent its hour's share to strangers
 * (`hourly-budget`), or an address that unsubscribed or bounced (`suppressed`). The admin's Resend sends
 * it anyway: a person's decision, not the form's.
 */
export const emailStates = ['queued', 'sent', 'failed', 'held'] as const
export const emailHoldReasons = ['recipient-cap', 'client-budget', 'network-budget', 'hourly-budget', 'suppressed'] as const
export type EmailHoldReason = (typeof emailHoldReasons)[number]

/** GET /api/admin/outbox. */
export const outboxQuerySchema = {
  $id: 'outboxQuery',
  type: 'object',
  properties: {
    state: { type: 'string', enum: emailStates, errorMessage: `state must be one of ${emailStates.join(', ')}` },
    ...paging,
  },
  additionalProperties: false,
  errorMessage: { additionalProperties: 'Unknown query parameter: only state, offset and limit are accepted' },
} as const

export type OutboxQuery = FromSchema<typeof outboxQuerySchema>

export type InboxQuery = FromSchema<typeof inboxQuerySchema>
