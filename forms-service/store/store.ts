import type { Config } from '../config.js'
import { openEmbeddedStore } from './embedded/store.js'
import { observedStore, type ObservedStore } from './events.js'
import type { StoreOptions } from './formStore.js'
import { openPostgresStore } from './postgres/store.js'

/** What chooses the store: PostgreSQL at `databaseUrl` if set, else the embedded store of `dataFile` (memory only for `null`). */
export type StoreConfig = Pick<Config, 'dataFile' | 'databaseUrl' | 'compactJournalBytes'>

/**
 * Opens the store the configuration names, telling what it commits to its listeners (events.ts): the one way the service, `npm run data:*`, the tests and
 * the benchmarks open one. Both stores keep the same records and answer the same (FormStore).
 */
export async function openStore(config: StoreConfig, options: StoreOptions = {}): Promise<ObservedStore> {
  return observedStore(
    config.databaseUrl
      ? await openPostgresStore(config.databaseUrl, options)
      : await openEmbeddedStore(config.dataFile, { ...options, compactJournalBytes: config.compactJournalBytes }),
  )
}

/** The configured store in words, for messages: "the PostgreSQL database (DATABASE_URL)" or the data file. */
export const storeName = (config: StoreConfig) => (config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : (config.dataFile ?? 'the memory-only store'))
