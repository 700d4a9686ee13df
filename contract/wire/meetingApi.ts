import type { FromSchema } from 'json-schema-to-ts'
import { changeableStates, zonedDate, type FreeStart, type Meeting, type MeetingChange, type MeetingState, type TimeSlot } from '../booking/booking.js'
import { isoDatePattern, isoInstantPattern, maxLength, storableTextPattern } from '../forms/limits.js'
import { timeSlots, optionValues } from '../forms/options.js'

// What the endpoints of meetings take and answer (contract/wire/api.ts declares them, `api.meetings` and
// `adminApi.meetings`, contract/wire/adminApi.ts). The pages of the site that act on a meeting (cancel, reschedule, the admin's
// meetings) are in urls.ts.

/** A meeting that has begun and is still booked or moved: not marked held or no-show yet (the agenda's Past view lists these first). */
export const awaitsMark = (meeting: { state: MeetingState; start: string }, now: Date): boolean =>
  changeableStates.includes(meeting.state) && Date.parse(meeting.start) <= now.getTime()

/** The days the agenda's Past view shows, today among them (the most the meetings list gives at once). */
export const pastAgendaDays = 60

/** The first day (YYYY-MM-DD, Dallas) of the Past view at `now`; the admin bar counts the meetings to mark from it too. */
export const pastAgendaFrom = (now: Date): string => zonedDate(new Date(now.getTime() - (pastAgendaDays - 1) * 86_400_000))

/** How long after its start a held or no-show may still be corrected or cleared (the service refuses it after). */
export const markChangeableDays = 7

/** SPEC's "Please select a time slot", and why: what the timeSlot field says when the window is full. */
export const windowFullMessage = 'Please select a time slot. This window is fully booked.'

/** A signed link that is tampered with, foreign, or cut short. */
export const linkNotValidMessage = 'This link is not valid'

/** A meeting whose link is good but that can no longer be changed: cancelled, held, a no-show, or begun. */
export const meetingClosedMessage = 'This meeting can no longer be changed'

/**
 * The sentence the error page of a form post adds under a full window: which windows of that day are
 * still free ('Still free on Wednesday, November 25: Afternoon (1PM-5PM), Evening (6PM-8PM).').
 */
export function freeWindowsSentence(day: string, freeWindowLabels: readonly string[]): string {
  return freeWindowLabels.length > 0
    ? `Still free on ${day}: ${freeWindowLabels.join(', ')}.`
    : `Nothing is free on ${day} any more: please choose another day.`
}

/**
 * What the `start` field says when the start chosen was taken (by a faster visitor, or the agency's
 * calendar) between showing and sending, or is not a free start of the chosen date and window.
 */
export const startTakenMessage = 'Please select a time slot. That time was just taken: please choose one of the times still free.'

/**
 * What the error page adds when a picked start was taken: the starts still free that day, in Central
 * time ('Still free on Wednesday, December 2: 9:30 AM, 10:00 AM, 2:00 PM (Central time (Dallas)).').
 */
export function freeStartsSentence(day: string, startTimes: readonly string[], zoneLabel: string): string {
  return startTimes.length > 0
    ? `Still free on ${day}: ${startTimes.join(', ')} (${zoneLabel}).`
    : `Nothing is free on ${day} any more: please choose another day.`
}

/**
 * A second booking by a person who already has a meeting ahead (content/booking.json `meetingsPerPerson`),
 * on the `email` field. It names no day or time: whoever typed the address learns no more than that.
 */
export const personHasMeetingMessage =
  'This email address already has a consultation booked. Its details and the link to change it were emailed to that address.'

/** A booking past BOOKINGS_PER_ADDRESS_PER_DAY from one client address (429). */
export const addressCapMessage = 'Too many consultations were booked from this connection today. Please try again tomorrow, or call or email us.'

/** GET /api/availability: per offered day, which windows have room and the free starts in order. */
export interface Availability {
  zone: string
  days: Array<{ date: string; windows: Record<TimeSlot, boolean>; starts: FreeStart[] }>
}

/** POST /api/consultation answers 201 with the exact meeting. */
export interface ConsultationCreated {
  id: string
  meeting: { start: string; end: string }
}

/**
 * GET /api/meeting?token=: what the cancel and reschedule pages show (nothing personal). A meeting the
 * link can no longer change (cancelled, held, a no-show, begun) answers too, with `changeable` false.
 */
export interface MeetingView {
  meeting: { start: string; end: string; state: MeetingState; serviceInterest: string }
  /** Whether the visitor may still move or cancel it (contract/booking/booking.ts, visitorMayChange). */
  changeable: boolean
  availability: Availability
}

/** POST /api/meeting/cancel and /reschedule; a reschedule also gives the links' token (the same for the meeting's life). */
export interface MeetingChanged {
  meeting: { start: string; end: string; state: MeetingState; serviceInterest: string }
  token?: { reschedule: string; cancel: string }
}

/** One meeting of GET /api/admin/meetings. */
export interface AdminMeeting {
  id: string
  requestId: string
  start: string
  end: string
  state: MeetingState
  businessName: string
  contactName: string
  serviceInterest: string
  phone: string
  email: string
  history: MeetingChange[]
}

export interface AdminMeetings {
  meetings: AdminMeeting[]
}

