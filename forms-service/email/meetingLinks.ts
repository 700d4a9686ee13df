import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Meeting } from '../../contract/booking.js'
import { signId, verifySignedId } from './signedId.js'

/** What a link in a meeting's emails may do. */
export type LinkAction = 'cancel' | 'reschedule'

// Signs 'meeting:<action>:<id>:<sequence>': a token is good for one action on one meeting as it is
// now; once the meeting changes (its sequence goes up), every earlier link is used up. The prefix keeps
// a MAC made with the same secret for another purpose (unsubscribe.ts) from ever passing as this one.
function mac(secret: string, action: LinkAction, meetingId: string, sequence: number): Buffer {
  if (secret === '') throw new Error('The link secret is empty')
  return createHmac('sha256', secret).update(`meeting:${action}:${meetingId}:${sequence}`).digest()
}

/** '<meeting id>.<sequence>.<HMAC-SHA256 in base64url>'. */
export function meetingToken(secret: string, action: LinkAction, meeting: Pick<Meeting, 'id' | 'sequence'>): string {
  return `${meeting.id}.${meeting.sequence}.${mac(secret, action, meeting.id, meeting.sequence).toString('base64url')}`
}

/** The meeting and sequence a token was made for with `secret` and `action`, or null (forged, altered, cut short, another action). */
export function verifyMeetingToken(secret: string, action: LinkAction, token: string): { meetingId: string; sequence: number } | null {
  const match = /^([0-9a-f-]{36})\.(0|[1-9]\d{0,8})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const [, meetingId, sequenceText, signature] = match as unknown as [string, string, string, string]
  const sequence = Number(sequenceText)
  const given = Buffer.from(signature, 'base64url')
  const expected = mac(secret, action, meetingId, sequence)
  // Only the one canonical spelling of the MAC (the decoder would accept others).
  if (given.length !== expected.length || given.toString('base64url') !== signature) return null
  return timingSafeEqual(given, expected) ? { meetingId, sequence } : null
}

/**
 * The signed reference of a booked request that the thank-you page without JavaScript is sent to: it
 * shows that request's meeting time, and does nothing else.
 */
export const bookingReference = (secret: string, recordId: string): string => signId(secret, 'booking', recordId)

/** The request id a booking reference was made for, or null. */
export const verifyBookingReference = (secret: string, reference: string): string | null => verifySignedId(secret, 'booking', reference)
