import { randomUUID } from 'node:crypto'
import { constants } from 'node:fs'
import { access, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { Low, Memory } from 'lowdb'
import { acquireLock } from './lock.js'
import { applyEntries, DurableFile, lockFileOf } from './durableFile.js'
import type { Collection, ConsultationRecord, ContactRecord, Data, JournalEntry, SubscriberRecord } from './records.js'
import { emptyData } from './records.js'

export type ConsultationFields = Omit<ConsultationRecord, 'id' | 'receivedAt'>
export type ContactFields = Omit<ContactRecord, 'id' | 'receivedAt'>

export interface FormStore {
  addConsultation(fields: ConsultationFields): Promise<ConsultationRecord>
  addContact(fields: ContactFields): Promise<ContactRecord>
  /** Subscribes `email` (already trimmed) unless it is there in any letter case; either way returns its record. */
  subscribe(email: string): Promise<SubscriberRecord>
  /** Oldest first. */
  subscribers(): readonly SubscriberRecord[]
  healthy(): Promise<boolean>
  close(): Promise<void>
}

export interface StoreOptions {
  /** Fold the journal into the snapshot once it is this large. */
  compactJournalBytes: number
  onBackgroundError?: (error: Error, task: string) => void
}

/** How a record reaches the store: on disk before the promise resolves, or (benchmarks) only in memory. */
interface CommitLog {
  append(entry: Omit<JournalEntry, 'seq'>): Promise<void>
  barrier(): Promise<void>
  readonly failure: Error | null
}

/** Opens the store of `dataFile` (created if missing), or a memory-only store for `null`. */
export async function openStore(dataFile: string | null, options: StoreOptions): Promise<FormStore> {
  if (dataFile === null) {
    const db = new Low<Data>(new Memory<Data>(), emptyData())
    await db.read()
    let seq = 0
    const log: CommitLog = {
      append: async (entry) => applyEntries(db.data, [{ ...entry, seq: ++seq } as JournalEntry]),
      barrier: async () => undefined,
      failure: null,
    }
    return new Store(db, log, async () => undefined, async () => true)
  }

  await mkdir(path.dirname(dataFile), { recursive: true })
  const releaseLock = await acquireLock(lockFileOf(dataFile))
  try {
    const adapter = new DurableFile(dataFile, (entries) => applyEntries(db.data, entries))
    const db = new Low<Data>(adapter, emptyData())
    await db.read()
    await db.write()
    await adapter.openJournal()
    const journal = adapter.journal
    let compacting = false
    const log: CommitLog = {
      async append(entry) {
        await journal.append(entry)
        if (journal.size > options.compactJournalBytes && !compacting) {
          compacting = true
          db.write()
            .catch((error: Error) => options.onBackgroundError?.(error, 'compaction'))
            .finally(() => (compacting = false))
        }
      },
      barrier: () => journal.barrier(),
      get failure() {
        return journal.failure
      },
    }
    const healthy = async () => {
      if (journal.failure) return false
      return access(dataFile, constants.R_OK | constants.W_OK).then(
        () => access(path.dirname(dataFile), constants.W_OK).then(() => true),
        () => false,
      )
    }
    const close = async () => {
      while (compacting) await new Promise((resolve) => setTimeout(resolve, 10))
      await adapter.close()
      await releaseLock()
    }
    return new Store(db, log, close, healthy)
  } catch (error) {
    await releaseLock()
    throw error
  }
}

class Store implements FormStore {
  /** Lower-cased email -> its record, and when that record is (or was) made durable. */
  private readonly emails = new Map<string, { record: SubscriberRecord; durable: Promise<void> }>()

  constructor(
    private readonly db: Low<Data>,
    private readonly log: CommitLog,
    readonly close: () => Promise<void>,
    readonly healthy: () => Promise<boolean>,
  ) {
    for (const record of db.data.newsletterSubscribers) {
      this.emails.set(record.email.toLowerCase(), { record, durable: Promise.resolve() })
    }
  }

  async addConsultation(fields: ConsultationFields): Promise<ConsultationRecord> {
    return this.add('consultations', { id: randomUUID(), receivedAt: new Date().toISOString(), ...fields })
  }

  async addContact(fields: ContactFields): Promise<ContactRecord> {
    return this.add('contacts', { id: randomUUID(), receivedAt: new Date().toISOString(), ...fields })
  }

  async subscribe(email: string): Promise<SubscriberRecord> {
    const key = email.toLowerCase()
    const known = this.emails.get(key)
    if (known) {
      // Wait like a new subscription would, so the reply's timing does not tell that it was known.
      await known.durable
      await this.log.barrier()
      return known.record
    }
    const record: SubscriberRecord = { id: randomUUID(), email, subscribedAt: new Date().toISOString() }
    const durable = this.log.append({ collection: 'newsletterSubscribers', record })
    this.emails.set(key, { record, durable })
    try {
      await durable
    } catch (error) {
      this.emails.delete(key)
      throw error
    }
    return record
  }

  subscribers(): readonly SubscriberRecord[] {
    return this.db.data.newsletterSubscribers
  }

  private async add<C extends Collection>(collection: C, record: Data[C][number]): Promise<Data[C][number]> {
    await this.log.append({ collection, record })
    return record
  }
}
