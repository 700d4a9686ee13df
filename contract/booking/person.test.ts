import { describe, expect, it } from 'vitest'
import { mailboxAddress, personKey, phoneKey } from './person.js'

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

describe('personKey folds every spelling the mailer delivers to one mailbox', () => {
  const mailbox = 'name@example.com'
  it.each([
    ['full-width letters in the domain', 'name@ｅxample.com'],
    ['a whole address in full-width forms', 'ｎａｍｅ＠ｅｘａｍｐｌｅ．ｃｏｍ'],
    ['the ideographic full stop', 'name@example。com'],
    ['a trailing dot', 'name@example.com.'],
    ['repeated dots', 'name@example..com'],
    ['a soft hyphen', 'name@ex\u00ADample.com'],
    ['capitals and a +tag together', 'Name+bulk@EXAMPLE.com.'],
  ])('%s: %s', (_, spelling) => {
    expect(personKey(spelling)).toBe(mailbox)
  })
  it('writes an international domain as IDNA ASCII, however it was typed', () => {
    expect(personKey('ann@bücher.de')).toBe('ann@xn--bcher-kva.de')
    expect(personKey('ann@XN--BCHER-KVA.de')).toBe('ann@xn--bcher-kva.de')
    expect(personKey('ann@ｂüｃｈｅｒ。de')).toBe('ann@xn--bcher-kva.de')
  })
  it('folds Gmail after the domain is plain: g.mail in full width is Gmail', () => {
    expect(personKey('a.n.n@ｇｍａｉｌ.com')).toBe('ann@gmail.com')
  })
  it('keeps what is no host as written', () => {
    expect(personKey('ann@exa mple.com')).toBe('ann@exa mple.com')
    expect(personKey('no-at-sign')).toBe('no-at-sign')
  })
})

describe('mailboxAddress', () => {
  it('writes the domain as DNS reads it and keeps the local part as typed', () => {
    expect(mailboxAddress(' Ann.Lee+web@ｅxample.com. ')).toBe('Ann.Lee+web@example.com')
    expect(mailboxAddress('ann@Example..COM')).toBe('ann@example.com')
    expect(mailboxAddress('ａｎｎ＠bücher.de')).toBe('ann@xn--bcher-kva.de')
  })
})
