import type { ApiTokenRecord } from './records.js'

/**
 * A token's last use is written at most this often: a scraper calling every 15 seconds does not write
 * to the store every 15 seconds, and the admin reads last use to the minute.
 */
export const lastUseStepMs = 60_000

/** Whether a use at `now` is to be written: the first, or one a step after the last one written. */
export const lastUseDue = (token: ApiTokenRecord, now: Date) => token.lastUsedAt === undefined || now.getTime() - Date.parse(token.lastUsedAt) >= lastUseStepMs

/** The admin's API tokens, kept by both stores (each in its own way) as their hashes only. */
export interface ApiTokenStore {
  /** Stores a new token by its hash, made now. */
  addApiToken(name: string, tokenHash: string): Promise<ApiTokenRecord>
  /** Oldest first. */
  apiTokens(): Promise<ApiTokenRecord[]>
  /** The token of this hash, its last use set to `now` (lastUseDue); `undefined` when there is none. */
  recordApiTokenUse(tokenHash: string, now: Date): Promise<ApiTokenRecord | undefined>
  /** Deletes a token; false when there was none. */
  revokeApiToken(id: string): Promise<boolean>
}
