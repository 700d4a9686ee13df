import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// Passwords are kept as scrypt hashes (Node's own: no native addon to build for the image). The cost follows
// OWASP's password storage sheet for scrypt (N=2^15 with r=8, p=3 is one of its equal choices; we take p=1
// with N=2^15: 32 MiB and about 0.1 s a check here). libuv runs at most four at once, so a flood of guesses
// costs at most 128 MiB while the per-account rule (store/loginRule.ts) turns it away.
const cost = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const satisfies ScryptOptions
const keyBytes = 32

const derive = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password.normalize('NFKC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))))

/** `scrypt$<N>$<r>$<p>$<salt>$<key>` (base64url): the cost travels with the hash, so a later, dearer cost still reads older hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` is the one `hash` was made from; false for a hash of another form. Constant time in the key. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const given = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), maxmem: cost.maxmem })
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * A hash no password matches, checked against when an address has no account, so that the answer takes the
 * same time either way and says nothing of who has one.
 */
export const noAccountHash = (): Promise<string> => (noAccount ??= hashPassword(randomBytes(32).toString('base64url')))
let noAccount: Promise<string> | undefined
