import { describe, expect, it } from 'vitest'
import { readTimeMinutes } from './readTime'

describe('readTimeMinutes', () => {
  it('counts the words at 200 a minute, rounded up', () => {
    expect(readTimeMinutes('word '.repeat(1000))).toBe(5)
    expect(readTimeMinutes('word '.repeat(1001))).toBe(6)
    expect(readTimeMinutes('word '.repeat(1600))).toBe(8)
  })

  it('stays within the range of 4 to 12 minutes', () => {
    expect(readTimeMinutes('A short note.')).toBe(4)
    expect(readTimeMinutes('word '.repeat(5000))).toBe(12)
  })

  it('leaves out markup, link targets and code', () => {
    const markup = '## Heading\n\n- [a link](https://example.com/a/very/long/path) and ![an image](/images/x.png)\n\n```js\nconst x = 1\n```\n'
    const words = 'word '.repeat(1000)
    expect(readTimeMinutes(words + markup.repeat(50))).toBe(readTimeMinutes(words + 'Heading a link and an image '.repeat(50)))
  })
})
