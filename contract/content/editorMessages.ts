// What an editor reads when a content file cannot be read: the line, the column, the fix in plain words
// and the lines around it. The site build (site/content) and the email templates (emails/templates.ts,
// also read by the forms service) both say it with these, so `npm run dev`, `npm run build` and the
// service's start print the same words.

/** A mistake at a place in a file: `line` and `column` count from 1; `frame` is the lines around it, with a caret. */
export type Mistake = { line?: number; column?: number; message: string; frame?: string }

/** A mistake as its problem's text: the message, then the lines around it. */
export const mistakeText = ({ message, frame }: Mistake) => (frame ? `${message}\n${frame}` : message)

/**
 * The lines around `line` of `text` ('  > 3 | title: A: b' and a caret under `column`), as Astro's and
 * Babel's overlays show them.
 */
export function codeFrame(text: string, line: number, column?: number): string {
  const lines = text.split('\n')
  const from = Math.max(1, line - 2)
  const to = Math.min(lines.length, line + 1)
  const width = String(to).length
  const shown: string[] = []
  for (let number = from; number <= to; number++) {
    const marker = number === line ? '>' : ' '
    shown.push(`  ${marker} ${String(number).padStart(width)} | ${(lines[number - 1] ?? '').replace(/\r$/, '')}`)
    if (number === line && column !== undefined) shown.push(`    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`)
  }
  return shown.join('\n')
}

