import type { EmailRecord } from './records.js'
import type { Page } from './inboxQuery.js'

/** An outcome to record; `message` is the text a folder delivery wrote (kept by PostgreSQL only: `emailMessage`). */
export type EmailUpdate = Partial<Omit<EmailRecord, 'id' | 'about' | 'kind' | 'createdAt'>> & { message?: string }

/** The store's face for the outbox: the emails queued with the records, claimed, sent and counted. */
export interface OutboxStore {
  /** The emails about a record, oldest first. */
  emailsAbout(collection: EmailRecord['about']['collection'], id: string): Promise<EmailRecord[]>
  /** Newest first, optionally only those in one state. */
  listEmails(query: { state?: EmailRecord['state']; offset: number; limit: number }): Promise<Page<EmailRecord>>
  /**
   * Queues the email `kind` about the day `date` (YYYY-MM-DD), due at `dueAt`, once however many replicas
   * ask; one already queued and not yet due moves to `dueAt`.
   */
  queueDayEmail(kind: string, date: string, dueAt: string): Promise<void>
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
  /** Called after a commit that queued emails, so the sender need not poll. */
  onEmailsQueued(listener: () => void): void
}
