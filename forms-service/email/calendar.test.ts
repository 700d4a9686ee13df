import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { feedIcs, meetingIcs, type MeetingEvent } from './calendar.js'

const meeting: MeetingEvent = {
  uid: 'm1@example.com',
  sequence: 0,
  // 9:30 to 10:00 in Dallas, standard time (UTC-6).
  start: '2026-01-13T15:30:00.000Z',
  end: '2026-01-13T16:00:00.000Z',
  cancelled: false,
  summary: 'Free consultation with Bluebonnet Digital',
  description: 'Your 30-minute free consultation.\nQuestions: hello@example.com',
  location: 'Phone call: 214-555-0100',
  organizer: { name: 'Bluebonnet Digital', email: 'hello@example.com' },
  attendee: { name: 'Eve Example', email: 'eve@example.com' },
  stamp: new Date('2026-01-05T16:00:00Z'),
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const vevent = calendar.getFirstSubcomponent('vevent')
  if (!vevent) throw new Error('No VEVENT')
  return { calendar, vevent, event: new ICAL.Event(vevent) }
}

describe('meetingIcs', () => {
  it('is the meeting itself, in Dallas time: 9:30 to 10:00 standard time (UTC-6)', () => {
    const { event } = parse(meetingIcs(meeting))
    expect(event.startDate.zone?.tzid).toBe('America/Chicago')
    expect([event.startDate.hour, event.startDate.minute, event.endDate.hour, event.endDate.minute]).toEqual([9, 30, 10, 0])
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-01-13T15:30:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-01-13T16:00:00.000Z')
  })

  it('keeps 9:00 Dallas time on the day after each daylight-saving change', () => {
    for (const start of ['2026-03-09T14:00:00.000Z', '2026-11-02T15:00:00.000Z']) {
      const { event } = parse(meetingIcs({ ...meeting, start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString() }))
      expect([event.startDate.hour, event.startDate.minute]).toEqual([9, 0])
      expect(event.startDate.toJSDate().toISOString()).toBe(start)
    }
  })

  it('is a CONFIRMED REQUEST from the agency to the visitor, SEQUENCE 0 when booked', () => {
    const { calendar, vevent, event } = parse(meetingIcs(meeting))
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/Chicago')
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(event.sequence).toBe(0)
    expect(event.uid).toBe('m1@example.com')
    expect(event.summary).toBe(meeting.summary)
    expect(event.description).toBe(meeting.description)
    expect(event.organizer).toBe('mailto:hello@example.com')
    expect(event.attendees).toHaveLength(1)
    expect(event.attendees[0]!.getFirstValue()).toBe('MAILTO:eve@example.com')
    expect(event.attendees[0]!.getParameter('cn')).toBe('Eve Example')
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-01-05T16:00:00Z')
  })

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED, same UID, the sequence it is given', () => {
    const { calendar, vevent, event } = parse(meetingIcs({ ...meeting, cancelled: true, sequence: 2 }))
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(event.uid).toBe('m1@example.com')
    expect(event.sequence).toBe(2)
  })

  it('keeps a hostile name inside its parameter', () => {
    const { event } = parse(meetingIcs({ ...meeting, attendee: { name: 'Eve "x"\r\nATTENDEE:mailto:evil@example.com', email: 'eve@example.com' } }))
    expect(event.attendees).toHaveLength(1)
    expect(event.attendees[0]!.getParameter('cn')).toBe("Eve 'x' ATTENDEE:mailto:evil@example.com")
  })
})

describe('feedIcs', () => {
  it('lists each meeting once, without a method or attendees, with its link', () => {
    const entry = {
      uid: 'm1@example.com',
      sequence: 1,
      start: meeting.start,
      end: meeting.end,
      summary: 'Bakery (Ann)',
      description: 'Ann\n214-555-0142',
      url: 'https://example.com/admin/consultations?id=c1',
      location: 'https://meet.example.com/room-1',
      stamp: meeting.stamp,
    }
    const calendar = new ICAL.Component(ICAL.parse(feedIcs('Consultations', [entry, { ...entry, uid: 'm2@example.com' }])))
    expect(calendar.getFirstPropertyValue('method')).toBeNull()
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
    expect(events.map((event) => event.uid)).toEqual(['m1@example.com', 'm2@example.com'])
    expect(events[0]!.attendees).toHaveLength(0)
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe(entry.url)
    expect(events[0]!.location).toBe(entry.location)
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(meeting.start)
  })
})
