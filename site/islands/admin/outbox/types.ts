import type { RecordEmail } from '../inbox/types'

// What the outbox API answers (GET /api/admin/outbox, POST /api/admin/emails/:id/resend).

export type EmailState = RecordEmail['state']

/** The outbox's filter, in the order it offers them. */
export const emailStates = ['queued', 'sent', 'failed'] as const satisfies readonly EmailState[]

/** An email with what it is about: a consultation request, a contact message or a subscriber. */
export type OutboxEmail = RecordEmail & {
  about: { collection: 'consultations' | 'contacts' | 'newsletterSubscribers'; id: string }
  createdAt: string
  /** Its file in the local outbox folder, once written there (no SMTP_URL). */
  file?: string
}

/** One page of the outbox, newest first; `delivery` says where emails go. */
export type OutboxPage = { items: OutboxEmail[]; total: number; offset: number; limit: number; delivery: 'smtp' | 'folder' }
