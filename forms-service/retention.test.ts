import { describe, expect, it } from 'vitest'
import { retentionCutoff } from './retention.js'

// America/Chicago: daylight time (UTC-5) until 2026-11-01, standard (UTC-6) until 2027-03-14.
describe('retentionCutoff', () => {
  it('keeps the wall-clock time in Dallas across a daylight-saving change', () => {
    // Monday, November 2, 9:00 CST, less one month: Friday, October 2, 9:00 CDT.
    expect(retentionCutoff(new Date('2026-11-02T15:00:00Z'), 1)).toBe('2026-10-02T14:00:00.000Z')
    // Monday, March 15, 2027, 9:00 CDT, less two months: January 15, 9:00 CST.
    expect(retentionCutoff(new Date('2027-03-15T14:00:00Z'), 2)).toBe('2027-01-15T15:00:00.000Z')
    // 24 months, the content's figure: the same day two years before, seconds and milliseconds kept.
    expect(retentionCutoff(new Date('2026-11-25T12:00:07.250Z'), 24)).toBe('2024-11-25T12:00:07.250Z')
  })

  it('counts months on the Dallas calendar, the last day where a month is shorter', () => {
    // 11:30 PM on Wednesday, March 31, 2027 in Dallas is already April 1 in UTC.
    expect(retentionCutoff(new Date('2027-04-01T04:30:00Z'), 1)).toBe('2027-03-01T05:30:00.000Z')
    // March 31, 9:00 CDT, less one month: February 28, 9:00 CST.
    expect(retentionCutoff(new Date('2027-03-31T14:00:00Z'), 1)).toBe('2027-02-28T15:00:00.000Z')
    // Across the year: January 15, 2027 less 3 months is October 15, 2026.
    expect(retentionCutoff(new Date('2027-01-15T15:00:00Z'), 3)).toBe('2026-10-15T14:00:00.000Z')
  })
})
