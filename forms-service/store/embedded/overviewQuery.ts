import { countOverdue, receivedBetween } from '../inboxQuery.js'
import type { OverviewData, OverviewWindow } from '../overviewQuery.js'
import type { Data } from '../records.js'

const within = (iso: string | undefined, from: number, to: number) => {
  const at = iso === undefined ? Number.NaN : Date.parse(iso)
  return at >= from && at < to
}

/** The overview's records from the embedded store's tables: one pass over each. */
export function embeddedOverviewData(data: Data, window: OverviewWindow): OverviewData {
  const from = Date.parse(window.from)
  const to = Date.parse(window.to)
  return {
    consultations: receivedBetween(data.consultations, window.meetingsFrom, window.to),
    contacts: receivedBetween(data.contacts, window.from, window.to),
    signUps: data.newsletterSubscribers
      .filter((subscriber) => within(subscriber.subscribedAt, from, to))
      .map(({ subscribedAt, source }) => (source ? { subscribedAt, source } : { subscribedAt })),
    unsubscribes: data.recipients
      .filter((recipient) => recipient.suppressed === 'unsubscribed' && within(recipient.suppressedAt, from, to))
      .map((recipient) => recipient.suppressedAt!),
    overdue: { consultations: countOverdue(data.consultations, window.overdueBefore), contacts: countOverdue(data.contacts, window.overdueBefore) },
  }
}
