import pg from 'pg'
import type { FormStore, StoreMaintenance, StoreOptions } from '../formStore.js'
import { addressFace } from './addressFace.js'
import { peopleFace } from './peopleFace.js'
import { apiTokenFace } from './apiTokenFace.js'
import { postgresCoordination } from './coordination.js'
import { postgresCore, unavailable } from './core.js'
import { inboxFace } from './inboxFace.js'
import { meetingFace } from './meetingFace.js'
import { migrate, type Migration } from './migrations.js'
import { outboxFace } from './outboxFace.js'
import { upkeepFace } from './upkeepFace.js'

// The PostgreSQL store: opened here, and assembled from one face per file (inboxFace.ts, outboxFace.ts,
// meetingFace.ts, apiTokenFace.ts, addressFace.ts, upkeepFace.ts) on the pool and primitives of core.ts.

/**
 * Opens the store in the PostgreSQL database at `url` and brings its schema up to date. Everything
 * lives there (records, outbox, sessions, counters), so any number of replicas behave as one.
 */
export async function openPostgresStore(url: string, options: StoreOptions): Promise<FormStore> {
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 5000, idleTimeoutMillis: 10_000, query_timeout: 30_000 })
  // A connection that dies while idle (a database restart) must not crash the process; the pool reconnects.
  // Only its message and code are passed on: pg hangs the whole client (its settings, its buffers) on the error.
  pool.on('error', (error) =>
    options.onBackgroundError?.(Object.assign(new Error(error.message), { code: (error as { code?: string }).code }), 'database connection'),
  )
  let migration: Migration
  try {
    migration = await migrate(pool)
  } catch (error) {
    await pool.end()
    // Say which setting to look at, and where it points, never with its password.
    const { hostname, port } = new URL(url)
    const where = `the database of DATABASE_URL (${hostname}:${port || 5432})`
    throw new Error(unavailable(error) ? `cannot reach ${where}: ${(error as Error).message}` : `${where} refused: ${(error as Error).message}`, {
      cause: error,
    })
  }
  if (migration.applied > 0) options.onMaintenance?.({ kind: 'migration', from: migration.from, to: migration.to, ms: migration.ms })
  const store = postgresStore(pool, options.now ?? (() => new Date()), options.booking)
  Object.assign(store.maintenance, { schemaVersion: migration.to, migrationsApplied: migration.applied })
  return store
}

/**
 * The faces on one shared core. Each face is an object of methods, spread here as the store's own
 * properties, so every method is reachable by its name (events.ts observedStore wraps them so).
 */
function postgresStore(pool: pg.Pool, now: () => Date, booking: StoreOptions['booking']): FormStore {
  const core = postgresCore(pool, now, booking)
  const inbox = inboxFace(core)
  const maintenance: StoreMaintenance = { schemaVersion: null, migrationsApplied: 0, compactions: 0 }
  return {
    ...inbox,
    ...outboxFace(core),
    ...meetingFace(core, inbox),
    ...apiTokenFace(core),
    ...addressFace(core),
    ...peopleFace(core),
    ...upkeepFace(core),
    coordination: postgresCoordination(core.query, core.transaction),
    maintenance,
  }
}
