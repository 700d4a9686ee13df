import { expect, test } from 'vitest'
import { excerpt, formatDateTime, formatDay, telHref, webHref } from './formatting'

test('times name their zone; requested days never shift with the zone', () => {
  expect(formatDateTime('2025-07-07T15:00:00Z')).toMatch(/^Jul 7, 2025, \d{1,2}:00 (AM|PM) \S+$/)
  expect(formatDateTime('2025-07-07T15:00:00Z', 'long')).toMatch(/^July 7, 2025 at \d{1,2}:00 (AM|PM) \S+$/)
  expect(formatDay('2025-07-09')).toBe('Wed, Jul 9, 2025')
  expect(formatDay('2025-07-09', 'long')).toBe('Wednesday, July 9, 2025')
})

test('in a named zone, a time is read there, across both daylight-saving changes', () => {
  const central = (iso: string) => formatDateTime(iso, 'short', 'America/Chicago')
  expect(central('2026-03-08T07:59:00Z')).toBe('Mar 8, 2026, 1:59 AM CST')
  expect(central('2026-03-08T08:00:00Z')).toBe('Mar 8, 2026, 3:00 AM CDT')
  expect(central('2026-11-01T06:59:00Z')).toBe('Nov 1, 2026, 1:59 AM CDT')
  expect(central('2026-11-01T07:00:00Z')).toBe('Nov 1, 2026, 1:00 AM CST')
})

test('an excerpt is one line, cut at a word', () => {
  expect(excerpt('  Online\n\norders   please ')).toBe('Online orders please')
  expect(excerpt('We need a new website for our bakery and online orders for the holidays', 40)).toBe('We need a new website for our bakery and…')
  expect(excerpt('x'.repeat(50), 20)).toBe(`${'x'.repeat(20)}…`)
})

test('links: tel keeps digits, the website only when http(s)', () => {
  expect(telHref('(214) 555-0199')).toBe('tel:2145550199')
  expect(telHref('+1 214.555.0199')).toBe('tel:+12145550199')
  expect(webHref('https://lonestar.example')).toBe('https://lonestar.example/')
  expect(webHref(' http://a.example/x ')).toBe('http://a.example/x')
  expect(webHref('javascript:alert(1)')).toBeNull()
  expect(webHref('lonestar.example')).toBeNull()
  expect(webHref('')).toBeNull()
  expect(webHref(undefined)).toBeNull()
})
