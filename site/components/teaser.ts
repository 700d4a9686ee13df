/**
 * Cuts a teaser to at most `length` characters at the last whole word, and marks the cut with an
 * ellipsis (200 for the featured case, 100 in the grid). A text that fits is left whole.
 *
 *     teaser('Automated follow-ups doubled repeat bookings', 30) // 'Automated follow-ups doubled...'
 */
export function teaser(text: string, length: number): string {
  if (text.length <= length) return text
  const cut = /\s/.test(text.charAt(length)) ? text.slice(0, length) : text.slice(0, length).replace(/\S*$/, '')
  // A single word longer than the limit is cut inside it rather than left out.
  const kept = (cut.trim() === '' ? text.slice(0, length) : cut).replace(/[\s,;:.\u2013\u2014-]+$/, '')
  return `${kept}...`
}
