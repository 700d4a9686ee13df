import type { Meeting } from '../../../contract/booking/booking.js'
import type { LeadSource } from '../../../contract/wire/source.js'
import type { InboxCollection } from '../inboxQuery.js'
import type { OverviewData, OverviewLead, OverviewWindow } from '../overviewQuery.js'
import { meetingOf, type MeetingRow } from './meetings.js'

/** What the overview reads of the PostgreSQL store: its count of overdue leads, and plain rows. */
export interface OverviewReads {
  countOverdue(collection: InboxCollection, before: string): Promise<number>
  rows<T>(sql: string, params: unknown[]): Promise<T[]>
}

type LeadRow = { id: string; received_at: Date; status_changes: OverviewLead['statusChanges']; source: LeadSource | null; service: string }

const lead = (row: LeadRow): OverviewLead => ({
  at: row.received_at.getTime(),
  service: row.service,
  ...(row.status_changes && row.status_changes.length > 0 ? { statusChanges: row.status_changes } : {}),
  ...(row.source ? { source: row.source } : {}),
})

/** The overview's records from PostgreSQL, by indexed ranges (received_at, subscribed_at): only the columns it reads. */
export async function postgresOverviewData(reads: OverviewReads, window: OverviewWindow): Promise<OverviewData> {
  const leads = (table: string, service: string, from: string) =>
    reads.rows<LeadRow>(
      `SELECT id, received_at, status_changes, fields->'source' AS source, fields->>'${service}' AS service FROM ${table}
       WHERE received_at >= $1 AND received_at < $2 AND status <> 'spam'`,
      [from, window.to],
    )
  const [consultations, meetings, contacts, signUps, unsubscribes, blocked, overdueConsultations, overdueContacts] = await Promise.all([
    leads('consultations', 'serviceInterest', window.meetingsFrom),
    reads.rows<MeetingRow>(
      `SELECT m.* FROM meetings m JOIN consultations c ON c.id = m.request_id
       WHERE c.received_at >= $1 AND c.received_at < $2 AND c.status <> 'spam'`,
      [window.meetingsFrom, window.to],
    ),
    leads('contacts', 'service', window.from),
    reads.rows<{ subscribed_at: Date; source: LeadSource | null }>(
      'SELECT subscribed_at, source FROM newsletter_subscribers WHERE subscribed_at >= $1 AND subscribed_at < $2',
      [window.from, window.to],
    ),
    reads.rows<{ suppressed_at: Date }>(
      `SELECT suppressed_at FROM mail_recipients WHERE suppressed = 'unsubscribed' AND suppressed_at >= $1 AND suppressed_at < $2`,
      [window.from, window.to],
    ),
    reads.rows<{ received_at: Date }>('SELECT received_at FROM blocked_posts WHERE received_at >= $1 AND received_at < $2', [window.from, window.to]),
    reads.countOverdue('consultations', window.overdueBefore),
    reads.countOverdue('contacts', window.overdueBefore),
  ])
  const meetingOfRequest = new Map<string, Meeting>(meetings.map((row) => [row.request_id, meetingOf(row)]))
  return {
    consultations: consultations.map((row) => {
      const meeting = meetingOfRequest.get(row.id)
      return meeting ? { ...lead(row), meeting } : lead(row)
    }),
    contacts: contacts.map(lead),
    signUps: signUps.map((row) => ({ at: row.subscribed_at.getTime(), ...(row.source ? { source: row.source } : {}) })),
    unsubscribes: unsubscribes.map((row) => row.suppressed_at.getTime()),
    blocked: blocked.map((row) => row.received_at.getTime()),
    overdue: { consultations: overdueConsultations, contacts: overdueContacts },
  }
}
