import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'

// A passkey authenticator in the test's own process, as a browser and a phone together answer WebAuthn
// (https://www.w3.org/TR/webauthn-3/ §6.1 authenticator data, §6.5 attestation "none", ES256 keys): it
// makes P-256 key pairs and signs what the service's challenges ask, so the service's checks run for real.
// The desk's Chromium tests use Chromium's own virtual authenticator instead.

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest()
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value)
  return bytes
}

// Authenticator data flags: the user was present (UP), verified (UV), and a credential follows (AT).
const presentAndVerified = 0x01 | 0x04
const withCredential = presentAndVerified | 0x40

interface Credential {
  key: KeyObject
  userHandle: string
  counter: number
}

export class SoftAuthenticator {
  private readonly credentials = new Map<string, Credential>()

  /** `origin`: the page the browser would be on. */
  constructor(private readonly origin: string) {}

  /** What `navigator.credentials.create()` answers to these options: a new discoverable credential. */
  create(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const { x, y } = publicKey.export({ format: 'jwk' })
    const id = randomBytes(16)
    // COSE_Key: kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = encodeCBOR(
      new Map<number, CBORType>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(x!, 'base64url')],
        [-3, Buffer.from(y!, 'base64url')],
      ]),
    )
    const lengthOfId = Buffer.from([0, id.length])
    const authData = Buffer.concat([sha256(options.rp.id!), Buffer.from([withCredential]), uint32(0), Buffer.alloc(16), lengthOfId, id, coseKey])
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    )
    this.credentials.set(base64url(id), { key: privateKey, userHandle: options.user.id, counter: 0 })
    return {
      id: base64url(id),
      rawId: base64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    }
  }

  /** What `navigator.credentials.get()` answers with the credential `id` (the only one, if not said). */
  get(options: PublicKeyCredentialRequestOptionsJSON, id = [...this.credentials.keys()][0]!): AuthenticationResponseJSON {
    const credential = this.credentials.get(id)
    if (!credential) throw new Error(`no credential ${id}`)
    credential.counter += 1
    const authenticatorData = Buffer.concat([sha256(options.rpId!), Buffer.from([presentAndVerified]), uint32(credential.counter)])
    const clientDataJSON = this.clientData('webauthn.get', options.challenge)
    // ES256 signs the authenticator data and the client data's hash; Node's ECDSA signature is DER, as WebAuthn's is.
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), credential.key)
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON, authenticatorData: base64url(authenticatorData), signature: base64url(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
    }
  }

  private clientData(type: string, challenge: string): string {
    return base64url(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })))
  }
}
