import type { FromSchema } from 'json-schema-to-ts'
import { requiredText } from '../forms/fields.js'

/** An API token's name: what the admin calls the script that holds it ("Prometheus", "Nightly export"). */
export const apiTokenNameMax = 100

/**
 * What an API token may do, chosen when it is made; the admin (signed in, or the password as bearer)
 * may do all of it. Each admin endpoint names the one it needs (adminApi.ts, `scope`):
 *
 * - `read`: GET the records, the lists, their CSV exports, the overview, the block list and the tokens
 * - `write`: change records: statuses, notes, meetings, resending an email, deleting
 * - `block`: add to and remove from the block list (a range there silently drops every lead)
 * - `backup`: GET the full backup, with what a restore needs (the calendar feed's secret, the tokens' hashes, the meetings' link keys)
 * - `metrics`: GET /metrics (METRICS_TOKEN opens it too)
 */
export const apiTokenScopes = ['read', 'write', 'block', 'backup', 'metrics'] as const
export type ApiTokenScope = (typeof apiTokenScopes)[number]

/**
 * What an admin endpoint asks of an API token: one of its scopes, or
 * `admin`: never a token (making tokens, the calendar feed's address and its rotation, whose secret outlives a token);
 * `anyToken`: every token (a token revokes itself whatever its scopes; the route refuses it another's);
 * `open`: no credential at all (signing in and out).
 */
export type EndpointScope = ApiTokenScope | 'admin' | 'anyToken' | 'open'

/** The keys of content/ui.json's words (adminTokens) for each scope: its name, and what it lets a script do. */
export const scopeWords = {
  read: { name: 'scopeRead', hint: 'scopeReadHint' },
  write: { name: 'scopeWrite', hint: 'scopeWriteHint' },
  block: { name: 'scopeBlock', hint: 'scopeBlockHint' },
  backup: { name: 'scopeBackup', hint: 'scopeBackupHint' },
  metrics: { name: 'scopeMetrics', hint: 'scopeMetricsHint' },
} as const satisfies Record<ApiTokenScope, { name: string; hint: string }>

const scopeList = apiTokenScopes.join(', ')

/** POST /api/admin/api-tokens: a new token, named, with what it may do. */
export const apiTokenCreateSchema = {
  $id: 'apiTokenCreate',
  type: 'object',
  properties: {
    name: requiredText('Name is required', 'Name', apiTokenNameMax),
    scopes: {
      type: 'array',
      minItems: 1,
      maxItems: apiTokenScopes.length,
      uniqueItems: true,
      items: { type: 'string', enum: apiTokenScopes, errorMessage: `Unknown scope \${0}: a scope is one of ${scopeList}` },
      errorMessage: {
        type: `Scopes must be a list of some of ${scopeList}`,
        minItems: 'Choose at least one scope',
        maxItems: 'Name each scope once',
        uniqueItems: 'Name each scope once',
      },
    },
  },
  required: ['name', 'scopes'],
  additionalProperties: false,
  errorMessage: {
    type: 'Expected a JSON object',
    required: { name: 'Name is required', scopes: 'Choose at least one scope' },
    additionalProperties: 'Only a name and scopes are accepted',
  },
} as const

export type ApiTokenCreate = FromSchema<typeof apiTokenCreateSchema>

/** An API token as the admin sees it: never the token itself, which is shown once, when it is made. */
export interface ApiTokenView {
  id: string
  name: string
  /** In apiTokenScopes' order. */
  scopes: ApiTokenScope[]
  createdAt: string
  /** The last call it authorised, to the minute; absent until its first. */
  lastUsedAt?: string
}

/** The answer of its creation: the only time the token itself is sent. */
export type ApiTokenCreated = ApiTokenView & { token: string }
