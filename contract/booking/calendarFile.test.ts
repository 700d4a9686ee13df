import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import { calendarFile, calendarFileAddress } from './calendarFile'

const entry = {
  uid: 'req-1@example.com',
  stamp: new Date('2026-11-25T16:00:00Z'),
  start: '2026-12-01T15:00:00.000Z',
  end: '2026-12-01T15:30:00.000Z',
  title: 'Free consultation with Bluebonnet Digital',
  details: 'About automation; for Lone Star Bakery, Inc. Questions: hello@example.com\nor (214) 555-0100 — merci, à bientôt. '.repeat(3),
}

test('the file is one event at the meeting’s instants, as a calendar parser reads it', () => {
  const file = calendarFile(entry)
  for (const line of file.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
  const calendar = new ICAL.Component(ICAL.parse(file))
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
  expect(event.uid).toBe('req-1@example.com')
  expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z')
  expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T15:30:00.000Z')
  expect(event.summary).toBe(entry.title)
  expect(event.description).toBe(entry.details)
})

test('the data: address carries the file whole', () => {
  const file = calendarFile(entry)
  const address = calendarFileAddress(file)
  expect(address.startsWith('data:text/calendar;charset=utf-8,')).toBe(true)
  expect(decodeURIComponent(address.slice(address.indexOf(',') + 1))).toBe(file)
})
