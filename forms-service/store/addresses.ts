import type { BlockKind } from '../../contract/wire/blockList.js'
import type { BlockRecord, RecipientRecord, Suppression } from './records.js'

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
   * Counts the email `emailId` against the visitor address `key` at `at` when fewer than `cap` emails
   * (queued or sent, never failed) were counted against it since `since`; whether it was. One at a time
   * per address, whatever the number of replicas: two senders never both take its last place.
   */
  countRecipient(emailId: string, key: string, at: Date, since: Date, cap: number): Promise<boolean>
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