/** GET /api/admin/meetings/:id/starts: where the meeting could move, the days a visitor may book, by the service's own rules. */
export interface MeetingStarts {
  days: Array<{ date: string; starts: FreeStart[] }>
}

/** POST /api/admin/meetings/:id/move, /cancel and /state: the meeting as changed. */
export interface AdminMeetingChanged {
  meeting: AdminMeeting
}

/** GET /api/admin/calendar-feed and its rotation: the feed's private address. */
export interface CalendarFeedAddress {
  url: string
}

/** A consultation record, as the admin inbox shows it, carries its meeting. */
export type RecordMeeting = Pick<Meeting, 'id' | 'start' | 'end' | 'state' | 'history'>

/**
 * Whether Not spam may book a meeting again at its start (POST /api/admin/meetings/:id/rebook): the lead
 * is no longer spam and the meeting's last change is its cancellation with the lead marked Spam (the
 * visitor was never told, so their invitation still says that start). Whether the start is still free
 * is the booking's own check.
 */
export const mayBookAgain = (lead: { status?: string | undefined; meeting?: Pick<Meeting, 'state' | 'history'> | undefined }): boolean =>
  (lead.status ?? 'new') !== 'spam' && lead.meeting?.state === 'cancelled' && lead.meeting.history.at(-1)?.lead === 'spam'

const token = { type: 'string', minLength: 1, maxLength: 500, errorMessage: linkNotValidMessage } as const

/** The longest reason a visitor may give with a cancellation. */
export const cancelReasonMaxLength = 1000
const cancelReasonMessage = `The reason must be text of at most ${cancelReasonMaxLength} characters`

/** POST /api/meeting/cancel: the link's token and, if the visitor gives one, why (for the agency only). */
export const meetingCancelSchema = {
  $id: 'meetingCancel',
  type: 'object',
  properties: {
    token,
    reason: { type: 'string', maxLength: cancelReasonMaxLength, pattern: storableTextPattern, errorMessage: cancelReasonMessage },
  },
  required: ['token'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { token: linkNotValidMessage } },
} as const

/** POST /api/consultation/hold: the token of the hold link a request kept without a time was emailed (contract/wire/challenge.ts). */
export const consultationHoldSchema = {
  $id: 'consultationHold',
  type: 'object',
  properties: { token },
  required: ['token'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { token: linkNotValidMessage } },
} as const

export const meetingRescheduleSchema = {
  $id: 'meetingReschedule',
  type: 'object',
  properties: {
    token,
    date: { type: 'string', pattern: isoDatePattern, errorMessage: 'Please select a date' },
    timeSlot: { type: 'string', enum: optionValues(timeSlots), errorMessage: 'Please select a time slot' },
    /** The exact start picked among the window's free starts; the window's first free start without it. */
    start: { type: 'string', pattern: isoInstantPattern, errorMessage: 'Please select a time slot' },
  },
  required: ['token', 'date', 'timeSlot'],
  additionalProperties: false,
  errorMessage: {
    type: 'Expected a JSON object',
    required: { token: linkNotValidMessage, date: 'Please select a date', timeSlot: 'Please select a time slot' },
  },
} as const

export const adminMoveSchema = {
  $id: 'adminMeetingMove',
  type: 'object',
  properties: {
    start: { type: 'string', pattern: isoInstantPattern, errorMessage: 'start must be an ISO date-time' },
    // A line to the visitor, in the updated invitation (as a cancellation's is in the cancellation).
    message: { type: 'string', maxLength: maxLength.message, errorMessage: `message must be text of at most ${maxLength.message} characters` },
  },
  required: ['start'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { start: 'start must be an ISO date-time' } },
} as const

export const adminCancelSchema = {
  $id: 'adminMeetingCancel',
  type: 'object',
  properties: {
    message: { type: 'string', maxLength: maxLength.message, errorMessage: `message must be text of at most ${maxLength.message} characters` },
  },
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object' },
} as const

export const adminStateSchema = {
  $id: 'adminMeetingState',
  type: 'object',
  // 'unmarked' clears a held or no-show (within a week of the meeting's start).
  properties: { state: { type: 'string', enum: ['held', 'no-show', 'unmarked'], errorMessage: 'state must be held, no-show or unmarked' } },
  required: ['state'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { state: 'state must be held, no-show or unmarked' } },
} as const

export const adminMeetingsQuerySchema = {
  $id: 'adminMeetingsQuery',
  type: 'object',
  properties: {
    from: { type: 'string', pattern: isoDatePattern, errorMessage: 'from must be a date, YYYY-MM-DD' },
    days: { type: 'string', pattern: '^(?:[1-9]|[1-5]\\d|60)$', errorMessage: 'days must be a whole number from 1 to 60' },
  },
  additionalProperties: false,
  errorMessage: { additionalProperties: 'Unknown query parameter: only from and days are accepted' },
} as const

export type MeetingCancelRequest = FromSchema<typeof meetingCancelSchema>
export type ConsultationHoldRequest = FromSchema<typeof consultationHoldSchema>
export type MeetingRescheduleRequest = FromSchema<typeof meetingRescheduleSchema>
export type AdminMoveRequest = FromSchema<typeof adminMoveSchema>
export type AdminCancelRequest = FromSchema<typeof adminCancelSchema>
export type AdminStateRequest = FromSchema<typeof adminStateSchema>
export type AdminMeetingsQuery = FromSchema<typeof adminMeetingsQuerySchema>
