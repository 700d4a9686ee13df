import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import {
  changeableStates,
  firstFreeStart,
  meetingCells,
  occupyingStates,
  type BookingSettings,
  type Meeting,
  type MeetingState,
} from '../../../contract/booking/booking.js'
import {
  addressCapMs,
  BookingCapError,
  newLinkKey,
  WindowFullError,
  type BookedConsultation,
  type BookingCaps,
  type BookingRequest,
  type ScheduledEmail,
  type SlotRequest,
} from '../meetings.js'
import { capRefusal, planBooking, type CapCounts } from '../plans.js'
import type { ConsultationRecord } from '../records.js'
import { personKey } from '../../../contract/booking/person.js'
import type { EmailsOwed } from '../inboxStore.js'

// The meetings of the PostgreSQL store. Every function runs inside the caller's transaction.

export interface MeetingRow {
  id: string
  request_id: string
  start_at: Date | string
  end_at: Date | string
  state: MeetingState
  sequence: number
  history: Meeting['history']
  link_key: string | null
}

/** A row as node-postgres gives it, or as `to_jsonb` does (times as text). */
export function meetingOf(row: MeetingRow): Meeting {
  const iso = (value: Date | string) => new Date(value).toISOString()
  return {
    id: row.id,
    start: iso(row.start_at),
    end: iso(row.end_at),
    state: row.state,
    sequence: row.sequence,
    history: row.history,
    ...(row.link_key ? { linkKey: row.link_key } : {}),
  }
}

/**
 * Takes the cells of the first start of `slot` with room for `meetingId`, or returns undefined when
 * none has. The unique key (cell, seat) decides: each cell's insert picks the lowest seat free when
 * it runs; a request that loses a seat to another at that instant waits for it, inserts nothing, and
 * tries again with what is free then. Cells are taken in ascending order, so two requests never wait
 * on each other.
 */
export async function takeCells(client: pg.PoolClient, meetingId: string, slot: SlotRequest): Promise<string | undefined> {
  const { settings } = slot
  const allCells = [...new Set(slot.starts.flatMap((start) => meetingCells(start, settings)))]
  // Each round either takes the cells or sees a seat taken since the last: bounded by the seats there are.
  for (let round = 0; round < 1000; round++) {
    const { rows } = await client.query<{ cell: Date; n: number }>(
      'SELECT cell, count(*)::int AS n FROM meeting_cells WHERE cell = ANY($1::timestamptz[]) GROUP BY cell',
      [allCells],
    )
    const taken = new Map(rows.map((row) => [row.cell.toISOString(), row.n]))
    const start = firstFreeStart(slot.starts, settings, (cell) => taken.get(cell) ?? 0)
    if (start === undefined) return undefined
    const cells = meetingCells(start, settings)
    await client.query('SAVEPOINT take_cells')
    const inserted = await client.query(
      `INSERT INTO meeting_cells (cell, seat, meeting_id)
       SELECT c.cell, s.seat, $2 FROM unnest($1::timestamptz[]) WITH ORDINALITY AS c (cell, n)
       CROSS JOIN LATERAL (
         SELECT free.seat FROM generate_series(1, $3::int) AS free (seat)
         WHERE NOT EXISTS (SELECT 1 FROM meeting_cells taken WHERE taken.cell = c.cell AND taken.seat = free.seat)
         ORDER BY free.seat LIMIT 1
       ) AS s
       ORDER BY c.n
       ON CONFLICT DO NOTHING`,
      [cells, meetingId, settings.atOnce],
    )
    if (inserted.rowCount === cells.length) {
      await client.query('RELEASE SAVEPOINT take_cells')
      return start
    }
    await client.query('ROLLBACK TO SAVEPOINT take_cells')
  }
  throw new Error('No cells could be taken after 1000 rounds')
}

// The advisory locks' two classes (pg_advisory_xact_lock(class, key)): a person's key and a client
// address's key never share a lock, whatever their hashes.
const personLock = 33_001
const clientLock = 33_002
const networkLock = 33_003

/**
 * Refuses a booking over its caps (BookingCapError), inside the booking's transaction: a lock per person
 * and per client address, held until the commit, makes parallel requests and replicas count one after
 * another, each seeing the bookings committed before it (READ COMMITTED reads afresh at every statement).
 * Always the person's lock first, then the address's, so two bookings never wait on each other.
 */
