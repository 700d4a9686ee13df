// The booking challenge (forms-service/booking/challenge.ts): when bookings arrive faster than the
// agency's pace, a booking from the dialog holds its start only with a proof of work its browser solved
// (ALTCHA's challenge, altcha-lib: SHA-256, self-hosted, no cookie, no third party).

/** What the browser is given to solve: ALTCHA's challenge, as altcha-lib's `createChallenge` makes it. */
export interface BookingChallenge {
  algorithm: 'SHA-256'
  challenge: string
  maxnumber: number
  salt: string
  signature: string
}

/**
 * A booking that needs the challenge is answered 428 with this body: the sentence, and the challenge to
 * solve. The dialog solves it and sends the same booking again, the solution in `challengeHeader`.
 */
export interface ChallengeNeeded {
  error: string
  challenge: BookingChallenge
}

export const challengeStatus = 428

/**
 * The header the solution travels in: ALTCHA's payload (base64 of the JSON
 * `{ algorithm, challenge, number, salt, signature }`). A header, not a form field: no form without
 * JavaScript can send one, and no stored record has a field for it.
 */
export const challengeHeader = 'Booking-Proof'

/** What the 428 answer says (and the dialog shows while its browser works, if it takes long enough to read). */
export const challengeNeededMessage = 'Many bookings are arriving right now, so your browser solves a short check before this one is held.'

/**
 * What the thank-you page says, in place of the meeting's time, to a visitor whose form was sent without
 * JavaScript while the challenge was on: the request is kept, and its time is held once the visitor
 * presses the hold link emailed to them (urls.consultationHold) within `minutes`.
 */
export const unheldRequestSentence = (minutes: number) =>
  `Many bookings are arriving right now, so no time is held for this request yet: hold one with the link we just emailed you, within ${minutes} minutes, or we will call or email you to agree one.`

/** The hold link pressed later than its minutes (409): the request stays with the agency. */
export const holdExpiredMessage = 'This link has expired, so no time is held for this request: we will call or email you to agree one.'

/** The hold link pressed when the window asked for has no free start left, or its day can no longer be booked (409). */
export const holdFullMessage = 'The times you asked for were taken meanwhile, so none is held for this request: we will call or email you to agree one.'

/** What the service answers a solution that is wrong, expired or used already (400). */
export const challengeFailedMessage = 'The check of this booking did not pass or has expired: please send it again.'

/** Whether an answer's JSON body is a challenge to solve. */
export function isChallengeNeeded(body: unknown): body is ChallengeNeeded {
  const challenge = (body as { challenge?: Partial<BookingChallenge> } | null)?.challenge
  return (
    typeof challenge === 'object' &&
    challenge !== null &&
    challenge.algorithm === 'SHA-256' &&
    typeof challenge.challenge === 'string' &&
    typeof challenge.salt === 'string' &&
    typeof challenge.signature === 'string' &&
    Number.isSafeInteger(challenge.maxnumber)
  )
}
