import { describe, expect, it } from 'vitest'
import { timeSlots } from '../../contract/forms/options'
import { slotsOutsideHours } from './openingHours'

describe('slotsOutsideHours', () => {
  it('accepts the three slots within 09:00-20:00', () => {
    expect(slotsOutsideHours({ from: '09:00', to: '20:00' }, timeSlots)).toEqual([])
  })

  it('names a slot that ends after closing or starts before opening', () => {
    expect(slotsOutsideHours({ from: '09:00', to: '18:00' }, timeSlots)).toEqual(['the evening slot (6PM-8PM) ends after the opening hours (09:00-18:00)'])
    expect(slotsOutsideHours({ from: '10:00', to: '20:00' }, timeSlots)).toEqual(['the morning slot (9AM-12PM) starts before the opening hours (10:00-20:00)'])
  })
})
