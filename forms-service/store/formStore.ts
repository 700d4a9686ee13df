import type { InboxChange, InboxStatus } from '../../contract/wire/inbox.js'
import type { Coordination } from './coordination.js'
import type { MeetingStore } from './meetings.js'
import type { BookingSettings } from '../../contract/booking/booking.js'
import { statusOf, type InboxCollection, type InboxRecord, type ListQuery, type Page } from './inboxQuery.js'
import type { ApiTokenStore } from './apiTokens.js'
import type { AddressStore } from './addresses.js'
import type { ConsultationRecord, RecordCollection, ContactRecord, Data, EmailRecord, StoredRecord, SubscriberRecord, Triage } from './records.js'
import type { Suspicion } from '../../contract/wire/records.js'

export type ConsultationFields = Omit<ConsultationRecord, 'id' | 'receivedAt' | 'submissionKey' | 'clientKey' | keyof Triage>
export type ContactFields = Omit<ContactRecord, 'id' | 'receivedAt' | 'submissionKey' | keyof Triage>

/** How a lead arrives: new, or new and suspected of being spam (forms-service/spam.ts), never filed as spam. */
export type Arrival = Suspicion | undefined

/** The triage fields of a record that arrives so: a suspected lead is New, with its mark. */
export const arrivalTriage = (suspicion: Arrival): Partial<Triage> => (suspicion ? { suspicion } : {})

/** How long a submission key answers with its first record. */
export const submissionKeyMs = 24 * 60 * 60 * 1000

/** The emails (`content/emails/<kind>.md`) a new record owes; queued in the same commit as the record. */
export type EmailKinds = readonly string[]

export interface FormStore extends MeetingStore, ApiTokenStore, AddressStore {
  /**
   * Stores a request with the emails it owes. With a `submissionKey` seen within 24 hours, stores
   * nothing and returns the record of that first submission (also while it is still being written).
   */
  addConsultation(fields: ConsultationFields, emails?: EmailKinds, submissionKey?: string, suspicion?: Arrival): Promise<ConsultationRecord>
  addContact(fields: ContactFields, emails?: EmailKinds, submissionKey?: string, suspicion?: Arrival): Promise<ContactRecord>
  /**
   * Subscribes `email` (already trimmed) unless it is there in any letter case; either way returns its
   * record. `emails` are queued only for a new subscription.
   */
  subscribe(email: string, emails?: EmailKinds): Promise<SubscriberRecord>
  /** Oldest first. */
  subscribers(): Promise<readonly SubscriberRecord[]>
  /** Newest first, filtered by status and a search text. */
  list<C extends InboxCollection>(collection: C, query: ListQuery): Promise<Page<StoredRecord<C>>>
  find<C extends RecordCollection>(collection: C, id: string): Promise<StoredRecord<C> | undefined>
  /** Counts of an inbox by status. */
  counts(collection: InboxCollection): Promise<Record<InboxStatus, number>>
  /** How many leads are still new having arrived at or before `before` (an ISO instant): the overdue ones. */
  countOverdue(collection: InboxCollection, before: string): Promise<number>
  /** Every record of one address (any letter case): requests and messages newest first, and its subscription. */
  byAddress(email: string): Promise<{ consultations: ConsultationRecord[]; contacts: ContactRecord[]; subscriber: SubscriberRecord | null }>
  /**
   * Requests or messages received in [from, to) (ISO instants), oldest first: every status but spam, or
   * only `status`.
   */
  receivedBetween<C extends InboxCollection>(collection: C, from: string, to: string, status?: InboxStatus): Promise<StoredRecord<C>[]>
  /** Queues the email `kind` about the day `date` (YYYY-MM-DD), due at `dueAt`, once however many replicas ask. */
  queueDayEmail(kind: string, date: string, dueAt: string): Promise<void>
  /** Erases every request and message received before `before` (an ISO instant), with their emails; how many. */
  eraseReceivedBefore(before: string): Promise<number>
  /** A new status (kept in the record's history) and/or note; `undefined` when there is no such record. */
  update<C extends InboxCollection>(collection: C, id: string, change: InboxChange): Promise<StoredRecord<C> | undefined>
  /** Erases a record and the emails about it; false when there was none. */
  remove(collection: Exclude<RecordCollection, 'emails'>, id: string): Promise<boolean>
  /** The emails about a record, oldest first. */
  emailsAbout(collection: EmailRecord['about']['collection'], id: string): Promise<EmailRecord[]>
  /** Newest first, optionally only those in one state. */
  listEmails(query: { state?: EmailRecord['state']; offset: number; limit: number }): Promise<Page<EmailRecord>>
  /**
   * When the queued email that has waited longest was queued (its `queuedAt`, else `createdAt`); null
   * when none is queued. An email scheduled for later (a reminder, a digest) is queued at its due time.
   */
  oldestQueuedAt(): Promise<string | null>
  /**
   * Queued emails due at `now`, oldest first, taken for this sender: another sender sharing the store
   * does not get them until `leaseMs` has passed (the time to send one), so each is sent once even
   * when a sender dies mid-send.
   */
  claimDueEmails(now: Date, limit: number, leaseMs: number): Promise<EmailRecord[]>
  /** When the next queued email falls due, if any. */
  nextEmailDue(): Promise<Date | null>
  /** Records the outcome of a send (or a resend); `undefined` when the email is gone. */
  updateEmail(id: string, set: EmailUpdate): Promise<EmailRecord | undefined>
  /**
   * The text of an email written to the local outbox, as PostgreSQL keeps it so that any replica can
   * show what another wrote to its own folder; null otherwise (the embedded store's one process reads its folder).
   */
  emailMessage(id: string): Promise<string | null>
  /** Queued emails due at `now` (waiting to be sent) and due later (reminders, digests, retries). */
  queuedEmailCounts(now: Date): Promise<{ due: number; later: number }>
  /** What the store did to itself since it opened: schema migrations, journal compactions (`/metrics`). */
  readonly maintenance: StoreMaintenance
  /** Called after a commit that queued emails, so the sender need not poll. */
  onEmailsQueued(listener: () => void): void
  /** Every record, as the embedded store's snapshot holds them (`npm run data:export`). */
  exportData(): Promise<Data>
  /** Adds every record of `data` to an empty store (`npm run data:import`); refuses a store that has records. */
  importData(data: Data): Promise<void>
  /** Sessions, password guesses and rate limits, shared by every process on this store. */
  readonly coordination: Coordination
  healthy(): Promise<boolean>
  close(): Promise<void>
}

