import type { FromSchema } from 'json-schema-to-ts'
import { maxLength, storableTextPattern } from './limits.js'

/** Where the agency is with a lead. Every record starts as 'new'. */
export const inboxStatuses = ['new', 'contacted', 'closed'] as const
export type InboxStatus = (typeof inboxStatuses)[number]

/** PATCH /api/admin/{consultations,messages}/:id: a new status, a new note, or both. */
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
  },
  additionalProperties: false,
  minProperties: 1,
  errorMessage: { type: 'Expected a JSON object', minProperties: 'Send a status, a note or both' },
} as const

export type InboxChange = FromSchema<typeof inboxChangeSchema>

// The paging parameters of the admin lists; every parameter of a query string arrives as text.
const paging = {
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
    ...paging,
  },
  additionalProperties: false,
  errorMessage: { additionalProperties: 'Unknown query parameter: only status, q, offset and limit are accepted' },
} as const

export const emailStates = ['queued', 'sent', 'failed'] as const

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
