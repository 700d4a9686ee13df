import { describe, expect, it } from 'vitest'
import { judgeAttempt } from './loginRule.js'

const limits = { perKey: 2, overall: 3, windowMs: 1000 }
const none = { count: 0, oldest: null }

describe('judgeAttempt', () => {
  it('refuses a key with enough failures until its oldest is out of the window', () => {
    expect(judgeAttempt({ count: 1, oldest: 0 }, none, false, limits, 200)).toEqual({ allowed: true })
    expect(judgeAttempt({ count: 2, oldest: 0 }, none, false, limits, 200)).toEqual({ retryAfter: 1 })
    expect(judgeAttempt({ count: 2, oldest: 0 }, none, true, { ...limits, windowMs: 10_000 }, 200)).toEqual({ retryAfter: 10 })
  })

  it('refuses everyone but a known browser once the overall count is reached', () => {
    const overall = { count: 3, oldest: 100 }
    expect(judgeAttempt(none, overall, false, { ...limits, windowMs: 5000 }, 200)).toEqual({ retryAfter: 5 })
    expect(judgeAttempt(none, overall, true, limits, 200)).toEqual({ allowed: true })
  })
})
