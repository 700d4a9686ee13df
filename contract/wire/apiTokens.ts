import type { FromSchema } from 'json-schema-to-ts'
import { requiredText } from '../forms/fields.js'

/** An API token's name: what the admin calls the script that holds it ("Prometheus", "Nightly export"). */
export const apiTokenNameMax = 100

/** POST /api/admin/api-tokens: a new token, named. */
export const apiTokenCreateSchema = {
  $id: 'apiTokenCreate',
  type: 'object',
  properties: {
    name: requiredText('Name is required', 'Name', apiTokenNameMax),
  },
  required: ['name'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { name: 'Name is required' }, additionalProperties: 'Only a name is accepted' },
} as const

export type ApiTokenCreate = FromSchema<typeof apiTokenCreateSchema>

/** An API token as the admin sees it: never the token itself, which is shown once, when it is made. */
export interface ApiTokenView {
  id: string
  name: string
  createdAt: string
  /** The last call it authorised, to the minute; absent until its first. */
  lastUsedAt?: string
}

/** The answer of its creation: the only time the token itself is sent. */
export type ApiTokenCreated = ApiTokenView & { token: string }
