import type { ConsultationRequest } from '../schemas/consultation.js'
import type { ContactRequest } from '../schemas/contact.js'

/** Ids and timestamps are made by the service; nothing a client sends becomes one. */
interface Stamped {
  id: string
  receivedAt: string
}

export type ConsultationRecord = Stamped & Omit<ConsultationRequest, '_gotcha'>
export type ContactRecord = Stamped & Omit<ContactRequest, '_gotcha'>
export interface SubscriberRecord {
  id: string
  email: string
  subscribedAt: string
}

/** Everything the service keeps; lowdb holds it in memory. Every collection is append-only. */
export interface Data {
  consultations: ConsultationRecord[]
  contacts: ContactRecord[]
  newsletterSubscribers: SubscriberRecord[]
}

export type Collection = keyof Data

export const collections: readonly Collection[] = ['consultations', 'contacts', 'newsletterSubscribers']

export const emptyData = (): Data => ({ consultations: [], contacts: [], newsletterSubscribers: [] })

/** One line of the journal. `seq` orders entries and tells which ones a snapshot already holds. */
export interface JournalEntry<C extends Collection = Collection> {
  seq: number
  collection: C
  record: Data[C][number]
}
