import { randomBytes, randomUUID } from 'node:crypto'
import { occupyingStates } from '../../../contract/booking/booking.js'
import { submissionKeyMs } from '../formStore.js'
import type { InboxStore } from '../inboxStore.js'
import {
  takesStart,
  WindowFullError,
  type BookedConsultation,
  type BookingRequest,
  type MeetingChangeRequest,
  type MeetingChangeResult,
  type MeetingHold,
  type MeetingStore,
} from '../meetings.js'
import { arrivingRecord, planMeetingChange, refusal } from '../plans.js'
import type { ConsultationRecord } from '../records.js'
import type { PostgresCore } from './core.js'
import { inboxValues, insertInboxSql } from './inserts.js'
import { lockedMeetingOf } from './leadMeeting.js'
import { bookMeeting, dropQueuedEmails, meetingOf, queueRequestEmails, releaseCells, takeCells, updateMeeting, type MeetingRow } from './meetings.js'
import { inboxRecord, type InboxRow } from './rows.js'

// The meetings of the PostgreSQL store as its MeetingStore face (../meetings.ts): each booking or change
// in one transaction; the statements inside it are in meetings.ts. A meeting is answered with its request,
// found by the inbox's `find`.

export function meetingFace(core: PostgresCore, inbox: Pick<InboxStore, 'find'>): MeetingStore {
  const meetings: MeetingStore = {
    async bookConsultation(booking: BookingRequest): Promise<BookedConsultation> {
      const { fields, emails, submissionKey, slot, reminder, suspicion, caps, owner } = booking
      const request = arrivingRecord(fields, {
        id: randomUUID(),
        at: core.now().toISOString(),
        submissionKey,
        suspicion,
        clientKey: caps?.clientKey,
        networkKey: caps?.networkKey,
        owner,
      })
      // The request, its caps, its meeting, the meeting's cells, its emails and its reminder: one transaction.
      const booked = await core.transaction(async (client): Promise<BookedConsultation | null> => {
        const { rows } = await client.query<InboxRow>(insertInboxSql('consultations', false), inboxValues(request))
        if (!rows[0]) return null
        const { meeting } = await bookMeeting(client, request, { slot, emails, reminder, caps }, core.now(), request.receivedAt)
        return { ...(inboxRecord(rows[0]) as BookedConsultation), meeting }
      })
      if (booked) {
        core.emailsQueued()
        return booked
      }
      // The same attempt again: its first record, as addConsultation answers.
      const first = await inbox.find(
        'consultations',
        (await core.query<{ id: string }>('SELECT id FROM consultations WHERE submission_key = $1', [submissionKey]))[0]?.id ?? '',
      )
      if (first?.meeting && core.now().getTime() - Date.parse(first.receivedAt) < submissionKeyMs) return first as BookedConsultation
      await core.query('UPDATE consultations SET submission_key = NULL WHERE submission_key = $1', [submissionKey])
      return meetings.bookConsultation(booking)
    },

    async holdMeeting({ requestId, slot, emails, reminder, caps }: MeetingHold): Promise<BookedConsultation | undefined> {
      let held = false
      const record = await core.transaction(async (client): Promise<BookedConsultation | undefined> => {
        // The request locked: a second press of its link waits for the first, then finds its meeting.
        const { rows } = await client.query<InboxRow>('SELECT * FROM consultations WHERE id = $1 FOR UPDATE', [requestId])
        if (!rows[0]) return undefined
        const request = inboxRecord(rows[0]) as ConsultationRecord
        const existing = await lockedMeetingOf(client, requestId)
        if (existing) return { ...request, meeting: existing }
        const now = core.now()
        const booked = await bookMeeting(client, request, { slot, emails, reminder, caps }, now, now.toISOString())
        held = true
        return booked
      })
      if (held) core.emailsQueued()
      return record
    },

    async meeting(id: string): Promise<BookedConsultation | undefined> {
      const [row] = await core.query<{ request_id: string }>('SELECT request_id FROM meetings WHERE id = $1', [id])
      return row ? ((await inbox.find('consultations', row.request_id)) as BookedConsultation | undefined) : undefined
    },

    async meetingsBetween(from: string, to: string): Promise<BookedConsultation[]> {
      const rows = await core.query<InboxRow & { meeting: MeetingRow }>(
        `SELECT c.*, to_jsonb(m) AS meeting FROM meetings m JOIN consultations c ON c.id = m.request_id
         WHERE m.start_at >= $1 AND m.start_at < $2 ORDER BY m.start_at, m.id`,
        [from, to],
      )
      return rows.map((row) => ({ ...(inboxRecord(row) as BookedConsultation), meeting: meetingOf(row.meeting) }))
    },

    async takenCells(from: string, to: string): Promise<Map<string, number>> {
      const rows = await core.query<{ cell: Date; n: number }>(
        'SELECT cell, count(*)::int AS n FROM meeting_cells WHERE cell >= $1 AND cell < $2 GROUP BY cell',
        [from, to],
      )
      return new Map(rows.map((row) => [row.cell.toISOString(), row.n]))
    },

    async changeMeeting(change: MeetingChangeRequest): Promise<MeetingChangeResult> {
      try {
        const requestId = await core.transaction(async (client) => {
          const { rows } = await client.query<MeetingRow>('SELECT * FROM meetings WHERE id = $1 FOR UPDATE', [change.meetingId])
          if (!rows[0]) return { reason: 'not-found' } as const
          const current = meetingOf(rows[0])
          const refused = refusal(current, change, core.now())
          if (refused) return { reason: refused }
          const at = core.now().toISOString()
          let start: string | undefined
          if (takesStart(change.action)) {
            // The old cells go first, so the new start may overlap them; a failed move rolls back.
            await releaseCells(client, current.id)
            start = change.slot ? await takeCells(client, current.id, change.slot) : undefined
            if (start === undefined) throw new WindowFullError()
          }
          const plan = planMeetingChange(current, change, at, start)
          await updateMeeting(client, plan.meeting)
          // The cells follow the meeting, as the embedded store's index does: held while its state takes its place.
          if (!occupyingStates.includes(plan.meeting.state)) await releaseCells(client, current.id)
          await dropQueuedEmails(client, rows[0].request_id, plan.drop)
          await queueRequestEmails(client, rows[0].request_id, plan.emails, at, change.emails)
          return rows[0].request_id
        })
        if (typeof requestId !== 'string') return { ok: false, reason: requestId.reason }
        core.emailsQueued()
        return { ok: true, record: (await inbox.find('consultations', requestId)) as BookedConsultation }
      } catch (error) {
        if (error instanceof WindowFullError) return { ok: false, reason: 'full' }
        throw error
      }
    },

    async calendarFeedSecret(rotate: boolean): Promise<string> {
      const secret = randomBytes(32).toString('base64url')
      const [row] = await core.query<{ value: string }>(
        rotate
          ? `INSERT INTO service_settings (key, value) VALUES ('calendar-feed', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value RETURNING value`
          : `WITH made AS (INSERT INTO service_settings (key, value) VALUES ('calendar-feed', $1) ON CONFLICT (key) DO NOTHING RETURNING value)
             SELECT value FROM made UNION ALL SELECT value FROM service_settings WHERE key = 'calendar-feed' LIMIT 1`,
        [secret],
      )
      return row!.value
    },

    async restoreCalendarFeedSecret(secret: string): Promise<void> {
      await core.query(`INSERT INTO service_settings (key, value) VALUES ('calendar-feed', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
        secret,
      ])
    },
  }
  return meetings
}