/** An outcome to record; `message` is the text a folder delivery wrote (kept by PostgreSQL only: `emailMessage`). */
export type EmailUpdate = Partial<Omit<EmailRecord, 'id' | 'about' | 'kind' | 'createdAt'>> & { message?: string }

export interface StoreMaintenance {
  /** The PostgreSQL schema's version; null for the embedded store. */
  schemaVersion: number | null
  /** Schema migrations this process applied at start (0 when another replica had already). */
  migrationsApplied: number
  /** Journal compactions this process made (the embedded store). */
  compactions: number
}

/** A schema migration or a journal compaction, for the log. */
export type MaintenanceEvent =
  | { kind: 'migration'; from: number; to: number; ms: number }
  | { kind: 'compaction'; journalBytes: number; ms: number; atStart: boolean }

export interface StoreOptions {
  onBackgroundError?: (error: Error, task: string) => void
  /** A migration ran or the journal was compacted. */
  onMaintenance?: (event: MaintenanceEvent) => void
  /** The clock of `receivedAt` and status changes. */
  now?: () => Date
  /** The cells a meeting takes (content/booking.json); needed by the meeting methods of the embedded store. */
  booking?: BookingSettings | (() => BookingSettings)
}

/** The fields an inbox change sets on `record` at `at`: a status only if it differs (kept in the history), a note only if it changed. */
export function triageSet(record: InboxRecord, change: InboxChange, at: string): Partial<Triage> {
  const set: Partial<Triage> = {}
  if (change.status !== undefined && change.status !== statusOf(record)) {
    set.status = change.status
    set.statusChanges = [...(record.statusChanges ?? []), { status: change.status, at }]
  }
  if (change.note !== undefined && change.note !== (record.note ?? '')) {
    set.note = change.note
    set.noteUpdatedAt = at
  }
  // Not spam: the mark goes, and `null` says the agency cleared it (a JSON journal keeps a null, not an undefined).
  if (change.suspicion === null && record.suspicion) set.suspicion = null
  return set
}

/** The store cannot be reached or cannot write now (a database down): 503, and try again later. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError'
  readonly status = 503
  readonly expose = true
  constructor(cause: unknown) {
    super('The service cannot reach its data store, please try again later', { cause })
  }
}

/** An import into a store that already holds records. */
export class StoreNotEmptyError extends Error {
  override name = 'StoreNotEmptyError'
}
