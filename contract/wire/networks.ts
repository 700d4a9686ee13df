/**
 * How far one visitor reaches, as address prefixes. A client is an IPv4 address, or the IPv6 /64 a host
 * picks its addresses in (a phone takes a new one every day within it: ten addresses of one /64 are one
 * client). A network is an IPv4 /24, or the IPv6 /56 an ISP hands one customer (RFC 6177): a bot that
 * moves between the addresses of its network still counts as that network. The booking caps, the budgets
 * of emails to strangers and the block list read these (docs/decisions.md, "Clients and networks"); the
 * admin's block screen names the widest block from them.
 */
export const prefixes = {
  client: { ipv4: 32, ipv6: 64 },
  network: { ipv4: 24, ipv6: 56 },
} as const

export type Reach = keyof typeof prefixes
