/** Reading speed for the estimate: the slow end of the usual 200-230 words a minute, so it never promises too little. */
export const wordsPerMinute = 200

/** Blog read times: 4 to 12 minutes. */
export const readTimeRange = { min: 4, max: 12 } as const

/**
 * Minutes to read an article's Markdown body, from its words (code, link targets and markup left
 * out), rounded up and kept within that range.
 *
 *     readTimeMinutes('word '.repeat(1100)) // 6
 */
export function readTimeMinutes(markdown: string): number {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
  const words = prose.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length
  const minutes = Math.ceil(words / wordsPerMinute)
  return Math.min(readTimeRange.max, Math.max(readTimeRange.min, minutes))
}
