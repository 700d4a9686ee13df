import { describe, expect, it } from 'vitest'
import type { AccountRecord } from '../../contract/wire/people.js'
import { opensReset, resetKey, resetKeyAccount } from './resetKey.js'

const secret = 'a-secret-of-at-least-thirty-two-characters'
const ana: AccountRecord = { id: 'ana', name: 'Ana', email: 'ana@example.com', role: 'member', passwordHash: 'scrypt$1', createdAt: '2026-12-01T00:00:00.000Z' }
const at = new Date('2026-12-03T15:00:00.000Z')
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000)

describe('password reset keys', () => {
  it('open a reset of their person until they expire', () => {
    const key = resetKey(secret, ana, later(30))
    expect(resetKeyAccount(key)).toBe('ana')
    expect(opensReset(secret, key, ana, at)).toBe(true)
    expect(opensReset(secret, key, ana, later(30))).toBe(false)
  })

  it('stop working once the password changed, for another person, another secret or an altered key', () => {
    const key = resetKey(secret, ana, later(30))
    expect(opensReset(secret, key, { ...ana, passwordHash: 'scrypt$2' }, at)).toBe(false)
    expect(opensReset(secret, key, { ...ana, id: 'ben' }, at)).toBe(false)
    expect(opensReset(`${secret}!`, key, ana, at)).toBe(false)
    const [id, expiry, mac] = key.split('.')
    expect(opensReset(secret, `${id}.${Number(expiry) + 60_000}.${mac}`, ana, at)).toBe(false)
    expect(opensReset(secret, `${key}x`, ana, at)).toBe(false)
    expect(resetKeyAccount('no-dots')).toBeNull()
  })
})
