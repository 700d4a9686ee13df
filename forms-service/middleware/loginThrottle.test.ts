import { describe, expect, it } from 'vitest'
import { LoginThrottle } from './loginThrottle.js'

describe('LoginThrottle', () => {
  it('refuses a key once it has failed enough within the window, and forgets after it', () => {
    let now = 0
    const throttle = new LoginThrottle(2, 100, 1000, () => now)
    const fail = () => {
      const attempt = throttle.attempt('ip:a', false)
      if ('settle' in attempt) attempt.settle(false)
      return attempt
    }
    expect('settle' in fail()).toBe(true)
    now = 100
    expect('settle' in fail()).toBe(true)
    now = 200
    expect(fail()).toEqual({ retryAfter: 1 })
    now = 1001
    expect('settle' in fail()).toBe(true)
  })

  it('forgives a right password, also the count of the attempt itself', () => {
    const throttle = new LoginThrottle(1, 100, 1000, () => 0)
    const attempt = throttle.attempt('ip:a', false)
    if (!('settle' in attempt)) throw new Error('refused')
    attempt.settle(true)
    expect('settle' in throttle.attempt('ip:a', false)).toBe(true)
  })
})
