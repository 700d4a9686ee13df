import net from 'node:net'
import type { BlockKind } from '../contract/wire/blockList.js'
import { looksLikeEmail } from '../contract/wire/blockList.js'
import { personKey } from '../contract/booking/person.js'
import { prefixes } from '../contract/wire/networks.js'
import type { BlockRecord } from './store/records.js'

// '::ffff:203.0.113.7' (an IPv4 client on a dual-stack socket) -> '203.0.113.7': blocked as written.
const plainIp = (ip: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip)

/** A client address or range as the block list keeps it, or null when it is neither: '203.0.113.0/24', '2001:db8::/32'. */
function clientRange(value: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = value.trim().split('/')
  const version = net.isIP(plainIp(address))
  if (version === 0 || extra !== undefined) return null
  const max = version === 4 ? 32 : 128
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1
  if (prefix < 0 || prefix > max) return null
  return { address: plainIp(address).toLowerCase(), prefix, family: version === 4 ? 'ipv4' : 'ipv6' }
}

/** Whether a range is at most one network (contract/wire/networks.ts): wider ones are refused, and never applied. */
const withinOneNetwork = (range: { prefix: number; family: 'ipv4' | 'ipv6' }) => range.prefix >= prefixes.network[range.family]

/**
 * The value the block list keeps for what the admin typed: an email by its personKey (so every spelling
 * of it is blocked), a client address without a needless `/32` or `/128`; 'invalid' when it is no address
 * of that kind, 'too-wide' for a range wider than one network.
 */
export function blockValue(kind: BlockKind, typed: string): string | 'invalid' | 'too-wide' {
  if (kind === 'email') return looksLikeEmail(typed) ? personKey(typed) : 'invalid'
  const range = clientRange(typed)
  if (!range) return 'invalid'
  if (!withinOneNetwork(range)) return 'too-wide'
  return range.prefix === (range.family === 'ipv4' ? 32 : 128) ? range.address : `${range.address}/${range.prefix}`
}

/**
 * The entry that blocks a form from `email` (as sent, any spelling) and the client address `ip` at
 * `now`, or null: its email's personKey is on the list, or its address is, exactly or within a range,
 * by an entry that has not ended.
 */
export function blockedBy(blocks: readonly BlockRecord[], email: unknown, ip: string, now: Date): BlockRecord | null {
  if (blocks.length === 0) return null
  const key = typeof email === 'string' ? personKey(email) : null
  const ranges: Array<{ block: BlockRecord; range: NonNullable<ReturnType<typeof clientRange>> }> = []
  const at = now.toISOString()
  for (const block of blocks) {
    if (block.expiresAt !== undefined && block.expiresAt <= at) continue
    if (block.kind === 'email') {
      if (block.value === key) return block
      continue
    }
    // A range wider than one network, stored before they were refused, is not applied: it would catch everyone.
    const range = clientRange(block.value)
    if (range && withinOneNetwork(range)) ranges.push({ block, range })
  }
  // Without an address on the list, no net.BlockList: making one for every form was a measurable part
  // of a subscription's time (docs/performance.md).
  if (ranges.length === 0) return null
  const client = plainIp(ip)
  const family = net.isIP(client) === 4 ? 'ipv4' : net.isIP(client) === 6 ? 'ipv6' : null
  if (!family) return null
  const within = (list: typeof ranges) => {
    const clients = new net.BlockList()
    for (const { range } of list) clients.addSubnet(range.address, range.prefix, range.family)
    return clients.check(client, family)
  }
  // One list answers whether; only a blocked form looks for the entry that caught it.
  return within(ranges) ? (ranges.find((one) => within([one]))?.block ?? null) : null
}
