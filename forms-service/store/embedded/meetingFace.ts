import { randomBytes, randomUUID } from 'node:crypto'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { fsyncDirOf, isMissing } from '../files.js'
import {
  BookingCapError,
  newLinkKey,
  takesStart,
  WindowFullError,
  type BookedConsultation,
  type BookingCaps,
  type BookingRequest,
  type MeetingChangeRequest,
  type MeetingChangeResult,
  type MeetingHold,
  type MeetingStore,
  type SlotRequest,
} from '../meetings.js'
import { arrivingRecord, planBooking, planMeetingChange, refusal } from '../plans.js'
import type { Change } from '../records.js'
import { queued, type EmbeddedCore } from './core.js'

// The embedded store's meetings: booked, held, changed and found through the meeting index (meetingIndex.ts),
// and the calendar feed's secret.

/** The meetings of `core`; the calendar feed's secret is kept in `feedSecretFile` (beside the data file), or in memory for null. */
export function meetingFace(core: EmbeddedCore, feedSecretFile: string | null): MeetingStore {
  let feedSecret: string | null = null

  /**
   * A meeting at the first start of `slot` with room, past `caps`: checked, found and held in one
   * synchronous step (one writer, one thread: no other request runs in between), then written as
   * `write` makes it of that start (the record booked and the journal's changes), and tracked.
   * BookingCapError or WindowFullError, with nothing held, when it cannot be.
   */
  async function bookAt(slot: SlotRequest, caps: BookingCaps | undefined, write: (start: string) => { record: BookedConsultation; changes: Change[] }) {
    const index = core.meetings()
    const capIndex = core.caps()
    const refused = caps ? capIndex.refusal(caps, core.now()) : null
    if (refused) throw new BookingCapError(refused)
    const start = index.firstFree(slot.starts)
    if (start === undefined) throw new WindowFullError()
    const cells = index.hold(start)
    const release = caps ? capIndex.hold(caps) : () => undefined
    let record: BookedConsultation
    try {
      const written = write(start)
      record = written.record
      await core.log.append({ changes: written.changes })
    } finally {
      index.unhold(cells)
      release()
    }
    index.track(record.id, record.meeting)
    capIndex.track(record)
    core.emailsQueued()
    return record
  }

  async function meetingById(id: string): Promise<BookedConsultation | undefined> {
    const requestId = core.meetings().requests.get(id)
    const record = requestId === undefined ? undefined : core.tables.get('consultations', requestId)
    return record?.meeting ? (record as BookedConsultation) : undefined
  }

  async function keepFeedSecret(secret: string): Promise<string> {
    if (feedSecretFile) {
      // Written whole and durable before it is shown: a crash leaves the old secret or the new one.
      const temp = `${feedSecretFile}.tmp`
      await writeFile(temp, `${secret}\n`, { mode: 0o600, flush: true })
      await rename(temp, feedSecretFile)
      await fsyncDirOf(feedSecretFile)
    }
    feedSecret = secret
    return secret
  }

  return {
    bookConsultation({ fields, emails, submissionKey, slot, reminder, suspicion, caps, owner }: BookingRequest): Promise<BookedConsultation> {
      return core.submitOnce(submissionKey, () =>
        bookAt(slot, caps, (start) => {
          const request = arrivingRecord(fields, {
            id: randomUUID(),
            at: core.now().toISOString(),
            submissionKey,
            suspicion,
            clientKey: caps?.clientKey,
            networkKey: caps?.networkKey,
            owner,
          })
          const { record, emails: due } = planBooking({
            request,
            meetingId: randomUUID(),
            linkKey: newLinkKey(),
            start,
            settings: slot.settings,
            emails,
            reminder,
          })
          return {
            record,
            changes: [{ collection: 'consultations', record }, ...queued({ collection: 'consultations', id: record.id }, due, request.receivedAt, emails)],
          }
        }),
      )
    },

    holdMeeting({ requestId, slot, emails, reminder, caps }: MeetingHold): Promise<BookedConsultation | undefined> {
      return core.edit(async () => {
        const current = core.tables.get('consultations', requestId)
        if (!current) return undefined
        if (current.meeting) return current as BookedConsultation
        return bookAt(slot, caps, (start) => {
          const at = core.now().toISOString()
          const { record, emails: due } = planBooking({
            request: current,
            at,
            meetingId: randomUUID(),
            linkKey: newLinkKey(),
            start,
            settings: slot.settings,
            emails,
            reminder,
          })
          return {
            record,
            changes: [
              { collection: 'consultations', id: requestId, set: { meeting: record.meeting } },
              ...queued({ collection: 'consultations', id: requestId }, due, at, emails),
            ],
          }
        })
      })
    },

    meeting: meetingById,

    async meetingsBetween(from: string, to: string): Promise<BookedConsultation[]> {
      const found: BookedConsultation[] = []
      for (const requestId of core.meetings().requests.values()) {
        const record = core.tables.get('consultations', requestId)
        if (record?.meeting && record.meeting.start >= from && record.meeting.start < to) found.push(record as BookedConsultation)
      }
      return found.sort((a, b) => a.meeting.start.localeCompare(b.meeting.start))
    },

    async takenCells(from: string, to: string): Promise<Map<string, number>> {
      return core.meetings().taken(Date.parse(from), Date.parse(to))
    },

    changeMeeting(change: MeetingChangeRequest): Promise<MeetingChangeResult> {
      return core.edit(async (): Promise<MeetingChangeResult> => {
        const index = core.meetings()
        const current = await meetingById(change.meetingId)
        if (!current) return { ok: false, reason: 'not-found' }
        const refused = refusal(current.meeting, change, core.now())
        if (refused) return { ok: false, reason: refused }
        let start: string | undefined
        let cells: number[] = []
        if (takesStart(change.action)) {
          start = index.firstFree(change.slot?.starts ?? [], current.meeting.id)
          if (start === undefined) return { ok: false, reason: 'full' }
          cells = index.hold(start)
        }
        const at = core.now().toISOString()
        const plan = planMeetingChange(current.meeting, change, at, start)
        const { meeting } = plan
        const dropped = (await core.emailsAbout('consultations', current.id)).filter((email) => email.state === 'queued' && plan.drop.includes(email.kind))
        const changes: Change[] = [
          { collection: 'consultations', id: current.id, set: { meeting } },
          ...queued({ collection: 'consultations', id: current.id }, plan.emails, at, change.emails),
          ...dropped.map((email): Change => ({ collection: 'emails', id: email.id, deleted: true })),
        ]
        try {
          await core.log.append({ changes })
        } finally {
          index.unhold(cells)
        }
        index.track(current.id, meeting)
        core.emailsQueued()
        return { ok: true, record: (await meetingById(meeting.id))! }
      })
    },

    calendarFeedSecret(rotate: boolean): Promise<string> {
      return core.edit(async () => {
        if (!rotate && feedSecret === null && feedSecretFile) {
          feedSecret = await readFile(feedSecretFile, 'utf8').then(
            (text) => text.trim() || null,
            (error) => (isMissing(error) ? null : Promise.reject(error)),
          )
        }
        if (!rotate && feedSecret) return feedSecret
        return keepFeedSecret(randomBytes(32).toString('base64url'))
      })
    },

    restoreCalendarFeedSecret(secret: string): Promise<void> {
      return core.edit(async () => {
        await keepFeedSecret(secret)
      })
    },
  }
}
