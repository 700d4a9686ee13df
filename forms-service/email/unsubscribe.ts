import { signId, verifySignedId } from './signedId.js'

/** '<id>.<HMAC-SHA256 in base64url>': only the holder of `secret` can make one for a given subscriber. */
export const unsubscribeToken = (secret: string, subscriberId: string): string => signId(secret, 'unsubscribe', subscriberId)

/** The subscriber id a token was made for, or null if it was not made with `secret` (forged, cut short, altered). */
export const verifyUnsubscribeToken = (secret: string, token: string): string | null => verifySignedId(secret, 'unsubscribe', token)
