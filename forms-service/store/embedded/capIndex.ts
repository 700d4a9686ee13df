import { visitorMayChange } from '../../../contract/booking/booking.js'
import { personKey } from '../../../contract/booking/person.js'
import { statusOf } from '../inboxQuery.js'
import { addressCapMs, type BookingCap, type BookingCaps } from '../meetings.js'
import { capRefusal } from '../plans.js'
import type { ConsultationRecord } from '../records.js'

/** The keys a booking counts under besides its person: its client's and its network's. */
const reachKeys = ({ clientKey, networkKey }: { clientKey?: string | undefined; networkKey?: string | undefined }) => [
  ...(clientKey ? [`client:${clientKey}`] : []),
  ...(networkKey ? [`network:${networkKey}`] : []),
]

/**
 * The embedded store's view of the booking caps: each person's requests with a meeting, each client
 * key's and network key's requests oldest first, and the bookings being written. Only the single writer
 * changes it, in the same synchronous step as the meeting's cells, so parallel requests cannot all pass a cap.
 */
export class CapIndex {
  /** personKey -> requests of that person that have a meeting. */
  private readonly people = new Map<string, Set<string>>()
  /** 'client:<clientKey>' and 'network:<networkKey>' -> its requests, oldest first. */
  private readonly clients = new Map<string, string[]>()
  /** Bookings held but not yet durable, by 'person:<key>', 'client:<key>' and 'network:<key>'. */
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
    for (const key of reachKeys(record)) {
      const list = this.clients.get(key) ?? []
      list.push(record.id)
      this.clients.set(key, list)
    }
  }

  /** Which cap a booking at `now` would break, counting the ones being written; null when it passes both. */
  refusal(caps: BookingCaps, now: Date): BookingCap | null {
    const ahead = [...(caps.perPerson > 0 ? (this.people.get(caps.person) ?? []) : [])].filter((id) => {
      const meeting = this.get(id)?.meeting
      return meeting !== undefined && visitorMayChange(meeting, now)
    }).length
    const today = caps.clientKey && caps.perAddress > 0 ? this.today(`client:${caps.clientKey}`, now) : 0
    const network = caps.networkKey && caps.perNetwork > 0 ? this.today(`network:${caps.networkKey}`, now) : 0
    return capRefusal(caps, { ahead: ahead + this.count(`person:${caps.person}`), today, network })
  }

  /** Counts a booking as made while it is written; the function given back lets it go (then `track` it if it was stored). */
  hold(caps: BookingCaps): () => void {
    const keys = [`person:${caps.person}`, ...reachKeys(caps)]
    for (const key of keys) this.pending.set(key, this.count(key) + 1)
    return () => {
      for (const key of keys) {
        const left = this.count(key) - 1
        if (left > 0) this.pending.set(key, left)
        else this.pending.delete(key)
      }
    }
  }

  /**
   * Requests of `key` ('client:…' or 'network:…') received in the last 24 hours, with the ones being
   * written; older or erased ones are dropped from the list. One the agency marked Spam counts no more:
   * the honest visitor who shares the network afterwards is not refused for the bot's bookings.
   */
  private today(key: string, now: Date): number {
    const since = now.getTime() - addressCapMs
    const live = (this.clients.get(key) ?? []).filter((id) => {
      const record = this.get(id)
      return record !== undefined && Date.parse(record.receivedAt) > since
    })
    if (live.length > 0) this.clients.set(key, live)
    else this.clients.delete(key)
    return live.filter((id) => statusOf(this.get(id)!) !== 'spam').length + this.count(key)
  }

  private count(key: string): number {
    return this.pending.get(key) ?? 0
  }
}
