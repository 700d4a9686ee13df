import { describe, expect, it } from 'vitest'
import { blockValue, blockedBy } from './blockList.js'
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
    expect(blockValue('email', 'not an address')).toBe('invalid')
    expect(blockValue('client', '203.0.113.7/32')).toBe('203.0.113.7')
    expect(blockValue('client', '::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(blockValue('client', '2001:DB8:1:200::/56')).toBe('2001:db8:1:200::/56')
    for (const wrong of ['203.0.113.0/33', '2001:db8::/129', '203.0.113.0/24/1', '203.0.113', 'example.com', '203.0.113.0/x'])
      expect(blockValue('client', wrong)).toBe('invalid')
  })

  it('refuses a range wider than one network (an IPv4 /24, an IPv6 /56): a typo must not block every visitor', () => {
    expect(blockValue('client', '203.0.113.0/24')).toBe('203.0.113.0/24')
    for (const wide of ['0.0.0.0/0', '203.0.113.0/1', '203.0.0.0/16', '203.0.112.0/23', '::/0', '2001:db8::/32', '2001:db8::/55'])
      expect(blockValue('client', wide)).toBe('too-wide')
  })
})

describe('blockedBy', () => {
  const now = new Date('2026-12-02T12:00:00.000Z')
  const blocks = [entry('email', 'annlee@gmail.com'), entry('client', '203.0.113.0/24'), entry('client', '2001:db8::/56')]

  it('matches every spelling of a blocked email, and client addresses within a range, IPv4 as an IPv6 socket reports it too', () => {
    expect(blockedBy(blocks, 'Ann.Lee+x@gmail.com', '198.51.100.1', now)).toBe(blocks[0])
    expect(blockedBy(blocks, 'bob@example.com', '203.0.113.200', now)).toBe(blocks[1])
    expect(blockedBy(blocks, 'bob@example.com', '::ffff:203.0.113.200', now)).toBe(blocks[1])
    expect(blockedBy(blocks, undefined, '2001:db8:0:5::5', now)).toBe(blocks[2])
  })

  it('does not apply a range wider than one network that was stored before such ranges were refused', () => {
    for (const wide of ['0.0.0.0/0', '0.0.0.0/1', '::/0']) expect(blockedBy([entry('client', wide)], 'bob@example.com', '198.51.100.1', now)).toBeNull()
    expect(blockedBy([entry('client', '::/0')], 'bob@example.com', '2001:db8::1', now)).toBeNull()
  })

  it('applies a block for a time until its end only', () => {
    const timed = { ...entry('client', '203.0.113.0/24'), expiresAt: '2026-12-09T12:00:00.000Z' }
    expect(blockedBy([timed], 'bob@example.com', '203.0.113.5', now)).toBe(timed)
    expect(blockedBy([timed], 'bob@example.com', '203.0.113.5', new Date('2026-12-09T12:00:00.000Z'))).toBeNull()
  })

  it('lets everyone else through, whatever the form sent as its email', () => {
    expect(blockedBy(blocks, 'bob@example.com', '203.0.114.1', now)).toBeNull()
    expect(blockedBy(blocks, 42, '2001:db9::1', now)).toBeNull()
    expect(blockedBy([], 'annlee@gmail.com', 'not an ip', now)).toBeNull()
  })
})
