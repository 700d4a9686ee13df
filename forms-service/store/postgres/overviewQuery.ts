import type { LeadSource } from '../../../contract/source.js'
import type { InboxCollection } from '../inboxQuery.js'
import type { OverviewData, OverviewWindow } from '../overviewQuery.js'
import type { ConsultationRecord, ContactRecord } from '../records.js'

/** What the overview reads of the PostgreSQL store: its own queries, and one for plain rows. */
export interface OverviewReads {
  receivedBetween(collection: 'consultations', from: string, to: string): Promise<ConsultationRecord[]>
  receivedBetween(collection: 'contacts', from: string, to: string): Promise<ContactRecord[]>
  countOverdue(collection: InboxCollection, before: string): Promise<number>
  rows<T>(sql: string, params: unknown[]): Promise<T[]>
}

/** The overview's records from PostgreSQL, by indexed ranges (received_at, subscribed_at). */
export async function postgresOverviewData(reads: OverviewReads, window: OverviewWindow): Promise<OverviewData> {
  const [consultations, contacts, signUps, unsubscribes, overdueConsultations, overdueContacts] = await Promise.all([
    reads.receivedBetween('consultations', window.meetingsFrom, window.to),
    reads.receivedBetween('contacts', window.from, window.to),
    reads.rows<{ subscribed_at: Date; source: LeadSource | null }>(
      'SELECT subscribed_at, source FROM newsletter_subscribers WHERE subscribed_at >= $1 AND subscribed_at < $2 ORDER BY subscribed_at',
      [window.from, window.to],
    ),
    reads.rows<{ suppressed_at: Date }>(
      `SELECT suppressed_at FROM mail_recipients WHERE suppressed = 'unsubscribed' AND suppressed_at >= $1 AND suppressed_at < $2`,
      [window.from, window.to],
    ),
    reads.countOverdue('consultations', window.overdueBefore),
    reads.countOverdue('contacts', window.overdueBefore),
  ])
  return {
    consultations,
    contacts,
    signUps: signUps.map((row) => ({ subscribedAt: row.subscribed_at.toISOString(), ...(row.source ? { source: row.source } : {}) })),
    unsubscribes: unsubscribes.map((row) => row.suppressed_at.toISOString()),
    overdue: { consultations: overdueConsultations, contacts: overdueContacts },
  }
}
