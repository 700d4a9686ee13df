import { personKeysOf, type PersonKeys } from '../../../contract/booking/person.js'
import type { InboxRecord } from '../../../contract/wire/records.js'

type Key = `${'email' | 'phone'}:${string}`

/**
 * The embedded store's people: record ids by folded address and by phone key (contract/booking/person.ts), kept
 * by Tables with every insert and delete, so that one person's records are found without a scan.
 */
export class PersonIndex {
  private readonly ids = new Map<Key, Set<string>>()

  add(record: InboxRecord): void {
    for (const key of keysOf(record)) {
      const set = this.ids.get(key) ?? new Set<string>()
      set.add(record.id)
      this.ids.set(key, set)
    }
  }

  remove(record: InboxRecord): void {
    for (const key of keysOf(record)) {
      const set = this.ids.get(key)
      set?.delete(record.id)
      if (set?.size === 0) this.ids.delete(key)
    }
  }

  /** The ids of records with either key. */
  find(keys: PersonKeys): Set<string> {
    const found = new Set(this.ids.get(`email:${keys.email}`) ?? [])
    if (keys.phone) for (const id of this.ids.get(`phone:${keys.phone}`) ?? []) found.add(id)
    return found
  }
}

function keysOf(record: InboxRecord): Key[] {
  const { email, phone } = personKeysOf(record)
  return phone ? [`email:${email}`, `phone:${phone}`] : [`email:${email}`]
}
