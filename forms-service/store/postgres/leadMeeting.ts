import type pg from 'pg'
import type { Meeting } from '../../../contract/booking/booking.js'
import type { MeetingChangeRequest } from '../meetings.js'
import { planMeetingChange } from '../plans.js'
import { dropQueuedEmails, meetingOf, queueRequestEmails, releaseCells, updateMeeting, type MeetingRow } from './meetings.js'

// A meeting that follows its lead's status (../leadMeeting.ts), inside the status change's transaction.

/** A request's meeting, locked until the transaction ends (a visitor's move waits for the status change, or it for the move). */
export async function lockedMeetingOf(client: pg.PoolClient, requestId: string): Promise<Meeting | undefined> {
  const { rows } = await client.query<MeetingRow>('SELECT * FROM meetings WHERE request_id = $1 FOR UPDATE', [requestId])
  return rows[0] ? meetingOf(rows[0]) : undefined
}

/** The cancellation: its cells freed, its reminder dropped, the emails it owes queued. */
export async function cancelWithLead(client: pg.PoolClient, requestId: string, meeting: Meeting, cancel: MeetingChangeRequest, at: string): Promise<void> {
  const plan = planMeetingChange(meeting, cancel, at)
  await releaseCells(client, meeting.id)
  await updateMeeting(client, plan.meeting)
  await dropQueuedEmails(client, requestId, plan.drop)
  await queueRequestEmails(client, requestId, plan.emails, at, cancel.emails)
}
