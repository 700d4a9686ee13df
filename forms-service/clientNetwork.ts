import { createHmac } from 'node:crypto'
import ipaddr from 'ipaddr.js'
import { prefixes, type Reach } from '../contract/wire/networks.js'
import type { EmailRecord } from '../contract/wire/records.js'

/**
 * The client or network of `ip` as a prefix, or null when `ip` is no address (a test's empty `ctx.ip`):
 * '203.0.113.77' -> '203.0.113.77' (client), '203.0.113.0/24' (network); '2001:db8:1:2::9' ->
 * '2001:db8:1:2::/64', '2001:db8:1::/56'. An IPv4 client on a dual-stack socket (`::ffff:203.0.113.77`)
 * is that IPv4 address.
 */
export function prefixOf(ip: string, reach: Reach): string | null {
  if (!ipaddr.isValid(ip)) return null
  const address = ipaddr.process(ip)
  const bits = prefixes[reach][address.kind()]
  if (address.kind() === 'ipv4' && bits === 32) return address.toString()
  const network =
    address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${address}/${bits}`) : ipaddr.IPv6.networkAddressFromCIDR(`${address}/${bits}`)
  return `${network}/${bits}`
}

/**
 * The client and network a request came from, as keyed hashes (HMAC with the service's secret): what a
 * booking and the emails it queues keep, never the address. A copy of the data tells no one where a
 * visitor was; a new secret starts every count afresh.
 */
export type ClientKeys = NonNullable<EmailRecord['queuedFrom']>

/** A keyed hash of a prefix. The client's is the one bookings kept before networks were counted (an IPv4 address as it was). */
const keyOf = (secret: string, prefix: string) => createHmac('sha256', secret).update(`client-address:${prefix}`).digest('base64url')

/** The keys of `ip` (`ctx.ip`, which reads X-Forwarded-For only with TRUST_PROXY); undefined when it is no address. */
export function clientKeys(secret: string, ip: string): ClientKeys | undefined {
  const client = prefixOf(ip, 'client')
  const network = prefixOf(ip, 'network')
  return client && network ? { client: keyOf(secret, client), network: keyOf(secret, network) } : undefined
}

/**
 * Ranges no visitor's network is: the machine itself, private and link-local networks, carrier-grade NAT
 * (a whole ISP's customers behind one address). Without TRUST_PROXY a proxy's own address is every
 * visitor's, so a network of these is never kept for blocking: one click would block everyone.
 */
const sharedRanges = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'unspecified', 'carrierGradeNat'])

/** The network of `ip` as a prefix the admin may block (prefixOf), or null for no address or one of sharedRanges. */
export function blockableNetwork(ip: string): string | null {
  if (!ipaddr.isValid(ip) || sharedRanges.has(ipaddr.process(ip).range())) return null
  return prefixOf(ip, 'network')
}
