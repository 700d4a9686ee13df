import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { AccountRecord, PasskeyCeremony, PasskeyRecord } from '../../contract/wire/people.js'

// Passkeys (WebAuthn discoverable credentials) by @simplewebauthn/server. The service keeps nothing between a
// ceremony's options and the browser's answer: the challenge travels back in a key signed with the service's
// secret, bound to who asked (a person adding one, or `sign-in`), working for ceremonyMs; the routes take
// each challenge once (store coordination), so an answer cannot be played again.

/** Where the browser runs the ceremonies: the relying party's id (a domain) and the origins its pages have. */
export interface RelyingParty {
  name: string
  id: string
  origins: string[]
}

/** How long the browser has to answer: WebAuthn's own timeout, and a little for the request. */
const ceremonyMs = 5 * 60 * 1000

function mac(secret: string, purpose: string, expiresAt: number, challenge: string): Buffer {
  return createHmac('sha256', secret).update(`passkey:${purpose}:${expiresAt}:${challenge}`).digest()
}

function signedCeremony<O extends { challenge: string }>(secret: string, purpose: string, options: O, now: Date): PasskeyCeremony<O> {
  const expiresAt = now.getTime() + ceremonyMs
  return { options, key: `${expiresAt}.${options.challenge}.${mac(secret, purpose, expiresAt, options.challenge).toString('base64url')}` }
}

/** The challenge a ceremony's key carries, if it is ours, for `purpose`, and not over at `now`; null otherwise. */
export function ceremonyChallenge(secret: string, purpose: string, key: string, now: Date): string | null {
  const [expiry, challenge, given] = key.split('.')
  const expiresAt = Number(expiry)
  if (!challenge || !given || !Number.isSafeInteger(expiresAt) || expiresAt <= now.getTime()) return null
  const expected = mac(secret, purpose, expiresAt, challenge)
  const sent = Buffer.from(given, 'base64url')
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? challenge : null
}

const userId = (account: AccountRecord) => new TextEncoder().encode(account.id)
const transportsOf = (passkey: PasskeyRecord) => passkey.transports as AuthenticatorTransport[] | undefined

/** The options to add a passkey for `account`, whose `passkeys` the authenticator is asked not to make twice. */
export async function registrationCeremony(
  rp: RelyingParty,
  secret: string,
  account: AccountRecord,
  passkeys: readonly PasskeyRecord[],
  now: Date,
): Promise<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.name,
    userID: userId(account),
    attestationType: 'none',
    excludeCredentials: passkeys.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey) })),
    // Discoverable, so that signing in needs no address; the device's own check (a fingerprint, a PIN) when it has one.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  return signedCeremony(secret, `add:${account.id}`, options, now)
}

/** The passkey a registration answer makes, or null when it does not hold (a wrong challenge, origin or signature). */
export async function registeredPasskey(
  rp: RelyingParty,
  challenge: string,
  response: RegistrationResponseJSON,
): Promise<Pick<PasskeyRecord, 'id' | 'publicKey' | 'counter' | 'transports'> | null> {
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null)
  if (!verification?.verified) return null
  const { credential } = verification.registrationInfo
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    ...(credential.transports ? { transports: credential.transports } : {}),
  }
}

/** The options of a sign-in with any passkey of this desk (discoverable: the browser offers the person's own). */
export async function signInCeremony(rp: RelyingParty, secret: string, now: Date): Promise<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' })
  return signedCeremony(secret, 'sign-in', options, now)
}

/** The authenticator's new counter when the answer is `passkey`'s signature over the challenge, or null. */
export async function signedWith(rp: RelyingParty, challenge: string, response: AuthenticationResponseJSON, passkey: PasskeyRecord): Promise<number | null> {
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: transportsOf(passkey) },
    requireUserVerification: false,
  }).catch(() => null)
  return verification?.verified ? verification.authenticationInfo.newCounter : null
}
