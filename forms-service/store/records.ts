import type { Meeting } from '../../contract/booking.js'
import type { ConsultationRequest } from '../../contract/consultation.js'
import type { ContactRequest } from '../../contract/contact.js'
import type { InboxStatus } from '../../contract/inbox.js'

/** Ids and timestamps are made by the service; nothing a client sends becomes one. */
interface Stamped {
  id: string
  receivedAt: string
  /** A digest of the submission attempt's key: the same attempt again within 24 hours is this record. */
  submissionKey?: string
}

/** What the agency adds to a lead. Records stored before the inbox existed have none of it: they are new. */
export interface Triage {
  status?: InboxStatus
  /** Every change of status after the first ('new' at `receivedAt`), oldest first. */
  statusChanges?: Array<{ status: InboxStatus; at: string }>
  note?: string
  noteUpdatedAt?: string
}

/** A request stored since booking began carries its meeting (requests stored before have none). */
export type ConsultationRecord = Stamped & Omit<ConsultationRequest, '_gotcha'> & Triage & { meeting?: Meeting }
export type ContactRecord = Stamped & Omit<ContactRequest, '_gotcha'> & Triage
export interface SubscriberRecord {
  id: string
  email: string
  subscribedAt: string
}

/**
 * An email the service owes someone, in the outbox. It holds no text: it is rendered from its record
 * and the templates when it is sent, so erasing a record erases what its emails would say.
 */
export interface EmailRecord {
  id: string
  /** The record it is about: a request, a message or a subscriber. */
  about: { collection: 'consultations' | 'contacts' | 'newsletterSubscribers'; id: string }
  /** Which template (`content/emails/<kind>.md`). */
  kind: string
  createdAt: string
  /** When it was last queued: at creation, or by the admin's Resend. Retries stop 48 hours after. */
  queuedAt?: string
  state: 'queued' | 'sent' | 'failed'
  attempts: number
  /** When a queued email is due (after a failed attempt, later and later). */
  nextAttemptAt: string
  lastError?: string
  sentAt?: string
  /** The recipient and subject as sent, for the admin's outbox list. */
  to?: string
  subject?: string
  /** The local outbox's file of this email (without SMTP_URL), relative to the outbox folder. */
  file?: string
}

/**
 * The agency's agenda of a day is about no record: it is the email of kind `meeting-agenda` about
 * `{ collection: 'consultations', id: <YYYY-MM-DD> }` (an id no record has), and that pair is unique,
 * so replicas that both queue it queue it once.
 */
export const agendaKind = 'meeting-agenda'

/** Everything the service keeps; lowdb holds it in memory, oldest first. */
export interface Data {
  consultations: ConsultationRecord[]
  contacts: ContactRecord[]
  newsletterSubscribers: SubscriberRecord[]
  emails: EmailRecord[]
}

export type Collection = keyof Data
export type StoredRecord<C extends Collection = Collection> = Data[C][number]

export const collections: readonly Collection[] = ['consultations', 'contacts', 'newsletterSubscribers', 'emails']

export const emptyData = (): Data => ({ consultations: [], contacts: [], newsletterSubscribers: [], emails: [] })

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
