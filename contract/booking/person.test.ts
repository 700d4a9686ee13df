import { describe, expect, it } from 'vitest'
import { personKey } from './person.js'

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
