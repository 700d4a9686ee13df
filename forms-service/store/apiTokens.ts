import { apiTokenScopes, type ApiTokenScope } from '../../contract/wire/apiTokens.js'
import type { ApiTokenRecord } from './records.js'

/**
 * The scopes of a token made before tokens had scopes: what scripts did with them (read and change records,
 * scrape /metrics), not the block list or the backup, which a leaked token must not reach (docs/decisions.md,
 * "API tokens have scopes"). The embedded store gives them to such a record as it loads
 * (embedded/olderRecords.ts); PostgreSQL's migration 20 wrote them into the rows.
 */
export const scopesOfOlderTokens: readonly ApiTokenScope[] = ['read', 'write', 'metrics']

/** `scopes` once each, in apiTokenScopes' order: ['metrics', 'read'] -> ['read', 'metrics']. */
export const inScopeOrder = (scopes: readonly ApiTokenScope[]): ApiTokenScope[] => apiTokenScopes.filter((scope) => scopes.includes(scope))

/**
 * A token's last use is written at most this often: a scraper calling every 15 seconds does not write
 * to the store every 15 seconds, and the admin reads last use to the minute.
 */
export const lastUseStepMs = 60_000

/** Whether a use at `now` is to be written: the first, or one a step after the last one written. */
export const lastUseDue = (token: ApiTokenRecord, now: Date) => token.lastUsedAt === undefined || now.getTime() - Date.parse(token.lastUsedAt) >= lastUseStepMs

/** A token to store: what its owner called it, its hash, its scopes, and that owner. */
export interface NewApiToken {
  name: string
  tokenHash: string
  scopes: readonly ApiTokenScope[]
  accountId?: string
}

/** The admin's API tokens, kept by both stores (each in its own way) as their hashes only. */
export interface ApiTokenStore {
  /** Stores a new token by its hash, made now, with its scopes (in scope order), for the owner who made it (absent: the bootstrap password). */
  addApiToken(token: NewApiToken): Promise<ApiTokenRecord>
  /** Oldest first. */
  apiTokens(): Promise<ApiTokenRecord[]>
  /** The token of this hash, its last use set to `now` (lastUseDue); `undefined` when there is none. */
  recordApiTokenUse(tokenHash: string, now: Date): Promise<ApiTokenRecord | undefined>
  /** Deletes a token; false when there was none. */
  revokeApiToken(id: string): Promise<boolean>
}
