import type { InboxStatus } from '../../contract/inbox.js'
import type { InboxRecord } from '../../contract/records.js'

/** The two inboxes of the admin: consultation requests and contact messages. */
export type InboxCollection = 'consultations' | 'contacts'
export type { InboxRecord }

export interface ListQuery {
  status?: InboxStatus
  /** Matched, ignoring case, against name, business, email and phone (phone also by its digits alone). */
  q?: string
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

/** What a search looks in: name, business, email and phone in lower case, and the phone's digits. */
export function haystackOf(record: InboxRecord): { text: string; digits: string } {
  let haystack = haystacks.get(record)
  if (!haystack) {
    const fields =
      'contactName' in record
        ? [record.contactName, record.businessName, record.email, record.phone]
        : [record.name, record.business, record.email, record.phone]
    haystack = { text: fields.join('\n').toLowerCase(), digits: record.phone.replace(/\D/g, '') }
    haystacks.set(record, haystack)
  }
  return haystack
}

/**
 * What a search text looks for: the text in lower case, and its digits when it is mostly a phone
 * number ('(214) 555' finds the phone 214-555-0142; 'ann' finds Ann Lee). `null`: no search.
 */
export function searchTerms(q: string | undefined): { text: string; digits: string | null } | null {
  const text = q?.trim().toLowerCase()
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

/** Newest first, filtered and paged. One pass over the records: 100,000 take a few milliseconds. */
export function listRecords<T extends InboxRecord>(records: readonly T[], query: ListQuery): Page<T> {
  const matches = matcher(query.q)
  return newestFirst(records, (record) => (!query.status || statusOf(record) === query.status) && (!matches || matches(record)), query)
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
  const counts = { new: 0, contacted: 0, closed: 0 }
  for (const record of records) counts[statusOf(record)]++
  return counts
}
