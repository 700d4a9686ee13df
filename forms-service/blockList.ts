import net from 'node:net'
import type { BlockKind } from '../contract/wire/blockList.js'
import { looksLikeEmail } from '../contract/wire/blockList.js'
import { personKey } from '../contract/booking/person.js'
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

/**
 * The value the block list keeps for what the admin typed, or null when it is no address of that kind:
 * an email by its personKey (so every spelling of it is blocked), a client address without a needless
 * `/32` or `/128`.
 */
export function blockValue(kind: BlockKind, typed: string): string | null {
  if (kind === 'email') return looksLikeEmail(typed) ? personKey(typed) : null
  const range = clientRange(typed)
  if (!range) return null
  return range.prefix === (range.family === 'ipv4' ? 32 : 128) ? range.address : `${range.address}/${range.prefix}`
}

/**
 * Whether a form from `email` (as sent, any spelling) and the client address `ip` is blocked: its
 * email's personKey is on the list, or its address is, exactly or within a range.
 */
export function isBlocked(blocks: readonly BlockRecord[], email: unknown, ip: string): boolean {
  if (blocks.length === 0) return false
  const key = typeof email === 'string' ? personKey(email) : null
  const ranges: Array<NonNullable<ReturnType<typeof clientRange>>> = []
  for (const block of blocks) {
    if (block.kind === 'email') {
      if (block.value === key) return true
      continue
    }
    const range = clientRange(block.value)
    if (range) ranges.push(range)
  }
  // Without an address on the list, no net.BlockList: making one for every form was a measurable part
  // of a subscription's time (docs/performance.md).
  if (ranges.length === 0) return false
  const clients = new net.BlockList()
  for (const range of ranges) clients.addSubnet(range.address, range.prefix, range.family)
  const client = plainIp(ip)
  const family = net.isIP(client)
  return family !== 0 && clients.check(client, family === 4 ? 'ipv4' : 'ipv6')
}
