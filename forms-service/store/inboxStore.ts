import type { ClientKeys } from '../clientNetwork.js'
import type { InboxChange, InboxStatus } from '../../contract/wire/inbox.js'
import type { ChangedBy, Suspicion } from '../../contract/wire/records.js'
import type { PersonKeys } from '../../contract/booking/person.js'
import type { LeadSource } from '../../contract/wire/source.js'
import type { OverviewData, OverviewWindow } from './overviewQuery.js'
import type { InboxCollection, ListQuery, Page } from './inboxQuery.js'
import type { ConsultationRecord, ContactRecord, RecordCollection, StoredRecord, SubscriberRecord, Triage } from './records.js'

export type ConsultationFields = Omit<ConsultationRecord, 'id' | 'receivedAt' | 'submissionKey' | 'clientKey' | 'networkKey' | keyof Triage>
export type ContactFields = Omit<ContactRecord, 'id' | 'receivedAt' | 'submissionKey' | keyof Triage>

/** How a lead arrives: new, or new and suspected of being spam (forms-service/spam.ts), never filed as spam. */
export type Arrival = Suspicion | undefined

/** The emails a change owes, queued in the same commit as it: their kinds, and the request that owes them. */
export interface EmailsOwed {
  /** `content/emails/<kind>.md`. */
  kinds: readonly string[]
  /** The request that asked for them (middleware/requestLog.ts): the sender's lines name it. */
  requestId?: string
  /** Where that request came from (clientNetwork.ts): the budgets of emails to strangers count by it. */
  from?: ClientKeys
}

/** A change that owes no email. */
export const noEmails: EmailsOwed = { kinds: [] }

/** What a store is told with a status change (leadMeeting.ts): the emails a cancellation the agency chose owes (Closed, asked). */
export interface LeadFollow {
  cancelledEmails: EmailsOwed
}

/** A request or a message as it arrives: what the visitor wrote, the emails it owes, its retry key and what the door saw. */
export interface LeadArrival<F> {
  fields: F
  emails?: EmailsOwed
  /** The form's attempt key: the same key within 24 hours stores nothing new. */
  submissionKey?: string
  suspicion?: Arrival
  /** Who at the desk answers it (forms-service/people/leadOwner.ts); none while the desk has no accounts. */
  owner?: string | undefined
}

/** A newsletter sign-up: the address (already trimmed), the emails a new subscription owes, where it came from. */
export interface Subscription {
  email: string
  emails?: EmailsOwed
  source?: LeadSource
}

/** The store's face for the forms' records: requests, messages and subscribers, as they arrive and as the admin triages them. */
export interface InboxStore {
  /**
   * Stores a request with the emails it owes. With a `submissionKey` seen within 24 hours, stores
   * nothing and returns the record of that first submission (also while it is still being written).
   */
  addConsultation(lead: LeadArrival<ConsultationFields>): Promise<ConsultationRecord>
  addContact(lead: LeadArrival<ContactFields>): Promise<ContactRecord>
  /**
   * Subscribes `email` (already trimmed) unless it is there in any letter case; either way returns its
   * record. `emails` are queued only for a new subscription; `source` is where this sign-up came from.
   */
  subscribe(subscription: Subscription): Promise<SubscriberRecord>
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
   * One person's requests and messages, newest first: every record with one of the folded addresses or
   * phone keys of `keys` (contract/booking/person.ts), found by an index on either store; at most `limit` of each.
   */
  samePerson(keys: readonly PersonKeys[], limit: number): Promise<{ consultations: ConsultationRecord[]; contacts: ContactRecord[] }>
  /** The newsletter subscription of one address (any letter case), found by its key. */
  subscriberOf(email: string): Promise<SubscriberRecord | null>
  /**
   * Requests or messages received in [from, to) (ISO instants), oldest first: every status but spam, or
   * only `status`.
   */
  receivedBetween<C extends InboxCollection>(collection: C, from: string, to: string, status?: InboxStatus): Promise<StoredRecord<C>[]>
  /** The records the admin's overview is computed from (forms-service/overview/figures.ts). */
  overviewData(window: OverviewWindow): Promise<OverviewData>
  /** Erases every request and message received before `before` (an ISO instant), with their emails; how many. */
  eraseReceivedBefore(before: string): Promise<number>
  /**
   * A new status (kept in the record's history) and/or note; `undefined` when there is no such record.
   * A request's meeting follows its status (leadMeeting.ts) in the same commit; `follow` says what a
   * cancellation the agency chose owes.
   */
  update<C extends InboxCollection>(collection: C, id: string, change: InboxChange & ChangedBy, follow?: LeadFollow): Promise<StoredRecord<C> | undefined>
  /** When each owner's latest lead (request or message) arrived, by their account's id: the round robin's order (leadOwner.ts). */
  latestLeadByOwner(): Promise<Map<string, string>>
  /** Erases a record and the emails about it; false when there was none. */
  remove(collection: Exclude<RecordCollection, 'emails'>, id: string): Promise<boolean>
}
