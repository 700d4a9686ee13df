import { randomBytes } from 'node:crypto'
import type { BookingSettings, Meeting } from '../../contract/booking/booking.js'
import type { EmailName } from '../../contract/content/emails/templateTable.js'
import type { Arrival, ConsultationFields, EmailsOwed } from './inboxStore.js'
import type { ConsultationRecord } from './records.js'
import { markChangeableDays } from '../../contract/wire/meetingApi.js'

// The store's face for meetings; what a booking or a change does is decided in plans.ts. A meeting lives
// in its consultation record; the stores keep which cells of the grid it holds (contract/booking/booking.ts,
// meetingCells) so that no cell ever holds more than `atOnce` meetings: the embedded store within its
// single writer, PostgreSQL by a unique key.

/** Where a meeting may start, in order of preference, and the settings that say which cells each start takes. */
export interface SlotRequest {
  starts: readonly string[]
  settings: BookingSettings
}

/** An email due later than now: the reminder before a meeting. */
export interface ScheduledEmail {
  kind: string
  dueAt: string
}

/** The reminder a meeting owes from now on, if it is not already too late for one. */
export type ReminderFor = (meeting: Meeting) => ScheduledEmail | null

export type BookedConsultation = ConsultationRecord & { meeting: Meeting }

/**
 * `unmark` clears a held or no-show: the meeting is booked (or moved) again, as before it was marked.
 * `rebook`: a meeting cancelled with its lead marked Spam, booked again at its start after Not spam (leadMeeting.ts).
 */
export type MeetingAction = 'cancel' | 'move' | 'held' | 'no-show' | 'unmark' | 'rebook'

/** How long after its start a meeting's held or no-show may still be corrected or cleared; marking one unmarked has no limit. */
export const markChangeableMs = markChangeableDays * 86_400_000

/** Why a change is refused: changed meanwhile, over (cancelled), not begun (held, no-show), or marked over a week ago. */
export type MeetingRefusal = 'stale' | 'closed' | 'not-started' | 'mark-settled'

export interface MeetingChangeRequest {
  meetingId: string
  action: MeetingAction
  /** The sequence the change was decided on: a meeting changed since (by another request) refuses it. */
  expectSequence?: number
  /** Where a move (or a rebooking) may go. */
  slot?: SlotRequest
  /** The agency's line to the visitor, with a cancellation. */
  message?: string
  /** The visitor's reason, with their cancellation: for the agency's notice and the history. */
  reason?: string
  /** A cancellation that follows its lead's new status, or a booking again after Not spam: said in the history. */
  lead?: 'spam' | 'closed' | 'rebooked'
  /** Who at the desk asked for it (ChangedBy, contract/wire/records.ts); none from the visitor's link. */
  by?: string
  /** The emails the change owes (the updated invitation, the notice to the agency), queued with it. */
  emails: EmailsOwed
  /** A move reschedules the meeting's reminder; a cancellation drops it. */
  reminder?: ReminderFor
}

export type MeetingChangeResult = { ok: true; record: BookedConsultation } | { ok: false; reason: 'not-found' | 'full' | MeetingRefusal }

export interface MeetingStore {
  /**
   * Stores a consultation request with its meeting at the first start of `slot` that has room, with
   * the emails it owes and its reminder, in one commit; WindowFullError when no start has room. With
   * a known `submissionKey`, the first submission's record, as addConsultation.
   */
  bookConsultation(booking: BookingRequest): Promise<BookedConsultation>
  /**
   * Gives a request kept without a meeting (routes/forms.ts, while the booking challenge is on) its
   * meeting at the first start of `slot` with room, with the emails it owes and its reminder, in one
   * commit, past the same caps as a booking. The request as it is when it has a meeting already (its hold
   * link pressed twice); undefined when there is no such request. WindowFullError and BookingCapError as bookConsultation.
   */
  holdMeeting(hold: MeetingHold): Promise<BookedConsultation | undefined>
  /** The request a meeting belongs to, by the meeting's id. */
  meeting(id: string): Promise<BookedConsultation | undefined>
  /** Requests whose meeting starts in [from, to), by start, every state. */
  meetingsBetween(from: string, to: string): Promise<BookedConsultation[]>
  /** Cells of the grid in [from, to) that hold meetings, and how many each. */
  takenCells(from: string, to: string, settings: BookingSettings): Promise<Map<string, number>>
  /** A change of a meeting, its emails and its reminder in one commit. */
  changeMeeting(change: MeetingChangeRequest): Promise<MeetingChangeResult>
  /** The secret of the private calendar feed's address: made on first use, replaced by `rotate`. */
  calendarFeedSecret(rotate: boolean): Promise<string>
  /** Puts back the feed's secret of a backup (`data:import`), so the agency's calendar keeps its address. */
  restoreCalendarFeedSecret(secret: string): Promise<void>
}

