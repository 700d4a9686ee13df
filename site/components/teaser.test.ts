import { describe, expect, it } from 'vitest'
import { teaser } from './teaser'

describe('teaser', () => {
  it('ends at the last whole word within the limit, before the ellipsis', () => {
    expect(teaser('Automated follow-ups doubled repeat bookings', 30)).toBe('Automated follow-ups doubled...')
    expect(teaser('Automated follow-ups doubled repeat bookings', 28)).toBe('Automated follow-ups doubled...')
    expect(teaser('Automated follow-ups doubled repeat bookings', 27)).toBe('Automated follow-ups...')
  })

  it('drops punctuation left at the cut', () => {
    expect(teaser('A cafe, a gym and a shop, all in one week', 13)).toBe('A cafe, a gym...')
    expect(teaser('A cafe, a gym and a shop, all in one week', 8)).toBe('A cafe...')
  })

  it('keeps within the limit for the 100 and 200 character cuts', () => {
    const text = 'word '.repeat(30) + 'supercalifragilistic '.repeat(10)
    for (const length of [100, 200]) {
      const cut = teaser(text, length)
      expect(cut.endsWith('...')).toBe(true)
      expect(cut.length - 3).toBeLessThanOrEqual(length)
      expect(text.startsWith(`${cut.slice(0, -3)} `)).toBe(true)
    }
  })

  it('leaves a text that fits whole, and cuts a single overlong word inside it', () => {
    expect(teaser('Short.', 100)).toBe('Short.')
    expect(teaser('Supercalifragilistic', 5)).toBe('Super...')
  })
})
