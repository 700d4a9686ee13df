import { describe, expect, it } from 'vitest'
import { timeSlots } from '../../contract/forms/options.js'
import { formatDallasInstant, formatRequestedDate, formatSlot, slotHours, slotInterval } from './slots.js'

// 'Morning (9AM-12PM)' -> { start: 9, end: 12 }
function hoursInLabel(label: string) {
  const match = /\((\d+)(AM|PM)-(\d+)(AM|PM)\)/.exec(label)
  if (!match) throw new Error(`No hours in ${label}`)
  const hour = (h: string, half: string) => (Number(h) % 12) + (half === 'PM' ? 12 : 0)
  return { start: hour(match[1]!, match[2]!), end: hour(match[3]!, match[4]!) }
}

describe('consultation slots', () => {
  it('have the hours the forms show in their labels', () => {
    for (const slot of timeSlots) expect(slotHours[slot.value], slot.label).toEqual(hoursInLabel(slot.label))
  })

  it('are Dallas times, standard in winter and daylight in summer', () => {
    expect(slotInterval('2026-01-13', 'morning').start.toISO()).toBe('2026-01-13T09:00:00.000-06:00')
    expect(slotInterval('2026-07-14', 'evening').end.toISO()).toBe('2026-07-14T20:00:00.000-05:00')
  })

  it('read as the emails print them', () => {
    expect(formatRequestedDate('2026-12-01', 'en-US')).toBe('Tuesday, December 1, 2026')
    expect(formatSlot('morning', 'en-US')).toBe('9:00 AM – 12:00 PM Central Time (Dallas)')
    expect(formatSlot('afternoon', 'en-US')).toBe('1:00 PM – 5:00 PM Central Time (Dallas)')
    expect(formatDallasInstant('2026-07-14T15:15:00.000Z', 'en-US')).toBe('Tuesday, July 14, 2026, 10:15 AM CDT')
    expect(formatDallasInstant('2026-01-14T15:15:00.000Z', 'en-US')).toBe('Wednesday, January 14, 2026, 9:15 AM CST')
  })

  it('refuse a date that does not exist', () => {
    expect(() => formatRequestedDate('2026-02-30', 'en-US')).toThrow(RangeError)
  })
})
