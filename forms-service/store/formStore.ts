import type { Coordination } from './coordination.js'
import type { MeetingStore } from './meetings.js'
import type { BookingSettings } from '../../contract/booking/booking.js'
import type { ApiTokenStore } from './apiTokens.js'
import type { AddressStore } from './addresses.js'
import type { InboxStore } from './inboxStore.js'
import type { OutboxStore } from './outboxStore.js'
import type { PeopleStore } from './people.js'
import type { Data } from './records.js'

// The faces' own files hold their types; callers keep importing them from here.
export type { Arrival, ConsultationFields, ContactFields, EmailsOwed, InboxStore } from './inboxStore.js'
export type { EmailUpdate, OutboxStore } from './outboxStore.js'

/** How long a submission key answers with its first record. */
export const submissionKeyMs = 24 * 60 * 60 * 1000

/**
 * Everything a store keeps, as the faces a caller may take one of: the forms' records (InboxStore), the
 * emails (OutboxStore), the meetings (MeetingStore), the API tokens, the block list and recipients
 * (AddressStore), the people at the desk with their sessions (PeopleStore), what replicas share
 * (CoordinationStore) and the store's own upkeep. What a change
 * does (a booking, a meeting change, a triage) is decided in plans.ts; a store applies it.
 */
export interface FormStore extends InboxStore, OutboxStore, MeetingStore, ApiTokenStore, AddressStore, PeopleStore, CoordinationStore, StoreUpkeep {}

/** Password guesses and rate limits, shared by every process on this store. */
export interface CoordinationStore {
  readonly coordination: Coordination
}

/** The store itself: its health, its maintenance, its whole data in and out, its end. */
export interface StoreUpkeep {
  /** What the store did to itself since it opened: schema migrations, journal compactions (`/metrics`). */
  readonly maintenance: StoreMaintenance
  /** Every record, as the embedded store's snapshot holds them (`npm run data:export`). */
  exportData(): Promise<Data>
  /** Adds every record of `data` to an empty store (`npm run data:import`); refuses a store that has records. */
  importData(data: Data): Promise<void>
  healthy(): Promise<boolean>
  close(): Promise<void>
}

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