/** `title: "Automation: a guide"`: the line with its value in quotes, when it is a `name: value` line. */
function quoted(lineText: string): string | undefined {
  const match = /^(\s*(?:- )?[\w-]+):\s+(.+?)\s*$/.exec(lineText)
  if (!match || /^["']/.test(match[2]!)) return undefined
  return `${match[1]!.trim()}: ${JSON.stringify(match[2]!)}`
}

const fieldOf = (lineText: string) => /^\s*(?:- )?([\w-]+)\s*:/.exec(lineText)?.[1]

/**
 * js-yaml's reasons, each with the line to show (`back`: the line before the one js-yaml stops at, where
 * the mistake is) and the fix in an editor's words.
 */
const yamlFixes: { reason: RegExp; back?: boolean; fix: (field: string | undefined, lineText: string) => string }[] = [
  {
    reason: /incomplete explicit mapping pair|a key node is missed/,
    fix: (_field, lineText) => withExample('a colon inside a value: put the whole value in quotes', lineText),
  },
  { reason: /duplicated mapping key/, fix: (field) => `${field ? `the field ${field}` : 'a field'} is written twice: keep one of them` },
  {
    reason: /within a (double|single) quoted scalar/,
    fix: () => 'a quote opens a value and is never closed: end the value with the same quote, on the same line',
  },
  {
    reason: /within a flow collection/,
    fix: (_field, lineText) => withExample('a [ or { opens a list that is never closed: close it, or, if it is text, put the whole value in quotes', lineText),
  },
  {
    reason: /multiline key may not be an implicit key|can not read a block mapping entry/,
    back: true,
    fix: (_field, lineText) =>
      withExample('text after a quoted value, or a value that starts with [ or {: put the whole value in quotes (a quote inside it as \\")', lineText),
  },
  {
    reason: /unidentified alias|unknown tag|found character that cannot start|end of the stream or a document separator is expected/,
    fix: (_field, lineText) =>
      withExample(
        'a value that starts with @, `, %, *, & or !, or a field without a space after its colon: write name: value, with the value in quotes',
        lineText,
      ),
  },
  {
    reason: /bad indentation|missed comma between flow collection/,
    fix: () => 'the indentation does not match the lines around it: start each field at the same column, with spaces (not tabs)',
  },
]

function withExample(fix: string, lineText: string): string {
  const example = quoted(lineText)
  return example ? `${fix}, as in ${example}` : fix
}

/**
 * A front matter js-yaml cannot read: `source` is the file's text and `firstLine` the line of the file the
 * YAML text starts on (gray-matter's front matter starts after the opening '---', on line 1).
 */
export function yamlMistake(error: unknown, source: string, firstLine = 1): Mistake {
  const { reason, mark } = error as { reason?: string; mark?: { line: number; column: number } }
  const text = reason ?? (error instanceof Error ? error.message.split('\n')[0]! : String(error))
  if (!mark) return { message: `front matter is not valid YAML: ${text}` }
  const lines = source.split('\n')
  let line = mark.line + firstLine
  // At the start of a line a caret says nothing the line number does not.
  let column: number | undefined = mark.column > 0 ? mark.column + 1 : undefined
  const rule = yamlFixes.find((candidate) => candidate.reason.test(text))
  // js-yaml stops at the start of the line after such a mistake, or at the colon of the next field after
  // `title:x` (no space: the two lines read as one value); an unclosed quote is found at the very end.
  const afterNoSpace = /document separator/.test(text) && lines[line - 1]?.[mark.column] === ':' && !/:\s/.test(lines[line - 2] ?? ': ')
  if ((rule?.back || afterNoSpace) && line > 1) {
    while (line > 1 && (lines[line - 2] ?? '').trim() === '') line--
    line--
    column = undefined
  }
  // Where the unclosed quote or bracket opens, not the end of the front matter where js-yaml notices it.
  const opener = /double quoted/.test(text) ? '"' : /single quoted/.test(text) ? "'" : /flow collection/.test(text) ? '[{' : undefined
  if (opener) {
    const opened = lastOpening(lines, line, opener)
    if (opened) ({ line, column } = opened)
  }
  const lineText = lines[line - 1] ?? ''
  const field = fieldOf(lineText)
  const fix = rule ? rule.fix(field, lineText) : `front matter is not valid YAML: ${text}`
  return { line, column, message: field && !fix.startsWith(`the field ${field}`) ? `${field}: ${fix}` : fix, frame: codeFrame(source, line, column) }
}

/** The last line up to `line` whose value starts with one of `openers` (a quote it does not close, '[' or '{'). */
function lastOpening(lines: string[], line: number, openers: string): { line: number; column: number } | undefined {
  for (let number = line; number >= 1; number--) {
    const match = /^(\s*(?:- )?[\w-]+:\s*)(\S)(.*)$/.exec(lines[number - 1] ?? '')
    if (!match || !openers.includes(match[2]!)) continue
    if (openers.length === 1 && match[3]!.trimEnd().endsWith(match[2]!)) continue
    return { line: number, column: match[1]!.length + 1 }
  }
  return undefined
}

const trailingComma = 'a comma after the last field or item: remove that comma'

/** V8's JSON.parse messages (Node 20 to 24), each with the fix in an editor's words. */
const jsonFixes: [RegExp, string][] = [
  [/Expected ',' or '}' after property value/, 'a comma is missing after this value (or a } after the last field): put a comma here'],
  [/Expected ',' or ']' after array element/, 'a comma is missing after this item of a list (or a ] after the last one): put a comma here'],
  [/Expected double-quoted property name|Expected property name or '}'/, 'a field name without double quotes: put it in double quotes ("name")'],
  [/Unterminated string/, 'a text opens with " and is never closed: end it with "'],
  [/Bad control character in string literal/, 'a line break or a tab inside a text: keep the text on one line (\\n for a line break)'],
  [/Bad escaped character/, 'a backslash inside a text: write it as \\\\'],
  [/Unexpected end of JSON input/, 'the file ends too early: a closing }, ] or " is missing'],
  [/Unexpected non-whitespace character after JSON/, 'something follows the end: remove what comes after the last } or ]'],
  [
    /Unexpected|No number after minus sign|Unterminated fractional number|Exponent part is missing/,
    'a value JSON cannot read: text goes in double quotes ("like this"), numbers, true, false and null without',
  ],
]

/** A JSON file JSON.parse refused, at its line and column, in the same words on every Node version. */
export function jsonMistake(error: unknown, text: string): Mistake {
  const raw = error instanceof Error ? error.message : String(error)
  let fix = jsonFixes.find(([pattern]) => pattern.test(raw))?.[1]
  let position = jsonErrorPosition(raw, text)
  const upTo = position === undefined ? '' : text.slice(0, position).trimEnd()
  // V8 stops at the next field; the comma goes right after the value before it, often on the line above.
  if (/Expected ',' or/.test(raw)) position = upTo.length
  // A comma before a closing ] or } (Node 20 says only "Unexpected token ']'"): shown at the comma.
  else if (position !== undefined && /[}\]]/.test(text[position] ?? '') && upTo.endsWith(',')) {
    fix = trailingComma
    position = upTo.length - 1
  }
  const message = `is not valid JSON: ${fix ?? raw.replace(/ in JSON at position .*$/, '')}`
  if (position === undefined) return { message }
  const lines = text.slice(0, position).split('\n')
  const line = lines.length
  const column = lines.at(-1)!.length + 1
  return { line, column, message, frame: codeFrame(text, line, column) }
}

/**
 * Where JSON.parse stopped: 'at position 123' where V8 says so; Node 20 says only "Unexpected token 'x'",
 * so then the shortest start of the text that already fails the same way ends at it.
 */
function jsonErrorPosition(message: string, text: string): number | undefined {
  const stated = / at position (\d+)/.exec(message)
  if (stated) return Math.min(parseInt(stated[1]!, 10), text.length)
  if (/Unexpected end of JSON input/.test(message)) return text.trimEnd().length
  if (!/^Unexpected token/.test(message)) return undefined
  const failsAtToken = (end: number) => {
    try {
      JSON.parse(text.slice(0, end))
      return false
    } catch (error) {
      return /^Unexpected token/.test((error as Error).message)
    }
  }
  let low = 1
  let high = text.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (failsAtToken(middle)) high = middle
    else low = middle + 1
  }
  return low - 1
}

