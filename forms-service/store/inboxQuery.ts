import type { InboxSort, InboxStatus } from '../../contract/wire/inbox.js'
import type { InboxRecord } from '../../contract/wire/records.js'

/** The two inboxes of the admin: consultation requests and contact messages. */
export type InboxCollection = 'consultations' | 'contacts'
export type { InboxRecord }

export interface ListQuery {
  /** Without one, every status but spam. */
  status?: InboxStatus
  /** 'received' (the default): newest first; 'requested': by requested date, soonest first; 'overdue': overdue leads first. */
  sort?: InboxSort
  /** Leads still new that arrived at or before this instant are overdue (for `sort: 'overdue'`). */
  overdueBefore?: string
  /** Matched, ignoring case and accents, against name, business, email and phone (phone also by its digits alone). */
  q?: string
  /** Only the leads of this person (an account's id). */
  owner?: string
  offset: number
  limit: number
}

export interface Page<T> {
  items: T[]
  total: number
}

export const statusOf = (record: InboxRecord): InboxStatus => record.status ?? 'new'

// The text a search looks in, made once per record version (records are replaced, never changed).
const haystacks = new WeakMap<InboxRecord, { text: string; digits: string }>()

/**
 * Text as a search compares it: lower case, without accents ('Hernández' and 'HERNANDEZ' both read
 * 'hernandez', 'Ñandú' reads 'nandu'). Canonical decomposition (NFD) splits each accented letter into
 * its base letter and combining marks, which are dropped. Done by the service on both stores, so
 * PostgreSQL needs no extension (its stored `search` column holds this form).
 */
export const folded = (text: string): string => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')

/** What a search looks in: name, business, email and phone, folded, and the phone's digits. */
export function haystackOf(record: InboxRecord): { text: string; digits: string } {
  let haystack = haystacks.get(record)
  if (!haystack) {
    const fields =
      'contactName' in record
        ? [record.contactName, record.businessName, record.email, record.phone]
        : [record.name, record.business, record.email, record.phone]
    haystack = { text: folded(fields.join('\n')), digits: record.phone.replace(/\D/g, '') }
    haystacks.set(record, haystack)
  }
  return haystack
}

/**
 * What a search text looks for: the text folded (lower case, no accents), and its digits when it is mostly a phone
 * number ('(214) 555' finds the phone 214-555-0142; 'ann' finds Ann Lee). `null`: no search.
 */
export function searchTerms(q: string | undefined): { text: string; digits: string | null } | null {
  const text = q === undefined ? undefined : folded(q.trim())
  if (!text) return null
  const digits = text.replace(/\D/g, '')
  return { text, digits: digits.length >= 3 && /^[\d\s().+-]+$/.test(text) ? digits : null }
}

function matcher(q: string | undefined): ((record: InboxRecord) => boolean) | null {
  const terms = searchTerms(q)
  if (!terms) return null
  return (record) => {
    const haystack = haystackOf(record)
    return haystack.text.includes(terms.text) || (terms.digits !== null && haystack.digits.includes(terms.digits))
  }
}

/** Filtered, ordered and paged. One pass over the records: 100,000 take a few milliseconds. */
export function listRecords<T extends InboxRecord>(records: readonly T[], query: ListQuery): Page<T> {
  const matches = matcher(query.q)
  const keep = (record: T) =>
    (query.status ? statusOf(record) === query.status : statusOf(record) !== 'spam') &&
    (query.owner === undefined || record.owner === query.owner) &&
    (!matches || matches(record))
  const sort = query.sort ?? 'received'
  if (sort === 'received') return newestFirst(records, keep, query)
  // The other orders: the matches, newest first, then stably sorted.
  const all = newestFirst(records, keep, { offset: 0, limit: Number.MAX_SAFE_INTEGER }).items
  if (sort === 'requested') {
    // Soonest requested date first; messages have none and keep their order.
    const dateOf = (record: T) => ('date' in record ? record.date : '')
    all.sort((a, b) => dateOf(a).localeCompare(dateOf(b)))
  } else {
    const before = query.overdueBefore ?? ''
    const overdue = (record: T) => (statusOf(record) === 'new' && record.receivedAt <= before ? 0 : 1)
    all.sort((a, b) => overdue(a) - overdue(b))
  }
  return { items: all.slice(query.offset, query.offset + query.limit), total: all.length }
}

/** The leads still new that arrived at or before `before` (an ISO instant). */
export const countOverdue = (records: readonly InboxRecord[], before: string): number =>
  records.reduce((n, record) => n + (statusOf(record) === 'new' && record.receivedAt <= before ? 1 : 0), 0)

/** The records received in [from, to) (ISO instants), oldest first: every status but spam, or only `status`. */
export function receivedBetween<T extends InboxRecord>(records: readonly T[], from: string, to: string, status?: InboxStatus): T[] {
  const from_ = Date.parse(from)
  const to_ = Date.parse(to)
  return records
    .filter((record) => {
      const at = Date.parse(record.receivedAt)
      return at >= from_ && at < to_ && (status ? statusOf(record) === status : statusOf(record) !== 'spam')
    })
    .sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt))
}

/** The same person's records: the address in any letter case, newest first. */
export function byAddress<T extends InboxRecord>(records: readonly T[], email: string): T[] {
  const key = email.trim().toLowerCase()
  const found: T[] = []
  for (let i = records.length - 1; i >= 0; i--) if (records[i]!.email.trim().toLowerCase() === key) found.push(records[i]!)
  return found
}

/** The page of `records` (oldest first in memory) that `keep` accepts, newest first, with their count. */
export function newestFirst<T>(records: readonly T[], keep: (record: T) => boolean, page: { offset: number; limit: number }): Page<T> {
  const items: T[] = []
  let total = 0
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!
    if (!keep(record)) continue
    if (total >= page.offset && items.length < page.limit) items.push(record)
    total++
  }
  return { items, total }
}

/** How many records are in each status. */
export function countByStatus(records: readonly InboxRecord[]): Record<InboxStatus, number> {
  const counts = { new: 0, contacted: 0, closed: 0, spam: 0 }
  for (const record of records) counts[statusOf(record)]++
  return counts
}
