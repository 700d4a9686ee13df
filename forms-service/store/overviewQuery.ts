import type { Meeting } from '../../contract/booking/booking.js'
import type { InboxStatus } from '../../contract/wire/inbox.js'
import type { LeadSource } from '../../contract/wire/source.js'
import type { InboxCollection } from './inboxQuery.js'

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

/** What the overview reads of a request or a message: no name, address or text. */
export interface OverviewLead {
  /** When it arrived, in milliseconds since the epoch. */
  at: number
  statusChanges?: Array<{ status: InboxStatus; at: string }>
  source?: LeadSource
  /** The service asked about, as sent (its option's value). */
  service: string
}

/** What the overview is computed from (forms-service/overview/figures.ts), the same from either store. */
export interface OverviewData {
  /** Requests received in [meetingsFrom, to), spam apart, with their meetings. */
  consultations: Array<OverviewLead & { meeting?: Meeting }>
  /** Messages received in [from, to), spam apart. */
  contacts: OverviewLead[]
  /** Sign-ups in [from, to) still subscribed. */
  signUps: Array<{ at: number; source?: LeadSource }>
  /** When addresses unsubscribed in [from, to), in milliseconds. */
  unsubscribes: number[]
  /** When the form posts the block list caught in [from, to) arrived, in milliseconds. */
  blocked: number[]
  overdue: Record<InboxCollection, number>
}
