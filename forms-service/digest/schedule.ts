import { addDays, isWorkingDay, minutesOfClock, zonedDate, zonedInstant, type BookingSettings, type ClosedDays } from '../../contract/booking/booking.js'
import type { FormStore } from '../store/formStore.js'
import { digestKind } from '../store/records.js'

// The agency's morning digest: on each working day at `digestAt` in `digestZone` (content/booking.json),
// the leads that arrived since the previous working day's digest, the overdue ones and the day's meetings.

/** What the digest's days depend on: the settings, the closed days and the clock. */
export interface DigestRules {
  settings: Pick<BookingSettings, 'digestAt' | 'digestZone'>
  closedDays: ClosedDays
  now: () => Date
}

/** The instant the digest of `date` is due: `digestAt` that day in `digestZone`, whatever the offset is that day. */
export const digestDue = (date: string, settings: DigestRules['settings']): Date => zonedInstant(date, minutesOfClock(settings.digestAt), settings.digestZone)

/**
 * What the digest of `date` covers. "New since the last digest" is every lead received from the previous
 * working day's digest time up to this one's: Monday's covers Friday 8:00 to Monday 8:00, the day after a
 * closed day reaches back over it. The windows follow one another without gap or overlap whether or
 * not each digest went out, so no lead is counted twice; a lead that falls in a digest that was never
 * sent (the service down at that hour) is still in the next one's overdue list while it is New.
 */
export function digestWindow(date: string, rules: Pick<DigestRules, 'settings' | 'closedDays'>): { from: Date; to: Date; previous: string } {
  let previous = addDays(date, -1)
  // A year without a working day is a content mistake; stop rather than loop for ever.
  for (let i = 0; i < 366 && !isWorkingDay(previous, rules.closedDays); i++) previous = addDays(previous, -1)
  return { from: digestDue(previous, rules.settings), to: digestDue(date, rules.settings), previous }
}

/**
 * Queues the digests of the next three working days in `digestZone` (today's among them while its time
 * is ahead), each at `digestAt` (one already queued for a later hour moves to it), through the outbox: durable, and sent once however many replicas or
 * schedulers queue it (the store keeps one of a kind per day). A service started on a Friday afternoon
 * thus has Monday's queued. A digest whose time has passed is not queued: the morning's email is not sent
 * in the afternoon (a service down at that hour, or started for the first time).
 */
export async function queueDigests(store: FormStore, rules: DigestRules): Promise<void> {
  const now = rules.now()
  let date = zonedDate(now, rules.settings.digestZone)
  for (let queued = 0, i = 0; queued < 3 && i < 366; i++, date = addDays(date, 1)) {
    if (!isWorkingDay(date, rules.closedDays)) continue
    const due = digestDue(date, rules.settings)
    if (due.getTime() <= now.getTime()) continue
    await store.queueDayEmail(digestKind, date, due.toISOString())
    queued++
  }
}

/**
 * Queues the digests now and every hour until stopped; a failure is logged and tried again the next hour.
 * When `digestAt` or `digestZone` changes (content/booking.json, followed while the service runs), they
 * are queued again at once, which moves the ones already queued to the new hour.
 */
export function scheduleDigests(store: FormStore, rules: DigestRules, onError: (error: Error) => void): () => void {
  const hourOf = () => `${rules.settings.digestAt} ${rules.settings.digestZone}`
  let hour = hourOf()
  const run = () => {
    hour = hourOf()
    void queueDigests(store, rules).catch(onError)
  }
  run()
  const timer = setInterval(run, 3_600_000).unref()
  // The settings are read again within a second of a save (followedContent.ts); a look costs a comparison.
  const follow = setInterval(() => hourOf() !== hour && run(), 1000).unref()
  return () => {
    clearInterval(timer)
    clearInterval(follow)
  }
}
