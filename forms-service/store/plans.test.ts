import { describe, expect, it } from 'vitest'
import type { BookingSettings, Meeting } from '../../contract/booking/booking.js'
import { noEmails } from './inboxStore.js'
import type { BookingCaps, MeetingChangeRequest, ReminderFor } from './meetings.js'
import { arrivingRecord, capRefusal, planBooking, planMeetingChange, refusal, reminderBefore, triageSet } from './plans.js'
import type { ConsultationRecord } from './records.js'

// Plain inputs, plain outputs. Instants are written out with their wall clock in Dallas: CDT is UTC-5,
// CST UTC-6; the clocks go back on Sunday, November 1, 2026 and forward on Sunday, March 14, 2027.

const settings = { meetingMinutes: 30, reminderHoursBefore: 24 } as BookingSettings
const request = {
  id: 'request-1',
  receivedAt: '2026-10-29T17:00:00.000Z',
  businessName: 'Bluebonnet Bakery',
  contactName: 'Ann Lee',
  email: 'ann@bakery.example.com',
  date: '2026-11-02',
  timeSlot: 'morning',
} as ConsultationRecord
/** A reminder a day before, as the booking rules give it (the kind is the store's). */
const dayBefore: ReminderFor = (meeting) => reminderBefore(meeting.start, 24, new Date(request.receivedAt))

/** Monday, November 2, 2026, 9:00 CST. */
const mondayNine = '2026-11-02T15:00:00.000Z'
const booked: Meeting = {
  id: 'meeting-1',
  start: mondayNine,
  end: '2026-11-02T15:30:00.000Z',
  state: 'booked',
  sequence: 0,
  history: [{ at: request.receivedAt, state: 'booked', start: mondayNine }],
  linkKey: 'key',
}

describe('planBooking', () => {
  it('books the meeting at the start found, queues the request emails now and the reminder a day before', () => {
    const plan = planBooking({
      request,
      meetingId: 'meeting-1',
      linkKey: 'key',
      start: mondayNine,
      settings,
      emails: { kinds: ['consultation-notification', 'consultation-confirmation'] },
      reminder: dayBefore,
    })
    expect(plan.record).toEqual({ ...request, meeting: booked })
    expect(plan.emails).toEqual([
      { kind: 'consultation-notification', dueAt: request.receivedAt },
      { kind: 'consultation-confirmation', dueAt: request.receivedAt },
      // Sunday, November 1, 9:00 CST: the morning the clocks went back.
      { kind: 'meeting-reminder', dueAt: '2026-11-01T15:00:00.000Z' },
    ])
  })

  it('queues no reminder when it is too late for one', () => {
    // Friday, October 30, 2026, 10:00 CDT: 22 hours after the request.
    const plan = planBooking({ request, meetingId: 'm', linkKey: 'k', start: '2026-10-30T15:00:00.000Z', settings, emails: noEmails, reminder: dayBefore })
    expect(plan.emails).toEqual([])
    expect(plan.record.meeting).toMatchObject({ start: '2026-10-30T15:00:00.000Z', end: '2026-10-30T15:30:00.000Z', state: 'booked', sequence: 0 })
  })
})

describe('planMeetingChange', () => {
  const at = '2026-10-30T12:00:00.000Z'
  const change = (request: Partial<MeetingChangeRequest>): MeetingChangeRequest => ({ meetingId: booked.id, action: 'move', emails: noEmails, ...request })

  it('moves the meeting, keeping its length; drops the old reminder and queues one for the new start', () => {
    // Tuesday, November 3, 11:00 CST.
    const start = '2026-11-03T17:00:00.000Z'
    const plan = planMeetingChange(booked, change({ emails: { kinds: ['meeting-update', 'meeting-notice'] }, reminder: dayBefore }), at, start)
    expect(plan.meeting).toEqual({
      ...booked,
      start,
      end: '2026-11-03T17:30:00.000Z',
      state: 'moved',
      sequence: 1,
      history: [...booked.history, { at, state: 'moved', start }],
    })
    expect(plan.drop).toEqual(['meeting-reminder'])
    expect(plan.emails).toEqual([
      { kind: 'meeting-update', dueAt: at },
      { kind: 'meeting-notice', dueAt: at },
      { kind: 'meeting-reminder', dueAt: '2026-11-02T17:00:00.000Z' },
    ])
  })

  it('cancels with the agency’s line and the visitor’s reason in the history, dropping the reminder and queueing none', () => {
    const plan = planMeetingChange(
      booked,
      change({ action: 'cancel', message: 'Sorry', reason: 'Busy', emails: { kinds: ['meeting-cancellation'] }, reminder: dayBefore }),
      at,
    )
    expect(plan.meeting).toMatchObject({ start: booked.start, end: booked.end, state: 'cancelled', sequence: 1 })
    expect(plan.meeting.history.at(-1)).toEqual({ at, state: 'cancelled', message: 'Sorry', reason: 'Busy' })
    expect(plan.drop).toEqual(['meeting-reminder'])
    expect(plan.emails).toEqual([{ kind: 'meeting-cancellation', dueAt: at }])
  })

  it('records held and no-show without touching the emails', () => {
    for (const action of ['held', 'no-show'] as const) {
      const plan = planMeetingChange(booked, change({ action }), at)
      expect(plan).toEqual({ meeting: { ...booked, state: action, sequence: 1, history: [...booked.history, { at, state: action }] }, drop: [], emails: [] })
    }
  })

  it('refuses to plan a move without the start the store found', () => {
    expect(() => planMeetingChange(booked, change({}), at)).toThrow()
  })
})

