import { createElement, Fragment } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, it } from 'vitest'
import type { Meeting } from '../../../contract/booking/booking'
import type { ConsultationView } from '../../../contract/wire/records'
import type { InboxLabels } from '../labels'
import { consultations } from './consultations'

const request: ConsultationView = {
  id: 'c1',
  receivedAt: '2026-03-05T16:00:00.000Z',
  businessName: 'Lone Star Bakery',
  contactName: 'Dana Ruiz',
  email: 'dana@example.com',
  phone: '(214) 555-0199',
  serviceInterest: 'automation',
  date: '2026-03-09',
  timeSlot: 'morning',
  message: '',
  status: 'new',
  statusHistory: [{ status: 'new', at: '2026-03-05T16:00:00.000Z' }],
  note: '',
  overdue: false,
  names: {},
}
const meeting = (start: string, end: string, state: Meeting['state'] = 'booked'): Meeting => ({ id: 'm1', start, end, state, sequence: 0, history: [] })

/** The list's "Meeting or requested slot" cell, as text: its two lines. */
const when = (record: ConsultationView) => {
  const column = consultations.columns.find((candidate) => candidate.header === 'requested')!
  // This column reads no labels.
  return renderToStaticMarkup(createElement(Fragment, null, column.cell(record, {} as InboxLabels)))
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .filter(Boolean)
}

it('shows the requested day and window while the request has no meeting, or its meeting was cancelled', () => {
  expect(when(request)).toEqual(['Mon, Mar 9, 2026', 'Morning (9AM-12PM)'])
  expect(when({ ...request, meeting: meeting('2026-03-09T14:30:00.000Z', '2026-03-09T15:00:00.000Z', 'cancelled') })).toEqual([
    'Mon, Mar 9, 2026',
    'Morning (9AM-12PM)',
  ])
})

// Dallas time on both sides of each change: 14:30 UTC is 8:30 AM on Friday, March 6 (CST), and 9:30 AM on
// Monday, March 9 (CDT, from March 8); 15:30 UTC is 10:30 AM on Friday, October 30 (CDT) and 9:30 AM on
// Monday, November 2 (CST, from November 1).
it('shows the exact day and hours of a booked meeting in Dallas time, across both daylight-saving changes', () => {
  const at = (start: string, end: string) => when({ ...request, meeting: meeting(start, end) })
  expect(at('2026-03-06T14:30:00.000Z', '2026-03-06T15:00:00.000Z')).toEqual(['Fri, Mar 6, 2026', '8:30–9:00 AM'])
  expect(at('2026-03-09T14:30:00.000Z', '2026-03-09T15:00:00.000Z')).toEqual(['Mon, Mar 9, 2026', '9:30–10:00 AM'])
  expect(at('2026-10-30T15:30:00.000Z', '2026-10-30T16:00:00.000Z')).toEqual(['Fri, Oct 30, 2026', '10:30–11:00 AM'])
  expect(at('2026-11-02T15:30:00.000Z', '2026-11-02T16:00:00.000Z')).toEqual(['Mon, Nov 2, 2026', '9:30–10:00 AM'])
  // A meeting moved to another day shows that day, not the requested one; one across noon names both halves.
  expect(at('2026-03-11T17:30:00.000Z', '2026-03-11T18:00:00.000Z')).toEqual(['Wed, Mar 11, 2026', '12:30–1:00 PM'])
  expect(at('2026-03-11T16:45:00.000Z', '2026-03-11T17:15:00.000Z')).toEqual(['Wed, Mar 11, 2026', '11:45 AM–12:15 PM'])
})
