import { describe, expect, it } from 'vitest'
import { hashPassword, noAccountHash, verifyPassword } from './password.js'

describe('passwords', () => {
  it('keeps a salted scrypt hash that only its own password matches', async () => {
    const hash = await hashPassword('correct horse battery staple')
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(hash).not.toContain('horse')
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash)
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('reads the same password typed in another Unicode form', async () => {
    const hash = await hashPassword('caf\u00e9 au lait')
    expect(await verifyPassword('cafe\u0301 au lait', hash)).toBe(true)
  })

  it('refuses a hash of another form, and matches no password against the hash of no account', async () => {
    expect(await verifyPassword('x', 'plain$x')).toBe(false)
    expect(await verifyPassword('x', '')).toBe(false)
    expect(await verifyPassword('', await noAccountHash())).toBe(false)
  })
})
