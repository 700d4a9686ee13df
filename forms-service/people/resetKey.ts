import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AccountRecord } from '../../contract/wire/people.js'

export { resetMinutes } from '../../contract/wire/people.js'

// A password reset link's key, kept nowhere: the person's id, when it stops working, and a MAC over both and
// the person's password hash as it is now (Django's PasswordResetTokenGenerator does the same). Setting a
// password changes the hash, so the link works once, and any earlier link stops working with it.

const purpose = 'password-reset'

function mac(secret: string, account: AccountRecord, expiresAt: number): Buffer {
  return createHmac('sha256', secret)
    .update(`${purpose}:${account.id}:${expiresAt}:${account.passwordHash ?? ''}`)
    .digest()
}

/** `<id>.<expiry ms>.<MAC>`: opens a password reset for `account` until `expiresAt`. */
export function resetKey(secret: string, account: AccountRecord, expiresAt: Date): string {
  return `${account.id}.${expiresAt.getTime()}.${mac(secret, account, expiresAt.getTime()).toString('base64url')}`
}

/** The id a key names (to look the account up), or null for a key of no shape. */
export function resetKeyAccount(key: string): string | null {
  const parts = key.split('.')
  return parts.length === 3 && parts[0] ? parts[0] : null
}

/** Whether `key` opens a reset of `account` at `now`: its MAC right, its time not over, the password unchanged since. */
export function opensReset(secret: string, key: string, account: AccountRecord, now: Date): boolean {
  const [id, expiry, given] = key.split('.')
  const expiresAt = Number(expiry)
  if (id !== account.id || !Number.isSafeInteger(expiresAt) || expiresAt <= now.getTime() || !given) return false
  const expected = mac(secret, account, expiresAt)
  const sent = Buffer.from(given, 'base64url')
  return sent.length === expected.length && given === sent.toString('base64url') && timingSafeEqual(sent, expected)
}
