import { randomUUID } from 'node:crypto'
import { lastUseDue, type ApiTokenStore, type NewApiToken } from '../apiTokens.js'
import type { ApiTokenRecord } from '../records.js'
import type { EmbeddedCore } from './core.js'

// The embedded store's API tokens: added, listed, revoked, and their last use noted.

export function apiTokenFace(core: EmbeddedCore): ApiTokenStore {
  return {
    async addApiToken({ name, tokenHash, scopes, accountId }: NewApiToken): Promise<ApiTokenRecord> {
      const record: ApiTokenRecord = {
        id: randomUUID(),
        name,
        tokenHash,
        scopes: [...scopes],
        createdAt: core.now().toISOString(),
        ...(accountId ? { accountId } : {}),
      }
      await core.log.append({ collection: 'apiTokens', record })
      return record
    },

    async apiTokens(): Promise<ApiTokenRecord[]> {
      return core.tables.data.apiTokens.slice()
    },

    async recordApiTokenUse(tokenHash: string, now: Date): Promise<ApiTokenRecord | undefined> {
      // A handful of tokens: a look through them costs less than keeping an index by hash in step.
      const token = core.tables.data.apiTokens.find((record) => record.tokenHash === tokenHash)
      if (!token || !lastUseDue(token, now)) return token
      return core.edit(async () => {
        const current = core.tables.get('apiTokens', token.id)
        if (current && lastUseDue(current, now)) await core.log.append({ collection: 'apiTokens', id: token.id, set: { lastUsedAt: now.toISOString() } })
        return core.tables.get('apiTokens', token.id)
      })
    },

    revokeApiToken(id: string): Promise<boolean> {
      return core.edit(async () => {
        if (!core.tables.get('apiTokens', id)) return false
        await core.log.append({ collection: 'apiTokens', id, deleted: true })
        return true
      })
    },
  }
}
