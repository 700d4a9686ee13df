import { expect, test } from 'vitest'
import { offerRunning } from './offerSchedule'

test('the offer runs through its end date in the visitor calendar, and not a moment later', () => {
  expect(offerRunning('2025-06-30', new Date(2025, 5, 1))).toBe(true)
  expect(offerRunning('2025-06-30', new Date(2025, 5, 30, 23, 59, 59))).toBe(true)
  expect(offerRunning('2025-06-30', new Date(2025, 6, 1, 0, 0, 0))).toBe(false)
  expect(offerRunning('2025-12-31', new Date(2026, 0, 1))).toBe(false)
})
