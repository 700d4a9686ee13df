import { describe, expect, it } from 'vitest'
import { fillPlaceholders } from './placeholders.js'

describe('fillPlaceholders', () => {
  it('fills the strings of nested words and reports an unknown placeholder with its field, leaving it as written', () => {
    const unknown: Array<[string, string]> = []
    const words = { admin: { csvReceived: 'Received ({{ booking.zone }})', notes: ['Within {{site.answerWithinHours}} hours', '{{site.nmae}}'] }, count: 3 }
    const filled = fillPlaceholders(words, { 'booking.zone': 'Central time', 'site.answerWithinHours': '24' }, (name, field) => unknown.push([name, field]))
    expect(filled).toEqual({ admin: { csvReceived: 'Received (Central time)', notes: ['Within 24 hours', '{{site.nmae}}'] }, count: 3 })
    expect(unknown).toEqual([['site.nmae', '/admin/notes/1']])
    // The words it was given are left as they were.
    expect(words.admin.csvReceived).toBe('Received ({{ booking.zone }})')
  })
})
