import type { InboxChange } from '../../contract/wire/inbox.js'
import { changeableStates, type BookingSettings, type Meeting, type MeetingState } from '../../contract/booking/booking.js'
import { statusOf, type InboxRecord } from './inboxQuery.js'
import type { Arrival, EmailsOwed } from './inboxStore.js'
import {
  markChangeableMs,
  reminderKind,
  takesStart,
  type BookedConsultation,
  type MeetingRefusal,
  type BookingCap,
  type BookingCaps,
  type MeetingChangeRequest,
  type ReminderFor,
  type ScheduledEmail,
} from './meetings.js'
import type { ConsultationRecord, Triage } from './records.js'
import type { ChangedBy } from '../../contract/wire/records.js'

// Decision (docs/decisions.md, "Stores apply plans"): what a change does is decided here, once, by pure
// functions of what the store read; each store applies the plan in one transaction or one journal commit.
// A store decides only what is its own: where there is room (the cells), what is durable, what is unique.
// Ids and keys come in as inputs, so that a plan is the same for the same inputs.

/** How a record arrives: its id, when, its submission key, whether it is suspected, its client's keyed address. */
export interface ArrivalStamp {
  id: string
  at: string
  submissionKey?: string | undefined
  suspicion?: Arrival
  clientKey?: string | undefined
  networkKey?: string | undefined
  /** Who answers it (leadOwner.ts). */
  owner?: string | undefined
}

/** A request or a message as it is stored on arrival: New, or New with its mark when suspected of being spam. */
export function arrivingRecord<F extends object>(fields: F, stamp: ArrivalStamp) {
  return {
    id: stamp.id,
    receivedAt: stamp.at,
    ...fields,
    ...(stamp.submissionKey ? { submissionKey: stamp.submissionKey } : {}),
    ...arrivalTriage(stamp.suspicion),
    ...(stamp.clientKey ? { clientKey: stamp.clientKey } : {}),
    ...(stamp.networkKey ? { networkKey: stamp.networkKey } : {}),
    ...(stamp.owner ? { owner: stamp.owner } : {}),
  }
}

/** The triage fields of a record that arrives so: a suspected lead is New, with its mark. */
export const arrivalTriage = (suspicion: Arrival): Partial<Triage> => (suspicion ? { suspicion } : {})

/** The fields an inbox change (by someone at the desk) sets on `record` at `at`: a status only if it differs (kept in the history), a note only if it changed. */
export function triageSet(record: InboxRecord, change: InboxChange & ChangedBy, at: string): Partial<Triage> {
  const set: Partial<Triage> = {}
  const by = change.by ? { by: change.by } : {}
  if (change.status !== undefined && change.status !== statusOf(record)) {
    set.status = change.status
    set.statusChanges = [...(record.statusChanges ?? []), { status: change.status, at, ...by }]
  }
  if (change.note !== undefined && change.note !== (record.note ?? '')) {
    set.note = change.note
    set.noteUpdatedAt = at
    if (change.by) set.noteUpdatedBy = change.by
  }
  if (change.owner !== undefined && change.owner !== record.owner) set.owner = change.owner
  // Not spam: the mark goes, and `null` says the agency cleared it (a JSON journal keeps a null, not an undefined).
  if (change.suspicion === null && record.suspicion) set.suspicion = null
  return set
}

/** Emails due with the change that queues them, at `at`. */
const dueNow = (kinds: readonly string[], at: string): ScheduledEmail[] => kinds.map((kind) => ({ kind, dueAt: at }))

/** What a booking writes: the request with its meeting, and every email it queues (due now, and the reminder due before the meeting). */
export interface BookingPlan {
  record: BookedConsultation
  emails: ScheduledEmail[]
}

export interface BookingInput {
  /** The request as it arrives (arrivingRecord), booked at its `receivedAt`; or as it was kept, held later (`at`). */
  request: ConsultationRecord
  /** When the meeting is booked, if not as the request arrives: a request kept without a time, held by its link. */
  at?: string
  meetingId: string
  /** The meeting's own key for its links (meetings.ts newLinkKey; email/meetingLinks.ts signs with it). */
  linkKey: string
  /** The start the store found room at, among those the visitor's slot offered. */
  start: string
  settings: BookingSettings
  /** The emails the request owes (outbox/render.ts, emailsFor.consultations). */
  emails: EmailsOwed
  reminder: ReminderFor
}

/** A booking: the meeting at `start`, the request's emails and the meeting's reminder, if it is not too late for one. */
export function planBooking({ request, at = request.receivedAt, meetingId, linkKey, start, settings, emails, reminder }: BookingInput): BookingPlan {
  const end = new Date(Date.parse(start) + settings.meetingMinutes * 60_000).toISOString()
  const meeting: Meeting = { id: meetingId, start, end, state: 'booked', sequence: 0, history: [{ at, state: 'booked', start }], linkKey }
  const reminderEmail = reminder(meeting)
  return { record: { ...request, meeting }, emails: [...dueNow(emails.kinds, at), ...(reminderEmail ? [reminderEmail] : [])] }
}