export async function checkCaps(client: pg.PoolClient, caps: BookingCaps, requestId: string, now: Date): Promise<void> {
  const counted: CapCounts = { ahead: 0, today: 0, network: 0 }
  if (caps.perPerson > 0) {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [personLock, caps.person])
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM meetings WHERE person_key = $1 AND state = ANY($2::text[]) AND start_at > $3',
      [caps.person, changeableStates, now.toISOString()],
    )
    counted.ahead = rows[0]!.n
    // Over the person's cap, the address's lock and count are not needed.
    if (capRefusal(caps, counted) === 'person') throw new BookingCapError('person')
  }
  // The requests of the last 24 hours from one client (or network), those the agency marked Spam aside.
  const bookedFrom = async (field: 'clientKey' | 'networkKey', lock: number, key: string) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [lock, key])
    const booked = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM consultations WHERE fields->>'${field}' = $1 AND received_at > $2 AND id <> $3 AND status <> 'spam'`,
      [key, new Date(now.getTime() - addressCapMs).toISOString(), requestId],
    )
    return booked.rows[0]!.n
  }
  if (caps.clientKey && caps.perAddress > 0) counted.today = await bookedFrom('clientKey', clientLock, caps.clientKey)
  if (caps.networkKey && caps.perNetwork > 0) counted.network = await bookedFrom('networkKey', networkLock, caps.networkKey)
  const refused = capRefusal(caps, counted)
  if (refused) throw new BookingCapError(refused)
}

/**
 * `request`'s meeting at the first start of `slot` with room, booked `at`, past its caps, with its emails
 * and reminder (a booking, or a request held later by its link): the request with its meeting.
 * BookingCapError or WindowFullError, which roll the caller's transaction back.
 */
export async function bookMeeting(
  client: pg.PoolClient,
  request: ConsultationRecord,
  { slot, emails, reminder, caps }: Pick<BookingRequest, 'slot' | 'emails' | 'reminder' | 'caps'>,
  now: Date,
  at: string,
): Promise<BookedConsultation> {
  if (caps) await checkCaps(client, caps, request.id, now)
  const meetingId = randomUUID()
  const start = await takeCells(client, meetingId, slot)
  if (start === undefined) throw new WindowFullError()
  const plan = planBooking({ request, at, meetingId, linkKey: newLinkKey(), start, settings: slot.settings, emails, reminder })
  await insertMeeting(client, request.id, plan.record.meeting, personKey(request.email))
  await queueRequestEmails(client, request.id, plan.emails, at, emails)
  return plan.record
}

/** `personKey`: the person's address as contract/booking/person.ts folds it, which the per-person cap counts by. */
export async function insertMeeting(client: pg.PoolClient, requestId: string, meeting: Meeting, personKey: string): Promise<void> {
  await client.query(
    'INSERT INTO meetings (id, request_id, start_at, end_at, state, sequence, history, link_key, person_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [meeting.id, requestId, meeting.start, meeting.end, meeting.state, meeting.sequence, JSON.stringify(meeting.history), meeting.linkKey ?? null, personKey],
  )
}

export async function updateMeeting(client: pg.PoolClient, meeting: Meeting): Promise<void> {
  await client.query('UPDATE meetings SET start_at = $2, end_at = $3, state = $4, sequence = $5, history = $6 WHERE id = $1', [
    meeting.id,
    meeting.start,
    meeting.end,
    meeting.state,
    meeting.sequence,
    JSON.stringify(meeting.history),
  ])
}

/** A plan's emails of a request, queued at `at` by the HTTP request of `by` (its id, its client) if any, each due at its time. */
export async function queueRequestEmails(
  client: pg.PoolClient,
  requestId: string,
  all: readonly ScheduledEmail[],
  at: string,
  by: Omit<EmailsOwed, 'kinds'>,
): Promise<void> {
  if (all.length === 0) return
  await client.query(
    `INSERT INTO emails (id, about_collection, about_id, kind, created_at, queued_at, state, next_attempt_at, queued_by_request, queued_from)
     SELECT gen_random_uuid()::text, 'consultations', $1, email.kind, $2, CASE WHEN email.due = $2::timestamptz THEN NULL ELSE email.due END, 'queued', email.due, $5, $6::jsonb
     FROM unnest($3::text[], $4::timestamptz[]) AS email (kind, due)`,
    [requestId, at, all.map((email) => email.kind), all.map((email) => email.dueAt), by.requestId ?? null, by.from ?? null],
  )
}

/** A plan's drop: the request's queued emails of `kinds` go. */
export async function dropQueuedEmails(client: pg.PoolClient, requestId: string, kinds: readonly string[]): Promise<void> {
  if (kinds.length === 0) return
  await client.query(`DELETE FROM emails WHERE about_collection = 'consultations' AND about_id = $1 AND kind = ANY($2::text[]) AND state = 'queued'`, [
    requestId,
    kinds,
  ])
}

/** The meeting gives up its place: its cells are free for others. */
export async function releaseCells(client: pg.PoolClient, meetingId: string): Promise<void> {
  await client.query('DELETE FROM meeting_cells WHERE meeting_id = $1', [meetingId])
}

/**
 * The cells of meetings read from an export: each takes the lowest free seat of its cells, as a
 * booking would, without a check of `atOnce` (the records were accepted by the store they come from).
 */
export async function importCells(client: pg.PoolClient, meeting: Meeting, settings: BookingSettings): Promise<void> {
  if (!occupyingStates.includes(meeting.state)) return
  await client.query(
    `INSERT INTO meeting_cells (cell, seat, meeting_id)
     SELECT c.cell, (SELECT coalesce(max(seat), 0) + 1 FROM meeting_cells taken WHERE taken.cell = c.cell), $2
     FROM unnest($1::timestamptz[]) AS c (cell)`,
    [meetingCells(meeting.start, settings), meeting.id],
  )
}
