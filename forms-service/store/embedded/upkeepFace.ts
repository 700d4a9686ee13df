import { StoreNotEmptyError, type StoreUpkeep } from '../formStore.js'
import { collections, type Change, type Data } from '../records.js'
import type { EmbeddedCore } from './core.js'

// The embedded store's upkeep (StoreUpkeep, ../formStore.ts): its whole data out and in, and the health
// and end openEmbeddedStore gives it (store.ts: a file's, or nothing to check for memory only).

export function upkeepFace(core: EmbeddedCore, ends: Pick<StoreUpkeep, 'close' | 'healthy'>): StoreUpkeep {
  return {
    maintenance: { schemaVersion: null, migrationsApplied: 0, compactions: 0 },
    close: ends.close,
    healthy: ends.healthy,

    async exportData(): Promise<Data> {
      return core.tables.copy()
    },

    importData(data: Data): Promise<void> {
      return core.edit(async () => {
        if (collections.some((name) => core.tables.data[name].length > 0))
          throw new StoreNotEmptyError('the data file already holds records; import into an empty one')
        for (const name of collections) {
          // A line per thousand records: each is durable whole, and no line grows without bound.
          for (let start = 0; start < data[name].length; start += 1000) {
            const changes = data[name].slice(start, start + 1000).map((record): Change => ({ collection: name, record }) as Change)
            if (changes.length > 0) await core.log.append({ changes })
          }
        }
        for (const record of core.tables.data.newsletterSubscribers) core.emails.set(record.email.toLowerCase(), { record, durable: Promise.resolve() })
        core.dropIndexes()
      })
    },
  }
}
