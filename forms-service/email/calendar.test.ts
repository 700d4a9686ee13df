import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { consultationIcs, type ConsultationEvent } from './calendar.js'

const request: ConsultationEvent = {
  uid: 'c1@example.com',
  date: '2026-01-13',
  timeSlot: 'morning',
  summary: 'Free consultation with Bluebonnet Digital',
  description: 'Your 30-minute free consultation.\nQuestions: hello@example.com',
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

describe('consultationIcs', () => {
  it('starts and ends the winter slot at Dallas standard time (UTC-6)', () => {
    const { event } = parse(consultationIcs(request))
    expect(event.startDate.zone?.tzid).toBe('America/Chicago')
    expect([event.startDate.hour, event.endDate.hour]).toEqual([9, 12])
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-01-13T15:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-01-13T18:00:00.000Z')
  })

  it('starts the summer slot at Dallas daylight time (UTC-5)', () => {
    const { event } = parse(consultationIcs({ ...request, date: '2026-07-14', timeSlot: 'afternoon' }))
    expect(event.startDate.zone?.tzid).toBe('America/Chicago')
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-14T18:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-07-14T22:00:00.000Z')
  })

  it('is a tentative REQUEST from the agency to the visitor', () => {
    const { calendar, vevent, event } = parse(consultationIcs(request))
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/Chicago')
    expect(vevent.getFirstPropertyValue('status')).toBe('TENTATIVE')
    expect(event.uid).toBe('c1@example.com')
    expect(event.summary).toBe(request.summary)
    expect(event.description).toBe(request.description)
    expect(event.organizer).toBe('mailto:hello@example.com')
    const attendees = event.attendees
    expect(attendees).toHaveLength(1)
    expect(attendees[0]!.getFirstValue()).toBe('MAILTO:eve@example.com')
    expect(attendees[0]!.getParameter('cn')).toBe('Eve Example')
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-01-05T16:00:00Z')
  })

  it('keeps a hostile name inside its parameter', () => {
    const ics = consultationIcs({ ...request, attendee: { name: 'Eve "x"\r\nATTENDEE:mailto:evil@example.com', email: 'eve@example.com' } })
    const { event } = parse(ics)
    expect(event.attendees).toHaveLength(1)
    expect(event.attendees[0]!.getParameter('cn')).toBe("Eve 'x' ATTENDEE:mailto:evil@example.com")
  })
})
