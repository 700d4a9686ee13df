import { visitorMayChange } from '../../../contract/booking/booking.js'
import { personKey } from '../../../contract/booking/person.js'
import { addressCapMs, type BookingCaps } from '../meetings.js'
import { capRefusal } from '../plans.js'
import type { ConsultationRecord } from '../records.js'

/**
 * The embedded store's view of the booking caps: each person's requests with a meeting, each client
 * key's requests oldest first, and the bookings being written. Only the single writer changes it, in
 * the same synchronous step as the meeting's cells, so parallel requests cannot all pass a cap.
 */
export class CapIndex {
  /** personKey -> requests of that person that have a meeting. */
  private readonly people = new Map<string, Set<string>>()
  /** clientKey -> its requests, oldest first. */
  private readonly clients = new Map<string, string[]>()
  /** Bookings held but not yet durable, by 'person:<key>' and 'client:<key>'. */
  private readonly pending = new Map<string, number>()

  constructor(
    private readonly get: (requestId: string) => ConsultationRecord | undefined,
    records: Iterable<ConsultationRecord>,
  ) {
    for (const record of records) this.track(record)
  }

  track(record: ConsultationRecord): void {
    if (!record.meeting) return
    const person = personKey(record.email)
    const requests = this.people.get(person) ?? new Set<string>()
    requests.add(record.id)
    this.people.set(person, requests)
    if (record.clientKey) {
      const list = this.clients.get(record.clientKey) ?? []
      list.push(record.id)
      this.clients.set(record.clientKey, list)
    }
  }

  /** Which cap a booking at `now` would break, counting the ones being written; null when it passes both. */
  refusal(caps: BookingCaps, now: Date): 'person' | 'address' | null {
    const ahead = [...(caps.perPerson > 0 ? (this.people.get(caps.person) ?? []) : [])].filter((id) => {
      const meeting = this.get(id)?.meeting
      return meeting !== undefined && visitorMayChange(meeting, now)
    }).length
    const today = caps.clientKey && caps.perAddress > 0 ? this.today(caps.clientKey, now) + this.count(`client:${caps.clientKey}`) : 0
    return capRefusal(caps, { ahead: ahead + this.count(`person:${caps.person}`), today })
  }

  /** Counts a booking as made while it is written; the function given back lets it go (then `track` it if it was stored). */
  hold(caps: BookingCaps): () => void {
    const keys = [`person:${caps.person}`, ...(caps.clientKey ? [`client:${caps.clientKey}`] : [])]
    for (const key of keys) this.pending.set(key, this.count(key) + 1)
    return () => {
      for (const key of keys) {
        const left = this.count(key) - 1
        if (left > 0) this.pending.set(key, left)
        else this.pending.delete(key)
      }
    }
  }

  /** Requests of `clientKey` received in the last 24 hours; older or erased ones are dropped from the list. */
  private today(clientKey: string, now: Date): number {
    const since = now.getTime() - addressCapMs
    const live = (this.clients.get(clientKey) ?? []).filter((id) => {
      const record = this.get(id)
      return record !== undefined && Date.parse(record.receivedAt) > since
    })
    if (live.length > 0) this.clients.set(clientKey, live)
    else this.clients.delete(clientKey)
    return live.length
  }

  private count(key: string): number {
    return this.pending.get(key) ?? 0
  }
}
