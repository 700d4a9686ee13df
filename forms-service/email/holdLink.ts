import { signId, verifySignedId } from './signedId.js'

// The hold link of a request kept without a time while the booking challenge was on (routes/forms.ts):
// its token names the request, signed; it works for the config's `bookingChallenge.holdMinutes` after
// the request arrived (routes/meetings.ts checks both).

const purpose = 'consultation-hold'

export const holdToken = (secret: string, requestId: string): string => signId(secret, purpose, requestId)

/** The request a hold token was made for, or null (forged, altered, cut short, another purpose). */
export const holdTokenRequest = (secret: string, token: string): string | null => verifySignedId(secret, purpose, token)

/** When the hold link of a request received at `receivedAt` stops working. */
export const holdEndsAt = (receivedAt: string, holdMinutes: number): Date => new Date(Date.parse(receivedAt) + holdMinutes * 60_000)
