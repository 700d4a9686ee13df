import { statusOf, countOverdue } from '../inboxQuery.js'
import type { OverviewData, OverviewLead, OverviewWindow } from '../overviewQuery.js'
import type { ConsultationRecord, ContactRecord, Data } from '../records.js'

/** The overview's records from the embedded store's tables: one pass over each, nothing sorted or copied whole. */
export function embeddedOverviewData(data: Data, window: OverviewWindow): OverviewData {
  const from = Date.parse(window.from)
  const to = Date.parse(window.to)
  const meetingsFrom = Date.parse(window.meetingsFrom)
  const lead = (record: ConsultationRecord | ContactRecord, at: number, service: string): OverviewLead => ({
    at,
    service,
    ...(record.statusChanges ? { statusChanges: record.statusChanges } : {}),
    ...(record.source ? { source: record.source } : {}),
  })
  const consultations: OverviewData['consultations'] = []
  for (const record of data.consultations) {
    const at = Date.parse(record.receivedAt)
    if (at < meetingsFrom || at >= to || statusOf(record) === 'spam') continue
    consultations.push({ ...lead(record, at, record.serviceInterest), ...(record.meeting ? { meeting: record.meeting } : {}) })
  }
  const contacts: OverviewLead[] = []
  for (const record of data.contacts) {
    const at = Date.parse(record.receivedAt)
    if (at >= from && at < to && statusOf(record) !== 'spam') contacts.push(lead(record, at, record.service))
  }
  const signUps: OverviewData['signUps'] = []
  for (const subscriber of data.newsletterSubscribers) {
    const at = Date.parse(subscriber.subscribedAt)
    if (at >= from && at < to) signUps.push(subscriber.source ? { at, source: subscriber.source } : { at })
  }
  const unsubscribes: number[] = []
  for (const recipient of data.recipients) {
    const at = recipient.suppressed === 'unsubscribed' && recipient.suppressedAt ? Date.parse(recipient.suppressedAt) : Number.NaN
    if (at >= from && at < to) unsubscribes.push(at)
  }
  const blocked: number[] = []
  for (const post of data.blockedPosts) {
    const at = Date.parse(post.receivedAt)
    if (at >= from && at < to) blocked.push(at)
  }
  return {
    consultations,
    contacts,
    signUps,
    unsubscribes,
    blocked,
    overdue: { consultations: countOverdue(data.consultations, window.overdueBefore), contacts: countOverdue(data.contacts, window.overdueBefore) },
  }
}
