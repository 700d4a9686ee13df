import { describe, expect, it } from 'vitest'
import { blockValue, isBlocked } from './blockList.js'
import type { BlockRecord } from './store/records.js'

const entry = (kind: BlockRecord['kind'], value: string): BlockRecord => ({
  id: value,
  kind,
  value,
  reason: '',
  by: 'admin',
  createdAt: '2026-11-01T12:00:00.000Z',
})

describe('blockValue', () => {
  it('keeps an email as one person’s address and a client address in one spelling', () => {
    expect(blockValue('email', ' Ann.Lee+ads@GoogleMail.com ')).toBe('annlee@gmail.com')
    expect(blockValue('email', 'not an address')).toBeNull()
    expect(blockValue('client', '203.0.113.7/32')).toBe('203.0.113.7')
    expect(blockValue('client', '::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(blockValue('client', '2001:DB8::/32')).toBe('2001:db8::/32')
    for (const wrong of ['203.0.113.0/33', '2001:db8::/129', '203.0.113.0/24/1', '203.0.113', 'example.com', '203.0.113.0/x'])
      expect(blockValue('client', wrong)).toBeNull()
  })
})

describe('isBlocked', () => {
  const blocks = [entry('email', 'annlee@gmail.com'), entry('client', '203.0.113.0/24'), entry('client', '2001:db8::/32')]

  it('matches every spelling of a blocked email, and client addresses within a range, IPv4 as an IPv6 socket reports it too', () => {
    expect(isBlocked(blocks, 'Ann.Lee+x@gmail.com', '198.51.100.1')).toBe(true)
    expect(isBlocked(blocks, 'bob@example.com', '203.0.113.200')).toBe(true)
    expect(isBlocked(blocks, 'bob@example.com', '::ffff:203.0.113.200')).toBe(true)
    expect(isBlocked(blocks, undefined, '2001:db8:1::5')).toBe(true)
  })

  it('lets everyone else through, whatever the form sent as its email', () => {
    expect(isBlocked(blocks, 'bob@example.com', '203.0.114.1')).toBe(false)
    expect(isBlocked(blocks, 42, '2001:db9::1')).toBe(false)
    expect(isBlocked([], 'annlee@gmail.com', 'not an ip')).toBe(false)
  })
})
