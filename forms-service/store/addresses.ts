import type { BlockKind } from '../../contract/wire/blockList.js'
import type { EmailHoldReason } from '../../contract/wire/inbox.js'
import type { BlockRecord, EmailRecord, RecipientRecord, Suppression } from './records.js'

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
  /** Blocks each of `values` (already normalised: personKey, or the client address as written); one already there is kept as it is. The records of all of them. */
  addBlocks(kind: BlockKind, values: readonly string[], reason: string, by: BlockRecord['by']): Promise<BlockRecord[]>
  /** Oldest first. */
  blocks(): Promise<BlockRecord[]>
  /** False when there was none. */
  removeBlock(id: string): Promise<boolean>
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
