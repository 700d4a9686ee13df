import { changesOf, collections, type Change, type Collection, type Data, type EmailRecord, type JournalEntry, type StoredRecord } from '../records.js'
import { PersonIndex } from './personIndex.js'
import type { InboxRecord } from '../../../contract/wire/records.js'

const isInbox = (collection: Collection) => collection === 'consultations' || collection === 'contacts'

type Indexes = { [C in Collection]: Map<string, StoredRecord<C>> }

/**
 * The data in memory with an index by id per collection. Every change goes through `apply`, at
 * start-up (journal replay) and after each group commit alike, so memory holds exactly what is durable.
 */
export class Tables {
  private readonly indexes = {} as Indexes
  /** The outbox's queued emails, oldest first: the sender looks here on every commit, not at every email. */
  readonly queuedEmails = new Map<string, EmailRecord>()
  /** Requests and messages by person (one address or one phone), both collections in one index (their ids are UUIDs). */
  readonly people = new PersonIndex()

  constructor(readonly data: Data) {
    for (const name of collections) {
      const index = new Map<string, StoredRecord>()
      for (const record of data[name]) index.set(record.id, record)
      this.indexes[name] = index as never
    }
    for (const record of [...data.consultations, ...data.contacts]) this.people.add(record)
    for (const email of data.emails) if (email.state === 'queued') this.queuedEmails.set(email.id, email)
  }

  get<C extends Collection>(collection: C, id: string): StoredRecord<C> | undefined {
    return this.indexes[collection].get(id) as StoredRecord<C> | undefined
  }

  apply(entries: readonly JournalEntry[]): void {
    for (const entry of entries) for (const change of changesOf(entry)) this.applyChange(change)
  }

  /** Arrays copied as they are now, for a snapshot written while requests go on (records are immutable). */
  copy(): Data {
    const copy = {} as Data
    for (const name of collections) copy[name] = this.data[name].slice() as never
    return copy
  }

  private applyChange(change: Change): void {
    this.applyToData(change)
    if (change.collection !== 'emails') return
    const id = 'record' in change ? change.record.id : change.id
    const email = this.get('emails', id)
    if (email?.state === 'queued') this.queuedEmails.set(id, email)
    else this.queuedEmails.delete(id)
  }

  private applyToData(change: Change): void {
    const list = this.data[change.collection] as StoredRecord[]
    const index = this.indexes[change.collection] as Map<string, StoredRecord>
    if ('record' in change) {
      // A record already present came from a journal line replayed twice: keep the first.
      if (index.has(change.record.id)) return
      list.push(change.record)
      index.set(change.record.id, change.record)
      if (isInbox(change.collection)) this.people.add(change.record as InboxRecord)
      return
    }
    const old = index.get(change.id)
    if (!old) return
    // Recent records are the ones the agency works on: search from the end.
    const at = list.lastIndexOf(old)
    if ('deleted' in change) {
      list.splice(at, 1)
      index.delete(change.id)
      if (isInbox(change.collection)) this.people.remove(old as InboxRecord)
    } else {
      const updated = { ...old, ...change.set, id: old.id } as StoredRecord
      for (const field of change.unset ?? []) delete (updated as Record<string, unknown>)[field]
      list[at] = updated
      index.set(change.id, updated)
    }
  }
}