const marks: readonly MeetingState[] = ['held', 'no-show']

/**
 * Why `change` cannot apply to `meeting` at `now`, or null. Held and no-show go on a meeting that has
 * begun, any time after; they may be corrected into each other or cleared within a week of its start.
 */
export function refusal(meeting: Meeting, change: Pick<MeetingChangeRequest, 'action' | 'expectSequence'>, now: Date): MeetingRefusal | null {
  if (change.expectSequence !== undefined && change.expectSequence !== meeting.sequence) return 'stale'
  if (change.action === 'rebook') return meeting.state === 'cancelled' ? null : 'closed'
  if (change.action === 'move' || change.action === 'cancel') return changeableStates.includes(meeting.state) ? null : 'closed'
  const marked = marks.includes(meeting.state)
  if (change.action === 'unmark' ? !marked : !marked && !changeableStates.includes(meeting.state)) return 'closed'
  const begun = now.getTime() - Date.parse(meeting.start)
  if (begun < 0) return 'not-started'
  return marked && begun > markChangeableMs ? 'mark-settled' : null
}

/** What a change of a meeting writes: the meeting after it, the kinds of its request's queued emails it drops, the emails it queues. */
export interface MeetingChangePlan {
  meeting: Meeting
  /** Queued emails of these kinds about the request are deleted in the same commit. */
  drop: readonly string[]
  emails: ScheduledEmail[]
}

/**
 * A change of `current` at `at` that `refusal` let through; a move goes to `start`, where the store found
 * room (a rebook: the start it had). One more SEQUENCE and one more line of history; a move or a
 * cancellation drops the reminder of the old start, and a move or a rebook queues one for the new start.
 */
export function planMeetingChange(current: Meeting, change: MeetingChangeRequest, at: string, start?: string): MeetingChangePlan {
  if (takesStart(change.action) && start === undefined) throw new Error(`A ${change.action} needs the start the store found room at`)
  const state: MeetingState =
    change.action === 'move'
      ? 'moved'
      : change.action === 'cancel'
        ? 'cancelled'
        : change.action === 'rebook'
          ? 'booked'
          : change.action === 'unmark'
            ? // The state it had before it was marked.
              (current.history.findLast((line) => changeableStates.includes(line.state))?.state ?? 'booked')
            : change.action
  const moved = takesStart(change.action)
    ? { start: start!, end: new Date(Date.parse(start!) + Date.parse(current.end) - Date.parse(current.start)).toISOString() }
    : {}
  const meeting: Meeting = {
    ...current,
    ...moved,
    state,
    sequence: current.sequence + 1,
    history: [
      ...current.history,
      {
        at,
        state,
        ...(takesStart(change.action) ? { start: start! } : {}),
        ...(change.message ? { message: change.message } : {}),
        ...(change.reason ? { reason: change.reason } : {}),
        ...(change.lead ? { lead: change.lead } : {}),
        ...(change.by ? { by: change.by } : {}),
      },
    ],
  }
  const reminderGoes = change.action === 'move' || change.action === 'cancel'
  const reminderEmail = takesStart(change.action) ? (change.reminder?.(meeting) ?? null) : null
  return { meeting, drop: reminderGoes ? [reminderKind] : [], emails: [...dueNow(change.emails.kinds, at), ...(reminderEmail ? [reminderEmail] : [])] }
}

/** The reminder `hoursBefore` hours (elapsed, whatever the clocks do) before `start`, unless that moment is not after `now`. */
export function reminderBefore(start: string, hoursBefore: number, now: Date): ScheduledEmail | null {
  const dueAt = Date.parse(start) - hoursBefore * 3_600_000
  return dueAt > now.getTime() ? { kind: reminderKind, dueAt: new Date(dueAt).toISOString() } : null
}

/** What a store counted for the caps of one booking. */
export interface CapCounts {
  /** The person's meetings ahead. */
  ahead: number
  /** Requests booked from the client, and from its network, in the last 24 hours (none marked Spam). */
  today: number
  network: number
}

/**
 * Which cap a booking breaks, from what the store counted where it commits (its writer, or under its
 * locks), the bookings being written included. A cap of 0 is off; null when the booking passes them all.
 */
export function capRefusal(caps: BookingCaps, counted: CapCounts): BookingCap | null {
  if (caps.perPerson > 0 && counted.ahead >= caps.perPerson) return 'person'
  if (caps.clientKey && caps.perAddress > 0 && counted.today >= caps.perAddress) return 'address'
  if (caps.networkKey && caps.perNetwork > 0 && counted.network >= caps.perNetwork) return 'network'
  return null
}
