import type { LeadSource } from '../../contract/source.js'
import type { InboxCollection } from './inboxQuery.js'
import type { ConsultationRecord, ContactRecord } from './records.js'

/** The instants (ISO) the overview reads between: its two periods, and how far back a meeting may have been booked. */
export interface OverviewWindow {
  /** The start of the period before. */
  from: string
  /** The end of the period (excluded). */
  to: string
  /** Requests received from here on may have a meeting in the periods. */
  meetingsFrom: string
  /** A lead still new that arrived at or before this is overdue now. */
  overdueBefore: string
}

/** What the overview is computed from (forms-service/overview/figures.ts), the same from either store. */
export interface OverviewData {
  /** Requests received in [meetingsFrom, to), spam apart, oldest first, with their meetings. */
  consultations: ConsultationRecord[]
  /** Messages received in [from, to), spam apart, oldest first. */
  contacts: ContactRecord[]
  /** Sign-ups in [from, to) still subscribed. */
  signUps: Array<{ subscribedAt: string; source?: LeadSource }>
  /** When addresses unsubscribed, in [from, to). */
  unsubscribes: string[]
  overdue: Record<InboxCollection, number>
}
