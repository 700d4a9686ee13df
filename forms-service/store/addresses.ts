import type { BlockKind } from '../../contract/wire/blockList.js'
import type { EmailHoldReason } from '../../contract/wire/inbox.js'
import type { UnblockedPost } from '../../contract/wire/blockList.js'
import type { Page } from './inboxQuery.js'
import type {
  BlockedPostRecord,
  BlockRecord,
  ConsultationRecord,
  ContactRecord,
  EmailRecord,
  RecipientRecord,
  SubscriberRecord,
  Suppression,
} from './records.js'

/**
 * The windows the budgets of emails to strangers count in (outbox/recipients.ts): elapsed time, so a
 * daylight-saving change moves nothing.
 */
export const strangerWindows = { dayMs: 24 * 60 * 60_000, hourMs: 60 * 60_000 }

/** What a store counted for one email to a stranger: the emails to strangers sent or on their way (never failed). */
export interface StrangerCounts {
  /** To the same address, in the last 24 hours. */
  recipient: number
  /** Caused by the same client, and by the same network, in the last 24 hours (0 for an email no request caused). */
  client: number
  network: number
  /** Of the whole service, in the last hour. */
  hour: number
}

/** A recipient's event the outbox keeps: a click on a signed link of ours, or why it must get nothing more. */
export type RecipientEvent = 'clicked' | Suppression

/** The block list and what the outbox knows of visitor addresses, kept by both stores. */
export interface AddressStore {
  /**
   * Blocks each of `values` (already normalised: personKey, or the client address as written) until
   * `expiresAt`, or until removed without it; one already there keeps its record, with the longer of the
   * two blocks (longerBlock). The records of all of them.
   */
  addBlocks(kind: BlockKind, values: readonly string[], reason: string, by: BlockRecord['by'], expiresAt?: string): Promise<BlockRecord[]>
  /** Oldest first. */
  blocks(): Promise<BlockRecord[]>
  /** False when there was none. */
  removeBlock(id: string): Promise<boolean>
  /** Keeps a form post the block list caught, received now; no email, no meeting. */
  addBlockedPost(post: CaughtPost): Promise<BlockedPostRecord>
  /** The caught posts, newest first. */
  blockedPosts(page: { offset: number; limit: number }): Promise<Page<BlockedPostRecord>>
  /** How many posts were caught in [from, to) (ISO instants). */
  countBlockedPosts(from: string, to: string): Promise<number>
  /**
   * Moves a caught post to its collection as it arrived (its id and time; a sign-up of an address
   * already subscribed is that subscription), in one commit; undefined when there is no such post. A lead
   * goes to `owner` (leadOwner.ts).
   */
  releaseBlockedPost(id: string, owner?: string): Promise<UnblockedPost | undefined>
  /** What is known of one address (its personKey); undefined when nothing. */
  recipient(key: string): Promise<RecipientRecord | undefined>
  /** Keeps that `key` clicked (the latest time) or is suppressed (the first reason stays) at `at`. */
  noteRecipient(key: string, event: RecipientEvent, at: Date): Promise<void>
  /**
   * Counts the emails to strangers (counted before, never failed) that `email` to the visitor address
   * `key` would join at `at` (StrangerCounts: by address, by the client and network that queued it, in
   * all), and unless `decide` gives a reason to hold it, counts it (its recipientKey and recipientAt);
   * that reason or null. One at a time, whatever the number of replicas: two senders never both take a
   * budget's last place.
   */
  countStranger(email: EmailRecord, key: string, at: Date, decide: (counts: StrangerCounts) => EmailHoldReason | null): Promise<EmailHoldReason | null>
}

/** The longer of two blocks' ends (ISO instants; undefined: until removed), so adding an address again never shortens its block. */
export const longerBlock = (a: string | undefined, b: string | undefined): string | undefined =>
  a === undefined || b === undefined ? undefined : a > b ? a : b

/** A caught post's form and fields. */
export type CaughtForm = OmitEach<BlockedPostRecord, 'id' | 'receivedAt' | 'caughtBy'>
/** What the forms hand the store of a caught post: all but its id and time. */
export type CaughtPost = CaughtForm & Pick<BlockedPostRecord, 'caughtBy'>
/** Omit on each member of a union (Omit itself would merge the forms' fields into one shape). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A click is written at most this often per address: a visitor reloading their meeting page writes nothing new. */
export const clickStepMs = 60 * 60_000

/** What a recipient becomes after `event` at `at` (`current` as stored, if any); null when nothing changes. */
export function recipientAfter(key: string, current: RecipientRecord | undefined, event: RecipientEvent, at: string): RecipientRecord | null {
  const record: RecipientRecord = current ?? { id: key }
  if (event === 'clicked') {
    if (record.clickedAt && Date.parse(at) - Date.parse(record.clickedAt) < clickStepMs) return null
    return { ...record, clickedAt: at }
  }
  return record.suppressed ? null : { ...record, suppressed: event, suppressedAt: at }
}

/**
 * The record a caught post becomes on Unblock: a request (without a meeting: its start was never held)
 * or a message as it arrived, or a subscription, unless the address is subscribed already (`known`
 * finds it by address): then that one, and nothing new.
 */
export function releasedRecord(
  post: BlockedPostRecord,
  known: (email: string) => SubscriberRecord | undefined,
  owner?: string,
):
  | { collection: 'consultations'; id: string; record: ConsultationRecord }
  | { collection: 'contacts'; id: string; record: ContactRecord }
  | { collection: 'newsletterSubscribers'; id: string; record: SubscriberRecord | null } {
  const { id, receivedAt } = post
  const owned = owner ? { owner } : {}
  switch (post.form) {
    case 'consultation': {
      const { start: _start, ...fields } = post.fields
      return { collection: 'consultations', id, record: { id, receivedAt, ...fields, ...owned } }
    }
    case 'contact':
      return { collection: 'contacts', id, record: { id, receivedAt, ...post.fields, ...owned } }
    case 'newsletter': {
      const subscribed = known(post.fields.email.trim())
      if (subscribed) return { collection: 'newsletterSubscribers', id: subscribed.id, record: null }
      const { email, source } = post.fields
      return { collection: 'newsletterSubscribers', id, record: { id, email: email.trim(), subscribedAt: receivedAt, ...(source ? { source } : {}) } }
    }
  }
}
