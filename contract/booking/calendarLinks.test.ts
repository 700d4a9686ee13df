import { describe, expect, it } from 'vitest'
import { calendarLinks } from './calendarLinks.js'

describe('calendarLinks', () => {
  const entry = { start: '2026-12-02T20:00:00.000Z', end: '2026-12-02T20:30:00.000Z', title: 'Free consultation & review', location: 'Phone call' }

  it("gives Google the meeting's UTC instants in its compact form", () => {
    const google = new URL(calendarLinks(entry).google)
    expect(google.host).toBe('calendar.google.com')
    expect(google.searchParams.get('dates')).toBe('20261202T200000Z/20261202T203000Z')
    expect(google.searchParams.get('text')).toBe('Free consultation & review')
    expect(google.searchParams.get('location')).toBe('Phone call')
  })

  it('gives Outlook the instants as ISO 8601', () => {
    const outlook = new URL(calendarLinks(entry).outlook)
    expect(outlook.searchParams.get('startdt')).toBe('2026-12-02T20:00:00.000Z')
    expect(outlook.searchParams.get('enddt')).toBe('2026-12-02T20:30:00.000Z')
    expect(outlook.searchParams.get('subject')).toBe('Free consultation & review')
    expect(outlook.searchParams.has('body')).toBe(false)
  })
})
