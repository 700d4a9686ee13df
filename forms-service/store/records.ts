import type { ConsultationRequest } from '../schemas/consultation.js'
import type { ContactRequest } from '../schemas/contact.js'
import type { InboxStatus } from '../schemas/inbox.js'

/** Ids and timestamps are made by the service; nothing a client sends becomes one. */
interface Stamped {
  id: string
  receivedAt: string
}

/** What the agency adds to a lead. Records stored before the inbox existed have none of it: they are new. */
export interface Triage {
  status?: InboxStatus
  /** Every change of status after the first ('new' at `receivedAt`), oldest first. */
  statusChanges?: Array<{ status: InboxStatus; at: string }>
  note?: string
  noteUpdatedAt?: string
}

export type ConsultationRecord = Stamped & Omit<ConsultationRequest, '_gotcha'> & Triage
export type ContactRecord = Stamped & Omit<ContactRequest, '_gotcha'> & Triage
export interface SubscriberRecord {
  id: string
  email: string
  subscribedAt: string
}

/** Everything the service keeps; lowdb holds it in memory, oldest first. */
export interface Data {
  consultations: ConsultationRecord[]
  contacts: ContactRecord[]
  newsletterSubscribers: SubscriberRecord[]
}

export type Collection = keyof Data
export type StoredRecord<C extends Collection = Collection> = Data[C][number]

export const collections: readonly Collection[] = ['consultations', 'contacts', 'newsletterSubscribers']

export const emptyData = (): Data => ({ consultations: [], contacts: [], newsletterSubscribers: [] })

/**
 * One change to the data. Records are never changed in place: an update replaces the record by a
 * new object, so a snapshot can copy the arrays in an instant and write them at leisure.
 */
export type Change<C extends Collection = Collection> =
  | { collection: C; record: StoredRecord<C> }
  | { collection: C; id: string; set: Partial<StoredRecord<C>> }
  | { collection: C; id: string; deleted: true }

/**
 * One line of the journal: a change, or several that must be durable together (a record and its
 * emails). `seq` orders entries and tells which ones a snapshot already holds.
 */
export type JournalEntry = (Change | { changes: Change[] }) & { seq: number }

export const changesOf = (entry: Change | { changes: Change[] }): Change[] => ('changes' in entry ? entry.changes : [entry])
