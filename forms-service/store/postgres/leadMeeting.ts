import type pg from 'pg'
import type { Meeting } from '../../../contract/booking.js'
import { changedMeeting, reminderKind, type MeetingChangeRequest } from '../meetings.js'
import { meetingOf, queueRequestEmails, updateMeeting, type MeetingRow } from './meetings.js'

// A meeting that follows its lead's status (../leadMeeting.ts), inside the status change's transaction.

/** A request's meeting, locked until the transaction ends (a visitor's move waits for the status change, or it for the move). */
export async function lockedMeetingOf(client: pg.PoolClient, requestId: string): Promise<Meeting | undefined> {
  const { rows } = await client.query<MeetingRow>('SELECT * FROM meetings WHERE request_id = $1 FOR UPDATE', [requestId])
  return rows[0] ? meetingOf(rows[0]) : undefined
}

/** The cancellation: its cells freed, its reminder dropped, the emails it owes queued. */
export async function cancelWithLead(client: pg.PoolClient, requestId: string, meeting: Meeting, cancel: MeetingChangeRequest, at: string): Promise<void> {
  await client.query('DELETE FROM meeting_cells WHERE meeting_id = $1', [meeting.id])
  await updateMeeting(client, changedMeeting(meeting, cancel, at))
  await client.query(`DELETE FROM emails WHERE about_collection = 'consultations' AND about_id = $1 AND kind = $2 AND state = 'queued'`, [
    requestId,
    reminderKind,
  ])
  await queueRequestEmails(client, requestId, cancel.emails, at, null)
}
