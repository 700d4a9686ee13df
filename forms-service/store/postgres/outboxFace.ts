import type { EmailUpdate } from '../formStore.js'
import type { Page } from '../inboxQuery.js'
import type { OutboxStore } from '../outboxStore.js'
import type { EmailRecord } from '../records.js'
import { columnsOf, tables } from './columns.js'
import type { PostgresCore } from './core.js'
import { dayEmail } from './migrations.js'
import { emailRecord, type Row } from './rows.js'

// The outbox of the PostgreSQL store: the emails queued with the records, claimed by any replica's
// sender, sent and counted (OutboxStore, ../outboxStore.ts).

export function outboxFace(core: PostgresCore): OutboxStore {
  return {
    async emailsAbout(collection: EmailRecord['about']['collection'], id: string): Promise<EmailRecord[]> {
      return (await core.query<Row>('SELECT * FROM emails WHERE about_collection = $1 AND about_id = $2 ORDER BY seq', [collection, id])).map(emailRecord)
    },

    async listEmails(query: { state?: EmailRecord['state']; offset: number; limit: number }): Promise<Page<EmailRecord>> {
      const page = await core.page<Row & { id: string }>('emails', '($1::text IS NULL OR state = $1)', [query.state ?? null], query)
      return { items: page.items.map(emailRecord), total: page.total }
    },

    async oldestQueuedAt(): Promise<string | null> {
      const [row] = await core.query<{ at: Date | null }>(`SELECT min(coalesce(queued_at, created_at)) AS at FROM emails WHERE state = 'queued'`)
      return row?.at ? row.at.toISOString() : null
    },

    async claimDueEmails(now: Date, limit: number, leaseMs: number): Promise<EmailRecord[]> {
      // SKIP LOCKED: replicas claiming at the same moment take different emails; a lease that ran out
      // (its sender died mid-send) makes an email claimable again.
      const rows = await core.query<Row>(
        `UPDATE emails SET claimed_until = $2 WHERE id IN (
           SELECT id FROM emails WHERE state = 'queued' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
           ORDER BY seq LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [now, new Date(now.getTime() + leaseMs), limit],
      )
      return rows.map(emailRecord)
    },

    async nextEmailDue(): Promise<Date | null> {
      const [row] = await core.query<{ due: Date | null }>(
        `SELECT min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) AS due FROM emails WHERE state = 'queued'`,
      )
      return row?.due ?? null
    },

    async emailMessage(id: string): Promise<string | null> {
      const [row] = await core.query<{ message: string | null }>('SELECT message FROM emails WHERE id = $1', [id])
      return row?.message ?? null
    },

    async queuedEmailCounts(now: Date): Promise<{ due: number; later: number }> {
      const [row] = await core.query<{ due: number; later: number }>(
        `SELECT count(*) FILTER (WHERE next_attempt_at <= $1)::int AS due, count(*) FILTER (WHERE next_attempt_at > $1)::int AS later
         FROM emails WHERE state = 'queued'`,
        [now],
      )
      return { due: row?.due ?? 0, later: row?.later ?? 0 }
    },

    async updateEmail(id: string, set: EmailUpdate): Promise<EmailRecord | undefined> {
      // Every declared field has its column (postgres/columns.ts), and the folder copy's text its own: nothing is filtered out.
      const { message, ...fields } = set
      const entries = [...columnsOf(tables.emails, fields), ...(message === undefined ? [] : [['message', message] as [string, unknown]])]
      const assignments = entries.map(([column], index) => `${column} = $${index + 2}`)
      const [row] = await core.query<Row>(`UPDATE emails SET ${[...assignments, 'claimed_until = NULL'].join(', ')} WHERE id = $1 RETURNING *`, [
        id,
        ...entries.map(([, value]) => value),
      ])
      if (row && set.state === 'queued') core.emailsQueued()
      return row ? emailRecord(row) : undefined
    },

    async queueDayEmail(kind: string, date: string, dueAt: string): Promise<void> {
      // The unique index of a kind and a day decides (migration 5): two replicas queue it once. One queued
      // and not yet due moves to `dueAt` (the settings' hour changed); one due, tried or sent stays.
      const rows = await core.query(
        `INSERT INTO emails (id, about_collection, about_id, kind, created_at, queued_at, state, next_attempt_at)
         VALUES (gen_random_uuid()::text, 'consultations', $1, $4, $2, $3, 'queued', $3)
         ON CONFLICT (kind, about_id) WHERE ${dayEmail} DO UPDATE SET next_attempt_at = EXCLUDED.next_attempt_at, queued_at = EXCLUDED.queued_at
         WHERE emails.state = 'queued' AND emails.attempts = 0 AND emails.next_attempt_at > $2 AND emails.next_attempt_at <> EXCLUDED.next_attempt_at
         RETURNING id`,
        [date, core.now().toISOString(), dueAt, kind],
      )
      if (rows.length > 0) core.emailsQueued()
    },

    onEmailsQueued(listener: () => void): void {
      core.onEmailsQueued(listener)
    },
  }
}