describe('refusal', () => {
  // Half an hour into the meeting, and a day before it.
  const during = new Date(Date.parse(mondayNine) + 30 * 60_000)
  const before = new Date(Date.parse(mondayNine) - 86_400_000)

  it('refuses a change decided on another sequence, and a closed meeting; held and no-show correct each other', () => {
    expect(refusal(booked, { action: 'move', expectSequence: 1 }, before)).toBe('stale')
    expect(refusal(booked, { action: 'cancel', expectSequence: 0 }, before)).toBeNull()
    expect(refusal({ ...booked, state: 'cancelled' }, { action: 'move' }, before)).toBe('closed')
    expect(refusal({ ...booked, state: 'held' }, { action: 'cancel' }, during)).toBe('closed')
    expect(refusal({ ...booked, state: 'held' }, { action: 'no-show' }, during)).toBeNull()
    expect(refusal({ ...booked, state: 'cancelled' }, { action: 'held' }, during)).toBe('closed')
  })

  it('marks held or no-show only once the meeting has begun, and changes a mark back only within a week of its start', () => {
    expect(refusal(booked, { action: 'held' }, before)).toBe('not-started')
    expect(refusal(booked, { action: 'held' }, during)).toBeNull()
    // Seven days after the start, across no clock change, is still within the week; a minute past it is not.
    const weekLater = new Date(Date.parse(mondayNine) + 7 * 86_400_000)
    expect(refusal({ ...booked, state: 'held' }, { action: 'unmark' }, weekLater)).toBeNull()
    expect(refusal({ ...booked, state: 'held' }, { action: 'unmark' }, new Date(weekLater.getTime() + 60_000))).toBe('mark-settled')
    // An unmarked meeting may be marked any time after it began.
    expect(refusal(booked, { action: 'no-show' }, new Date(weekLater.getTime() + 86_400_000))).toBeNull()
  })
})

describe('reminderBefore', () => {
  it.each([
    // Monday, November 2, 2026, 9:00 CST, 48 hours before: Saturday, October 31, 10:00 CDT (the clocks go back in between).
    ['2026-11-02T15:00:00.000Z', 48, '2026-10-31T15:00:00.000Z'],
    // 24 hours before: Sunday, November 1, 9:00 CST (after the change, at 2:00).
    ['2026-11-02T15:00:00.000Z', 24, '2026-11-01T15:00:00.000Z'],
    // Monday, March 15, 2027, 9:00 CDT, 48 hours before: Saturday, March 13, 8:00 CST (the clocks go forward in between).
    ['2027-03-15T14:00:00.000Z', 48, '2027-03-13T14:00:00.000Z'],
    // 24 hours before: Sunday, March 14, 9:00 CDT.
    ['2027-03-15T14:00:00.000Z', 24, '2027-03-14T14:00:00.000Z'],
  ])('counts hours as they pass, whatever the clocks do: %s less %i hours is %s', (start, hours, dueAt) => {
    expect(reminderBefore(start, hours, new Date('2026-10-01T00:00:00Z'))).toEqual({ kind: 'meeting-reminder', dueAt })
  })

  it('is null when its moment is not after now', () => {
    expect(reminderBefore(mondayNine, 24, new Date('2026-11-01T15:00:00.000Z'))).toBeNull()
    expect(reminderBefore(mondayNine, 24, new Date('2026-11-01T14:59:59.999Z'))).not.toBeNull()
  })
})

describe('capRefusal', () => {
  const caps: BookingCaps = { person: 'ann@bakery.example.com', perPerson: 1, clientKey: 'client', perAddress: 3, networkKey: 'network', perNetwork: 6 }
  it('names the first cap reached; 0 is off; no client key, no address cap', () => {
    expect(capRefusal(caps, { ahead: 0, today: 2, network: 5 })).toBeNull()
    expect(capRefusal(caps, { ahead: 1, today: 3, network: 6 })).toBe('person')
    expect(capRefusal(caps, { ahead: 0, today: 3, network: 6 })).toBe('address')
    expect(capRefusal(caps, { ahead: 0, today: 1, network: 6 })).toBe('network')
    expect(capRefusal({ ...caps, perPerson: 0, perAddress: 0, perNetwork: 0 }, { ahead: 5, today: 5, network: 9 })).toBeNull()
    expect(capRefusal({ person: caps.person, perPerson: 1, perAddress: 3, perNetwork: 6 }, { ahead: 0, today: 9, network: 9 })).toBeNull()
  })
})

describe('records and triage', () => {
  it('stamps an arriving record: a suspected lead is New with its mark, a key only when there is one', () => {
    expect(arrivingRecord({ email: 'a@example.com' }, { id: 'r', at: request.receivedAt })).toEqual({
      id: 'r',
      receivedAt: request.receivedAt,
      email: 'a@example.com',
    })
    expect(arrivingRecord({ email: 'a@example.com' }, { id: 'r', at: request.receivedAt, submissionKey: 'k', suspicion: 'fast', clientKey: 'c' })).toEqual({
      id: 'r',
      receivedAt: request.receivedAt,
      email: 'a@example.com',
      submissionKey: 'k',
      suspicion: 'fast',
      clientKey: 'c',
    })
  })

  it('sets a status only when it changes, keeping its history; clears a suspicion with null', () => {
    const at = '2026-10-30T12:00:00.000Z'
    const lead = { ...request, suspicion: 'links' as const }
    expect(triageSet(lead, { status: 'new' }, at)).toEqual({})
    expect(triageSet(lead, { status: 'contacted', note: 'Called', suspicion: null }, at)).toEqual({
      status: 'contacted',
      statusChanges: [{ status: 'contacted', at }],
      note: 'Called',
      noteUpdatedAt: at,
      suspicion: null,
    })
  })
})
