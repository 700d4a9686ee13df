import { describe, expect, it } from 'vitest'
import { loadClosedDays } from '../../forms-service/closedDays.js'
import { consultationDates, isOfferedConsultationDate } from '../../contract/consultationDates.js'
import { fixtureContentDir } from '../fixtures/fixture.js'
import { testApp, validConsultation } from './helpers.js'

/** The day before Thanksgiving 2026, in Dallas. */
const now = new Date('2026-11-25T16:00:00Z')

describe('closed days', () => {
  // The fixture's closed-days.json: Thanksgiving 2026, the day after, Christmas Day and New Year's Day.
  it('are read from closed-days.json of the content at start, Thanksgiving and the day after among them', async () => {
    const closedDays = await loadClosedDays(fixtureContentDir)
    expect(closedDays).toEqual(expect.arrayContaining(['2026-11-26', '2026-11-27', '2026-12-25', '2027-01-01']))
  })

  it('are never offered, in the browser or by the service', () => {
    const closedDays = ['2026-11-26', '2026-11-27']
    expect(
      consultationDates(now, closedDays)
        .map((date) => date.value)
        .slice(0, 2),
    ).toEqual(['2026-11-30', '2026-12-01'])
    expect(isOfferedConsultationDate('2026-11-26', now, closedDays)).toBe(false)
    expect(isOfferedConsultationDate('2026-11-30', now, closedDays)).toBe(true)
  })

  it('a request for one is refused with "Please select a date"', async () => {
    const { http } = await testApp({}, { now: () => now, closedDays: await loadClosedDays(fixtureContentDir) })
    for (const date of ['2026-11-26', '2026-11-27']) {
      const res = await http.post('/api/consultation').send(validConsultation({ date })).expect(400)
      expect(res.body.fields).toEqual({ date: 'Please select a date' })
    }
    await http
      .post('/api/consultation')
      .send(validConsultation({ date: '2026-11-30' }))
      .expect(201)
  })
})
