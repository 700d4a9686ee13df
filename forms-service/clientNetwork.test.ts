import { describe, expect, it } from 'vitest'
import { blockableNetwork, clientKeys, prefixOf } from './clientNetwork.js'

describe('prefixOf', () => {
  it('an IPv4 client is its address, its network the /24', () => {
    expect(prefixOf('203.0.113.77', 'client')).toBe('203.0.113.77')
    expect(prefixOf('203.0.113.77', 'network')).toBe('203.0.113.0/24')
  })
  it('an IPv6 client is its /64, its network the /56', () => {
    expect(prefixOf('2001:db8:1:2:aaaa::9', 'client')).toBe('2001:db8:1:2::/64')
    expect(prefixOf('2001:DB8:1:2ff:bbbb::1', 'network')).toBe('2001:db8:1:200::/56')
  })
  it('reads an IPv4 client on a dual-stack socket as IPv4', () => {
    expect(prefixOf('::ffff:203.0.113.77', 'client')).toBe('203.0.113.77')
  })
  it('is null for what is no address', () => {
    expect(prefixOf('', 'client')).toBeNull()
    expect(prefixOf('not-an-ip', 'network')).toBeNull()
  })
})

describe('clientKeys', () => {
  const secret = 'a-secret-of-the-service-for-this-test'
  it('gives ten addresses of one /64 one client key, and two /64s of one /56 one network key', () => {
    const ones = Array.from({ length: 10 }, (_, i) => clientKeys(secret, `2001:db8:1:2::${i + 1}`))
    expect(new Set(ones.map((keys) => keys?.client)).size).toBe(1)
    const [a, b] = [clientKeys(secret, '2001:db8:1:2::1'), clientKeys(secret, '2001:db8:1:3::1')]
    expect(a?.client).not.toBe(b?.client)
    expect(a?.network).toBe(b?.network)
  })
  it('never holds the address itself', () => {
    const keys = clientKeys(secret, '203.0.113.77')!
    expect(JSON.stringify(keys)).not.toContain('203.0.113')
    expect(keys.client).not.toBe(keys.network)
  })
})

describe('blockableNetwork', () => {
  it('is the network of a public address, and none of the machine, a private network or carrier-grade NAT (a proxy without TRUST_PROXY)', () => {
    expect(blockableNetwork('203.0.113.77')).toBe('203.0.113.0/24')
    expect(blockableNetwork('2607:f8b0:4005:80a::200e')).toBe('2607:f8b0:4005:800::/56')
    for (const shared of ['127.0.0.1', '::ffff:127.0.0.1', '::1', '10.1.2.3', '192.168.1.10', '100.64.7.1', 'fd00::1', 'fe80::1', '']) {
      expect(blockableNetwork(shared)).toBeNull()
    }
  })
})
