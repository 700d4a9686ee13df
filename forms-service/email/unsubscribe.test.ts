import { describe, expect, it } from 'vitest'
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe.js'

const secret = 'a secret of the test, long enough'
const id = '6f1c1f4e-3b9f-4c52-9a51-0d4bd0d4d8a1'

describe('unsubscribe tokens', () => {
  it('give back the subscriber id they were made for', () => {
    const token = unsubscribeToken(secret, id)
    expect(token).toMatch(new RegExp(`^${id}\\.[A-Za-z0-9_-]{43}$`))
    expect(verifyUnsubscribeToken(secret, token)).toBe(id)
  })

  it('refuse a token made with another secret', () => {
    expect(verifyUnsubscribeToken(secret, unsubscribeToken('another secret', id))).toBeNull()
  })

  it('refuse another id with a valid MAC', () => {
    const [, mac] = unsubscribeToken(secret, id).split('.')
    expect(verifyUnsubscribeToken(secret, `00000000-0000-0000-0000-000000000000.${mac}`)).toBeNull()
  })

  it('refuse a cut, altered or malformed token', () => {
    const token = unsubscribeToken(secret, id)
    const last = token.at(-1)!
    for (const bad of [
      token.slice(0, -1),
      token.slice(0, -10),
      `${token.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`,
      `${token}=`,
      `${token}!`,
      `${id}.`,
      `.${token.split('.')[1]}`,
      id,
      '',
    ]) {
      expect(verifyUnsubscribeToken(secret, bad), bad).toBeNull()
    }
  })

  it('refuses to sign with an empty secret', () => {
    expect(() => unsubscribeToken('', id)).toThrow()
  })
})
