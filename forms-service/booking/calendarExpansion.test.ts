import { describe, expect, it } from 'vitest'
import { expandOnWorker, expansionBudget, OverBudgetError } from './calendarExpansion.js'
import { NotACalendarError } from './calendarParse.js'

const range = { from: Date.parse('2026-11-01T00:00:00Z'), to: Date.parse('2026-12-01T00:00:00Z') }
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20261020T120000Z', ...lines, 'END:VEVENT'].join('\r\n')
const everySecond = (count: number) =>
  calendar(...Array.from({ length: count }, (_, i) => event(`second-${i}`, 'DTSTART:20261101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY')))
const expand = (text: string, budget: Partial<typeof expansionBudget> = {}, signal = new AbortController().signal) =>
  expandOnWorker(text, range, { ...expansionBudget, ...budget }, signal)
const overBudget = (budget: string) => expect.objectContaining({ name: 'OverBudgetError', budget })

// On a worker thread from the TypeScript source, as the tests and `npm run dev` run it; the compiled one
// (build/) is tests/service/production-start.test.ts's.
describe('expandOnWorker', () => {
  it('answers the busy times and the events left out', async () => {
    const text = calendar(event('a', 'DTSTART:20261102T150000Z', 'DTEND:20261102T160000Z'), event('b', 'DTSTART:tomorrow'))
    expect(await expand(text)).toEqual({
      times: [{ start: Date.parse('2026-11-02T15:00:00Z'), end: Date.parse('2026-11-02T16:00:00Z') }],
      skipped: [{ uid: 'b', reason: expect.any(String) }],
    })
    await expect(expand('<html>Sign in</html>')).rejects.toThrow(NotACalendarError)
  })

  it('refuses a calendar past its occurrences, its time or its memory, ending its thread', async () => {
    await expect(expand(everySecond(100))).rejects.toEqual(overBudget('occurrences'))
    // Without the bound on occurrences, the same file runs until its time is out, or (faster) its memory.
    await expect(expand(everySecond(100), { occurrences: Number.POSITIVE_INFINITY, timeMs: 1500 })).rejects.toEqual(overBudget('time'))
    const large = calendar(...Array.from({ length: 20_000 }, (_, i) => event(`e${i}`, 'DTSTART:20261102T150000Z', 'DTEND:20261102T160000Z')))
    await expect(expand(large, { heapMb: 8, timeMs: 20_000 })).rejects.toEqual(overBudget('memory'))
    expect((await expand(large)).times).toHaveLength(1)
  })

  it('ends its thread when the read is abandoned', async () => {
    const stopping = new AbortController()
    const expansion = expand(everySecond(100), { occurrences: Number.POSITIVE_INFINITY }, stopping.signal)
    stopping.abort()
    await expect(expansion).rejects.toMatchObject({ name: 'AbortError' })
    await expect(expansion).rejects.not.toBeInstanceOf(OverBudgetError)
  })
})
