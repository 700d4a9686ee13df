import { createHmac, timingSafeEqual } from 'node:crypto'

// Signs 'unsubscribe:<id>' rather than the bare id, so that a MAC made with the same secret for
// another purpose can never pass as an unsubscribe token.
function mac(secret: string, subscriberId: string): Buffer {
  if (secret === '') throw new Error('The unsubscribe secret is empty')
  return createHmac('sha256', secret).update(`unsubscribe:${subscriberId}`).digest()
}

/** '<id>.<HMAC-SHA256 in base64url>': only the holder of `secret` can make one for a given id. */
export function unsubscribeToken(secret: string, subscriberId: string): string {
  return `${subscriberId}.${mac(secret, subscriberId).toString('base64url')}`
}

/** The subscriber id a token was made for, or null if it was not made with `secret` (forged, cut short, altered). */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  // The MAC never holds a dot; the id may.
  const dot = token.lastIndexOf('.')
  if (dot <= 0) return null
  const subscriberId = token.slice(0, dot)
  const given = Buffer.from(token.slice(dot + 1), 'base64url')
  const expected = mac(secret, subscriberId)
  // Node's base64url decoder skips characters outside the alphabet: compare the text form too, so
  // only the one canonical spelling of the MAC is accepted.
  if (given.length !== expected.length || token.slice(dot + 1) !== given.toString('base64url')) return null
  return timingSafeEqual(given, expected) ? subscriberId : null
}