/** What bookConsultation is given: the request and what it owes, where its meeting may start, the caps it must pass. */
export interface BookingRequest {
  fields: ConsultationFields
  emails: EmailsOwed
  /** With a known key, the first submission's record is the answer (addConsultation's rule). */
  submissionKey?: string | undefined
  slot: SlotRequest
  reminder: ReminderFor
  /** Suspected of being spam (forms-service/spam.ts): stored New with its mark, its meeting booked all the same. */
  suspicion?: Arrival
  /** The caps the booking must pass in the same commit, so that parallel requests and replicas cannot all pass. */
  caps?: BookingCaps | undefined
  /** Who at the desk answers it (forms-service/people/leadOwner.ts). */
  owner?: string | undefined
}

/** What holdMeeting is given: the request, where its meeting may start, what it owes, the caps it must pass. */
export interface MeetingHold {
  requestId: string
  slot: SlotRequest
  emails: EmailsOwed
  reminder: ReminderFor
  caps?: BookingCaps
}

/**
 * The caps of a booking (forms-service/booking/caps.ts), checked where it is committed: the embedded
 * store within its single writer, PostgreSQL under an advisory lock per person and per client address.
 */
export interface BookingCaps {
  /** personKey(email) (contract/booking/person.ts): at most `perPerson` meetings booked or moved whose start is ahead; 0: no cap. */
  person: string
  perPerson: number
  /** The keyed hash of the client address, kept with the record (`clientKey`); none when unknown. */
  clientKey?: string
  /** At most this many requests booked from `clientKey` in the 24 hours before now; 0: no cap. */
  perAddress: number
  /** The keyed hash of the client's network, kept with the record (`networkKey`); none when unknown. */
  networkKey?: string
  /** At most this many requests booked from `networkKey` in the 24 hours before now; 0: no cap. */
  perNetwork: number
}

/** Which cap a booking breaks: the person's meetings ahead, or the day's bookings of its client or its network. */
export type BookingCap = 'person' | 'address' | 'network'

/** How far back the per-address and per-network caps count. Requests the agency marked Spam count for neither. */
export const addressCapMs = 24 * 60 * 60 * 1000

/** A booking over one of its caps: the person's meetings ahead, or the client's or the network's bookings of the day. */
export class BookingCapError extends Error {
  override name = 'BookingCapError'
  constructor(readonly cap: BookingCap) {
    super(
      cap === 'person' ? 'This person already has a meeting ahead' : `Too many bookings from this ${cap === 'address' ? 'client address' : 'network'} today`,
    )
  }
}

/** No start of the chosen window has room. */
export class WindowFullError extends Error {
  override name = 'WindowFullError'
  constructor() {
    super('The chosen window is fully booked')
  }
}

/** A new meeting's link key (email/meetingLinks.ts signs its links with it): 256 random bits. */
export const newLinkKey = (): string => randomBytes(32).toString('base64url')

export const reminderKind = 'meeting-reminder' satisfies EmailName

/** Actions that take cells at a new start (`slot`) and owe a new reminder. */
export const takesStart = (action: MeetingAction): boolean => action === 'move' || action === 'rebook'
