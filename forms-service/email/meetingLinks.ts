import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Meeting } from '../../contract/booking/booking.js'
import { signId, verifySignedId } from './signedId.js'

/** What a link in a meeting's emails may do. */
export type LinkAction = 'cancel' | 'reschedule'

// Decision: a link addresses the meeting, not one version of it or one email. Each meeting holds a
// random key of its own (Meeting.linkKey, kept in the store with it); its links are
// '<meeting id>.<HMAC-SHA256(key, meeting-link:<action>:<id>)>', so the first confirmation's link
// opens the meeting as it is now, after any number of moves, and rotating UNSUBSCRIBE_SECRET or the
// calendar feed changes nothing for them. A meeting booked before keys existed signs with a key derived
// from the secret; links in the earlier form ('<id>.<sequence>.<MAC>', signed with the secret) stay good
// while the secret is unchanged. What a link may do is decided by the meeting's state, not the link.

/** The key a meeting's links are signed with: its own, or (booked before keys existed) one derived from `secret`. */
function keyOf(meeting: Pick<Meeting, 'id' | 'linkKey'>, secret: string): string {
  if (meeting.linkKey) return meeting.linkKey
  if (secret === '') throw new Error('The link secret is empty')
  return createHmac('sha256', secret).update(`meeting-key:${meeting.id}`).digest('base64url')
}

const linkMac = (key: string, action: LinkAction, meetingId: string) => createHmac('sha256', key).update(`meeting-link:${action}:${meetingId}`).digest()

// The earlier form signed the sequence too; the prefix keeps a MAC made with the same secret for another
// purpose (unsubscribe.ts) from ever passing as this one.
function legacyMac(secret: string, action: LinkAction, meetingId: string, sequence: number): Buffer {
  if (secret === '') throw new Error('The link secret is empty')
  return createHmac('sha256', secret).update(`meeting:${action}:${meetingId}:${sequence}`).digest()
}

/** The token of a meeting's `action` link: '<meeting id>.<MAC in base64url>', the same for the meeting's whole life. */
export function meetingToken(secret: string, action: LinkAction, meeting: Pick<Meeting, 'id' | 'linkKey'>): string {
  return `${meeting.id}.${linkMac(keyOf(meeting, secret), action, meeting.id).toString('base64url')}`
}

/** A token in the form links had before meetings held a key: '<id>.<sequence>.<MAC>' (kept for tests of old links). */
export function legacyMeetingToken(secret: string, action: LinkAction, meeting: Pick<Meeting, 'id' | 'sequence'>): string {
  return `${meeting.id}.${meeting.sequence}.${legacyMac(secret, action, meeting.id, meeting.sequence).toString('base64url')}`
}

const tokenForm = /^([0-9a-f-]{36})\.(?:(0|[1-9]\d{0,8})\.)?([A-Za-z0-9_-]{43})$/

/** The meeting a token claims to be for, read before the meeting is looked up; null when it is no token of ours. */
export function tokenMeetingId(token: unknown): string | null {
  return typeof token === 'string' ? (tokenForm.exec(token)?.[1] ?? null) : null
}

/** Whether `token` is `meeting`'s link for `action` (made with its key, or in the earlier form with `secret`). */
export function tokenOpens(token: string, action: LinkAction, meeting: Pick<Meeting, 'id' | 'linkKey'>, secret: string): boolean {
  const match = tokenForm.exec(token)
  if (!match || match[1] !== meeting.id) return false
  const [, meetingId, sequence, signature] = match as unknown as [string, string, string | undefined, string]
  const given = Buffer.from(signature, 'base64url')
  const expected = sequence === undefined ? linkMac(keyOf(meeting, secret), action, meetingId) : legacyMac(secret, action, meetingId, Number(sequence))
  // Only the one canonical spelling of the MAC (the decoder would accept others).
  if (given.length !== expected.length || given.toString('base64url') !== signature) return false
  return timingSafeEqual(given, expected)
}

/**
 * The secret part of a meeting's video room address (the `{key}` of the settings' template): derived
 * from the link key one way, so the room's address, which the agency may forward, opens no link.
 */
export const roomKey = (meeting: Pick<Meeting, 'id' | 'linkKey'>, secret: string): string =>
  createHmac('sha256', keyOf(meeting, secret)).update('video-room').digest('hex').slice(0, 20)

/**
 * The signed reference of a booked request that the thank-you page without JavaScript is sent to: it
 * shows that request's meeting time, and does nothing else.
 */
export const bookingReference = (secret: string, recordId: string): string => signId(secret, 'booking', recordId)

/** The request id a booking reference was made for, or null. */
export const verifyBookingReference = (secret: string, reference: string): string | null => verifySignedId(secret, 'booking', reference)