/**
 * Levenshtein distance (insertions, deletions, substitutions), or `limit + 1` as soon as it must be more than
 * `limit`: only the cells within `limit` of the diagonal are computed, so a blog of thousands of addresses
 * is searched in milliseconds.
 */
export function editDistance(a: string, b: string, limit = Math.max(a.length, b.length)): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  const beyond = limit + 1
  // Two rows, swapped: a search over thousands of candidates allocates nothing per cell row.
  let previous = new Array<number>(b.length + 1)
  let current = new Array<number>(b.length + 1)
  for (let j = 0; j <= b.length; j++) previous[j] = Math.min(j, beyond)
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit)
    const to = Math.min(b.length, i + limit)
    current[0] = Math.min(i, beyond)
    if (from > 1) current[from - 1] = beyond
    let best = current[0]!
    for (let j = from; j <= to; j++) {
      const cell = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), beyond)
      current[j] = cell
      if (cell < best) best = cell
    }
    if (to < b.length) current[to + 1] = beyond
    if (best > limit) return beyond
    ;[previous, current] = [current, previous]
  }
  return Math.min(previous[b.length]!, beyond)
}

/**
 * The candidate closest to `wanted`, if it is close enough to be a slip (a letter or two, at most a third
 * of the text): '/blog/automation-workflow' -> '/blog/automation-workflows'. Ties go to the first.
 */
export function nearest(wanted: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(wanted.length / 3)) + 1
  for (const candidate of candidates) {
    if (candidate === wanted) continue
    const distance = editDistance(wanted, candidate, bestDistance - 1)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/** ': did you mean /blog/automation-workflows?', or nothing when no candidate is close. */
export const didYouMean = (wanted: string, candidates: Iterable<string>) => {
  const suggestion = nearest(wanted, candidates)
  return suggestion === undefined ? '' : `: did you mean ${suggestion}?`
}

/**
 * The `{{`/`}}` left once the well-formed placeholders are taken out ('{{name}', '{name}}', '{{ site email }}'),
 * each with its offset in `text` and the name it seems to mean.
 */
export function malformedPlaceholders(text: string, wellFormed: RegExp): { offset: number; written: string; name: string }[] {
  const blanked = text.replace(new RegExp(wellFormed.source, 'g'), (match) => ' '.repeat(match.length))
  const found: { offset: number; written: string; name: string }[] = []
  for (const match of blanked.matchAll(/\{\{[^{}\n]*\}\}|\{\{[^{}\s]*\}?|\{?[^{}\s]*\}\}/g)) {
    found.push({ offset: match.index, written: match[0], name: match[0].replace(/^[{\s]+|[}\s]+$/g, '').replace(/\s+/g, '.') })
  }
  return found
}

/** The line (from 1) of an offset in a text. */
export const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length

// The site's own checks across files (site/content): future articles and old addresses.

/** A strict build's line for an article dated after today. */
export const futureArticle = (date: string, today: string) =>
  `date ${date} is after today (${today}): a strict build (CI=true or STRICT_CONTENT=1) does not hold an article back until its date; correct the date, or add the article on that day`

/** Part of the build's summary line: '1 article held back until its date: content/blog/x.md (2027-03-01)'. */
export const heldBackSummary = (articles: readonly { file: string; date: string }[]) =>
  `${articles.length} article${articles.length === 1 ? '' : 's'} held back until ${articles.length === 1 ? 'its date' : 'their dates'}: ${articles.map(({ file, date }) => `${file} (${date})`).join(', ')}`

/** What a link to an article held back is told instead of "did you mean". */
export const heldBackLink = (date: string) => `: that article is held back until its date (${date})`

/** An old address (`redirectFrom`) that is a page which exists, or this file's own page. */
export const redirectToPage = (from: string, page: string | 'itself') =>
  page === 'itself'
    ? `redirectFrom: ${from} is this page's own address: remove it from redirectFrom`
    : `redirectFrom: ${from} is the page of ${page}, which exists: remove it from redirectFrom here`

/** Two files that claim one old address: a copied file keeps its original's redirectFrom. */
export const redirectClaimedTwice = (what: string, from: string, first: string, second: string) =>
  `two ${what} claim the old address ${from} (redirectFrom): ${first} and ${second}; keep it in one`

/** An SVG is published as it is (site/content/imageManifest.ts), so one that could run code on the site's address is refused. */
export const scriptedSvg = (what: string) =>
  `has ${what}: an SVG is published as it is, and would run it on the site's address; export the artwork again without scripts, event attributes or javascript: links`
