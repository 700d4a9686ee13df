import { describe, expect, it } from 'vitest'
import { editDistance, jsonMistake, malformedPlaceholders, nearest } from './editorMessages'
import { placeholderPattern } from './placeholders'

const mistakeOf = (text: string) => {
  try {
    JSON.parse(text)
  } catch (error) {
    return jsonMistake(error, text)
  }
  throw new Error('the text is valid JSON')
}

describe('jsonMistake', () => {
  // Node 20 gives no position for an unexpected token; the place is found all the same.
  it('places an unexpected token at its line and column on every Node version', () => {
    const text = '{\n  "name": "Bluebonnet",\n  "open": yes\n}\n'
    const { line, column, message } = mistakeOf(text)
    expect(line).toBe(3)
    expect(text.split('\n')[2]![column! - 1]).toBe('y')
    expect(message).toMatch(/text goes in double quotes/)
  })

  it('points at the comma before a closing bracket', () => {
    const text = '[\n  { "date": "2026-11-26" },\n]\n'
    expect(mistakeOf(text)).toMatchObject({ line: 2, column: text.split('\n')[1]!.length, message: expect.stringMatching(/remove that comma$/) })
  })

  it('points where a missing comma goes, on the line before the next field', () => {
    const text = '{\n  "a": 1\n  "b": 2\n}'
    expect(mistakeOf(text)).toMatchObject({ line: 2, column: '  "a": 1'.length + 1 })
  })
})

describe('nearest', () => {
  it('finds a slip of a letter or two, and nothing farther', () => {
    expect(editDistance('automation-workflow', 'automation-workflows')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    // Past the limit, only that it is past.
    expect(editDistance('kitten', 'sitting', 2)).toBe(3)
    expect(editDistance('flaw', 'lawn', 2)).toBe(2)
    expect(nearest('/blog/automation-workflow', ['/blog', '/blog/automation-workflows', '/blog/website-design-trends'])).toBe('/blog/automation-workflows')
    expect(nearest('/blog/zebra', ['/blog/automation-workflows', '/portfolio'])).toBeUndefined()
    // The same text is no suggestion.
    expect(nearest('/blog', ['/blog'])).toBeUndefined()
  })
})

describe('malformedPlaceholders', () => {
  it('finds each malformed placeholder as written, with the name it seems to mean', () => {
    const text = 'Hi {{name},\nwrite to {{ site email }} or {site.phone}}; {{site.name}} is fine.'
    expect(malformedPlaceholders(text, placeholderPattern)).toEqual([
      { offset: text.indexOf('{{name}'), written: '{{name}', name: 'name' },
      { offset: text.indexOf('{{ site'), written: '{{ site email }}', name: 'site.email' },
      { offset: text.indexOf('{site.phone}}'), written: '{site.phone}}', name: 'site.phone' },
    ])
  })
})
