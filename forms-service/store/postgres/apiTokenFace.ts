import { randomUUID } from 'node:crypto'
import { lastUseStepMs, type ApiTokenStore, type NewApiToken } from '../apiTokens.js'
import type { ApiTokenRecord } from '../records.js'
import type { PostgresCore } from './core.js'
import { apiTokenRecord, type Row } from './rows.js'

// The admin's API tokens in the PostgreSQL store, kept as their hashes only (ApiTokenStore, ../apiTokens.ts).

export function apiTokenFace(core: PostgresCore): ApiTokenStore {
  return {
    async addApiToken({ name, tokenHash, scopes, accountId }: NewApiToken): Promise<ApiTokenRecord> {
      const [row] = await core.query<Row>(
        'INSERT INTO api_tokens (id, name, token_hash, scopes, created_at, account_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
        [randomUUID(), name, tokenHash, scopes, core.now(), accountId ?? null],
      )
      return apiTokenRecord(row!)
    },

    async apiTokens(): Promise<ApiTokenRecord[]> {
      return (await core.query<Row>('SELECT * FROM api_tokens ORDER BY seq')).map(apiTokenRecord)
    },

    async recordApiTokenUse(tokenHash: string, now: Date): Promise<ApiTokenRecord | undefined> {
      // One statement: the token, its last use moved to now if the last one written is a step old.
      const [row] = await core.query<Row>(
        `WITH used AS (
           UPDATE api_tokens SET last_used_at = $2 WHERE token_hash = $1 AND (last_used_at IS NULL OR last_used_at <= $3) RETURNING *
         )
         SELECT * FROM used UNION ALL SELECT * FROM api_tokens WHERE token_hash = $1 AND NOT EXISTS (SELECT 1 FROM used)`,
        [tokenHash, now, new Date(now.getTime() - lastUseStepMs)],
      )
      return row ? apiTokenRecord(row) : undefined
    },

    async revokeApiToken(id: string): Promise<boolean> {
      return (await core.query('DELETE FROM api_tokens WHERE id = $1 RETURNING id', [id])).length > 0
    },
  }
}
