import { describe, expect, it } from 'vitest'
import { LoginThrottle } from './loginThrottle.js'

const limits = { perKey: 2, overall: 100, windowMs: 1000 }

describe('LoginThrottle', () => {
  it('refuses a key once it has failed enough within the window, and forgets after it', () => {
    const throttle = new LoginThrottle()
    expect(throttle.attempt('ip:a', false, limits, 0)).toEqual({ allowed: true })
    expect(throttle.attempt('ip:a', false, limits, 100)).toEqual({ allowed: true })
    expect(throttle.attempt('ip:a', false, limits, 200)).toEqual({ retryAfter: 1 })
    expect(throttle.attempt('ip:a', false, limits, 1001)).toEqual({ allowed: true })
  })

  it('forgives a right password, also the count of the attempt itself', () => {
    const throttle = new LoginThrottle()
    const one = { ...limits, perKey: 1 }
    expect(throttle.attempt('ip:a', false, one, 0)).toEqual({ allowed: true })
    throttle.forgive('ip:a', false)
    expect(throttle.attempt('ip:a', false, one, 0)).toEqual({ allowed: true })
  })
})
