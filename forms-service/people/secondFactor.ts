import { createHash, randomBytes } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'

// The second factors a password can be paired with: an authenticator app's codes (TOTP, RFC 6238, by otplib)
// and recovery codes for the day the phone is lost. Passkeys are a way in of their own (passkeys.ts).

/** A new authenticator app's secret, base32 as the apps take it. */
export const newTotpSecret = (): string => generateSecret()

/** The otpauth:// address an authenticator app reads from a QR code: the desk's name and the person's email. */
export const totpUri = (secret: string, issuer: string, email: string): string => generateURI({ secret, issuer, label: email })

/**
 * The time step of `code` if it is the app's at `now`, give or take 30 s (a code typed as it turned over),
 * and later than `after` (a code is taken once); null otherwise.
 */
export async function totpStep(secret: string, code: string, now: Date, after?: number): Promise<number | null> {
  const token = code.replace(/\s/g, '')
  if (!/^\d{6}$/.test(token)) return null
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(after === undefined ? {} : { afterTimeStep: after }),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}

/** How many recovery codes a person gets at once. */
export const recoveryCodeCount = 10

/** What the store keeps of a recovery code: its SHA-256 (the code is 50 random bits, not a password), case and dashes aside. */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('base64url')

/** Whether `code` looks like a recovery code rather than an app's 6 digits. */
export const looksLikeRecoveryCode = (code: string): boolean => /^[a-z2-7]{5}-?[a-z2-7]{5}$/i.test(code.trim())

const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'

/** Ten new codes, `xxxxx-xxxxx` in base32 letters (no 0/1/8/9 to misread), to be shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const letters = [...randomBytes(10)].map((byte) => alphabet[byte % 32]).join('')
    return `${letters.slice(0, 5)}-${letters.slice(5)}`
  })
}
