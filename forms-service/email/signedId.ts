import { createHmac, timingSafeEqual } from 'node:crypto'

// Signs '<purpose>:<id>' rather than the bare id, so that a MAC made with the same secret for another
// purpose can never pass as this one.
function mac(secret: string, purpose: string, id: string): Buffer {
  if (secret === '') throw new Error('The signing secret is empty')
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest()
}

/** '<id>.<HMAC-SHA256 in base64url>': only the holder of `secret` can make one for a given id and purpose. */
export function signId(secret: string, purpose: string, id: string): string {
  return `${id}.${mac(secret, purpose, id).toString('base64url')}`
}

/** The id a token was made for with `secret` and `purpose`, or null (forged, cut short, altered, another purpose). */
export function verifySignedId(secret: string, purpose: string, token: string): string | null {
  // The MAC never holds a dot; the id may.
  const dot = token.lastIndexOf('.')
  if (dot <= 0) return null
  const id = token.slice(0, dot)
  const given = Buffer.from(token.slice(dot + 1), 'base64url')
  const expected = mac(secret, purpose, id)
  // Node's base64url decoder skips characters outside the alphabet: compare the text form too, so
  // only the one canonical spelling of the MAC is accepted.
  if (given.length !== expected.length || token.slice(dot + 1) !== given.toString('base64url')) return null
  return timingSafeEqual(given, expected) ? id : null
}
