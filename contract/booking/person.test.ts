import { describe, expect, it } from 'vitest'
import { personKey, phoneKey } from './person.js'

describe('personKey', () => {
  it('folds letter case, a +tag and surrounding blanks', () => {
    expect(personKey(' Ann+web@Example.COM ')).toBe('ann@example.com')
    expect(personKey('ann.lee@example.com')).toBe('ann.lee@example.com')
  })
  it('drops the dots Gmail ignores, and reads googlemail.com as gmail.com', () => {
    expect(personKey('A.n.n.Lee+x@googlemail.com')).toBe('annlee@gmail.com')
    expect(personKey('annlee@gmail.com')).toBe(personKey('ann.lee@GMAIL.com'))
  })
  it('keeps a leading + and dots elsewhere', () => {
    expect(personKey('+ann@example.com')).toBe('+ann@example.com')
    expect(personKey('a.b@outlook.com')).not.toBe(personKey('ab@outlook.com'))
  })
})

describe('phoneKey', () => {
  it('reads a US number the same however it is written, the country code aside', () => {
    const keys = ['(214) 555-0142', '214.555.0142', '+1 214 555 0142', '1-214-555-0142', '2145550142'].map(phoneKey)
    expect(new Set(keys)).toEqual(new Set(['2145550142']))
  })
  it('keeps other lengths as their digits, and names nobody with fewer than 7', () => {
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958')
    expect(phoneKey('555-0142')).toBe('5550142')
    expect(phoneKey('12')).toBe('')
    expect(phoneKey('')).toBe('')
  })
})
