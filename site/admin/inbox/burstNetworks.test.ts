import { expect, test } from 'vitest'
import { burstNetworks } from './burstNetworks'

test('the networks of the selected leads, most first; a lead without one is not counted', () => {
  const leads = ['2001:db8:1::/56', '203.0.113.0/24', undefined, '198.51.100.0/24', '203.0.113.0/24', '2001:db8:1::/56', '203.0.113.0/24']
  expect(burstNetworks(leads, (lead) => lead)).toEqual([
    { prefix: '203.0.113.0/24', count: 3 },
    { prefix: '2001:db8:1::/56', count: 2 },
    { prefix: '198.51.100.0/24', count: 1 },
  ])
})

test('as many leads from each: by prefix, whatever the order of selection', () => {
  const order = (leads: string[]) => burstNetworks(leads, (lead) => lead).map((network) => network.prefix)
  expect(order(['203.0.113.0/24', '198.51.100.0/24'])).toEqual(['198.51.100.0/24', '203.0.113.0/24'])
  expect(order(['198.51.100.0/24', '203.0.113.0/24'])).toEqual(['198.51.100.0/24', '203.0.113.0/24'])
})

test('leads stored before networks were kept, or messages: none', () => {
  expect(burstNetworks([{}, {}], () => undefined)).toEqual([])
})
