import { constants } from 'node:fs'
import { access, mkdir, readdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Low, Memory } from 'lowdb'
import type { FormStore, StoreOptions, StoreUpkeep } from '../formStore.js'
import { emptyData, type Data } from '../records.js'
import { addressFace } from './addressFace.js'
import { peopleFace } from './peopleFace.js'
import { apiTokenFace } from './apiTokenFace.js'
import { memoryCoordination } from './coordination.js'
import { DurableFile, lockFileOf } from './durableFile.js'
import { inboxFace } from './inboxFace.js'
import { acquireLock } from './lock.js'
import { meetingFace } from './meetingFace.js'
import { outboxFace } from './outboxFace.js'
import { EmbeddedCore, type CommitLog } from './core.js'
import { Tables } from './tables.js'
import { upkeepFace } from './upkeepFace.js'

// Opening the embedded store (its file, lock, journal and compactions) and putting it together: one
// core (core.ts) shared by a face per file, as FormStore names them.

export interface EmbeddedStoreOptions extends StoreOptions {
  /** Fold the journal into the snapshot once it is this large, and at least as large as the snapshot. */
  compactJournalBytes: number
}

/** Opens the store of `dataFile` (created if missing), or a memory-only store for `null`. */
export async function openEmbeddedStore(dataFile: string | null, options: EmbeddedStoreOptions): Promise<FormStore> {
  const now = options.now ?? (() => new Date())
  if (dataFile === null) {
    const db = new Low<Data>(new Memory<Data>(), emptyData())
    await db.read()
    const tables = new Tables(db.data)
    let seq = 0
    const log: CommitLog = {
      append: async (entry) => tables.apply([{ ...entry, seq: ++seq }]),
      barrier: async () => undefined,
    }
    return embeddedStore(new EmbeddedCore(tables, log, now, options.booking), { close: async () => undefined, healthy: async () => true }, null)
  }

  await mkdir(path.dirname(dataFile), { recursive: true })
  const releaseLock = await acquireLock(lockFileOf(dataFile))
  try {
    await removeTempSnapshots(dataFile)
    const adapter = new DurableFile(dataFile)
    const db = new Low<Data>(adapter, emptyData())
    await db.read()
    let compactions = 0
    const compacted = (journalBytes: number, started: number, atStart: boolean) => {
      compactions++
      options.onMaintenance?.({ kind: 'compaction', journalBytes, ms: Math.round(performance.now() - started), atStart })
    }
    const startBytes = adapter.journalBytes
    const startedAt = performance.now()
    await db.write()
    if (startBytes > 0) compacted(startBytes, startedAt, true)
    await adapter.openJournal()
    const journal = adapter.journal
    let compacting = false
    const log: CommitLog = {
      async append(entry) {
        await journal.append(entry)
        // Not before the journal is as large as the snapshot either: a compaction rewrites every record, and
        // with a fixed threshold a large store would spend ever more of its time rewriting itself for the
        // same writes. So a compaction writes at most about twice what the journal took since the last one
        // (Redis rewrites its append-only file by the same rule, auto-aof-rewrite-percentage 100).
        if (journal.size > Math.max(options.compactJournalBytes, adapter.snapshotBytes) && !compacting) {
          compacting = true
          const bytes = journal.size
          const started = performance.now()
          db.write()
            .then(() => {
              compacted(bytes, started, false)
              store.maintenance.compactions = compactions
            })
            .catch((error: Error) => options.onBackgroundError?.(error, 'compaction'))
            .finally(() => (compacting = false))
        }
      },
      barrier: () => journal.barrier(),
    }
    // Both the file and its folder (compaction writes a new file there and renames it).
    const healthy = async () => {
      if (journal.failure) return false
      try {
        await access(dataFile, constants.R_OK | constants.W_OK)
        await access(path.dirname(dataFile), constants.W_OK)
        return true
      } catch {
        return false
      }
    }
    const close = async () => {
      while (compacting) await new Promise((resolve) => setTimeout(resolve, 10))
      await adapter.close()
      await releaseLock()
    }
    const core = new EmbeddedCore(adapter.tables, log, now, options.booking)
    const store = embeddedStore(core, { close, healthy }, path.join(path.dirname(dataFile), 'calendar-feed-secret'))
    store.maintenance.compactions = compactions
    return store
  } catch (error) {
    await releaseLock()
    throw error
  }
}

/** Half-written snapshots of a compaction that a crash interrupted (`db.json.<pid>.tmp`); the lock says none is being written. */
async function removeTempSnapshots(dataFile: string): Promise<void> {
  const prefix = `${path.basename(dataFile)}.`
  for (const name of await readdir(path.dirname(dataFile))) {
    if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length))) await unlink(path.join(path.dirname(dataFile), name))
  }
}

/**
 * The store of `core`: each face's methods as its own properties (observedStore, ../events.ts, reaches them by
 * name), with its calendar feed's secret in `feedSecretFile` (beside the data file), or in memory for null.
 */
function embeddedStore(core: EmbeddedCore, ends: Pick<StoreUpkeep, 'close' | 'healthy'>, feedSecretFile: string | null): FormStore {
  return {
    ...inboxFace(core),
    ...outboxFace(core),
    ...meetingFace(core, feedSecretFile),
    ...apiTokenFace(core),
    ...addressFace(core),
    ...peopleFace(core),
    coordination: memoryCoordination(),
    ...upkeepFace(core, ends),
  }
}
