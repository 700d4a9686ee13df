import ICAL from 'ical.js'

/** Thrown when a text is no iCalendar file: the read fails and the copy read before stays. */
export class NotACalendarError extends Error {
  override name = 'NotACalendarError'
}

/** An event left out of the busy times because it could not be read; the rest of its calendar counts. */
export interface SkippedEvent {
  uid: string
  /** The parser's words, for the operator's log (never the admin's: they may quote the file). */
  reason: string
}

/**
 * The properties busy times are read from (and a VTIMEZONE's rules); every other line is left out before
 * parsing. Descriptions, attendees and other programs' X- properties are most of a real calendar's bytes
 * and of its parsed memory, and a line of theirs that ical.js refuses (`X-ODD;FLAG:1`, a parameter without
 * a value) would stop the whole file.
 */
const readProperties = new Set([
  'BEGIN',
  'END',
  'UID',
  'DTSTART',
  'DTEND',
  'DURATION',
  'RRULE',
  'RDATE',
  'EXDATE',
  'RECURRENCE-ID',
  'TRANSP',
  'STATUS',
  'TZID',
  'TZOFFSETFROM',
  'TZOFFSETTO',
])
const timeProperties = new Set(['DTSTART', 'DTEND', 'RDATE', 'EXDATE', 'RECURRENCE-ID'])
// 'DTSTART;VALUE=DATE:20261105T090000': a date-time declared a date. ical.js keeps only the date, and the
// event, ending on the day it starts, took no time; it is read as the date-time it is.
const dateWithTime = /;VALUE=DATE(?=(?:;[^:]*)?:\d{8}T\d{6})/i

/** The VEVENTs of every VCALENDAR in `text` (a file may hold several, one after another), and those left out. */
export function calendarEvents(text: string): { events: ICAL.Component[]; skipped: SkippedEvent[] } {
  // A sign-in page or an empty answer where the calendar was: said in words, not in the parser's.
  if (!/^BEGIN:VCALENDAR\r?$/im.test(text)) throw new NotACalendarError('is not an iCalendar file (it has no BEGIN:VCALENDAR)')
  const lines = readLines(text)
  const { parsed, skipped } = parsedLeavingOut(lines)
  // One component, or a list of them when the file holds several.
  const roots: ICAL.Component[] = (Array.isArray(parsed[0]) ? parsed : [parsed]).map((jcal: ReturnType<typeof ICAL.parse>) => new ICAL.Component(jcal))
  const calendars = roots.filter((root) => root.name === 'vcalendar')
  if (calendars.length === 0) throw new NotACalendarError(`is not an iCalendar file (it holds a ${roots[0]!.name.toUpperCase()}, not a VCALENDAR)`)
  return { events: calendars.flatMap((calendar) => calendar.getAllSubcomponents('vevent')), skipped }
}

/** The lines of `readProperties`, each with its folded continuation lines (those that begin with a space or a tab). */
function readLines(text: string): string[] {
  const kept: string[] = []
  let keeping = false
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (keeping) kept.push(line)
      continue
    }
    const name = /^[A-Za-z0-9-]+/.exec(line)?.[0].toUpperCase()
    keeping = name !== undefined && readProperties.has(name)
    if (keeping) kept.push(timeProperties.has(name!) ? line.replace(dateWithTime, '') : line)
  }
  return kept
}

/**
 * The file parsed; when ical.js refuses it, each top-level VEVENT is tried alone and those it refuses
 * (an RRULE of no known frequency) are left out. A line it refuses outside every event (in a VTIMEZONE)
 * still stops the file: what it holds may be any event's time.
 */
function parsedLeavingOut(lines: string[]): { parsed: ReturnType<typeof ICAL.parse>; skipped: SkippedEvent[] } {
  try {
    return { parsed: ICAL.parse(lines.join('\r\n')), skipped: [] }
  } catch {
    // Tried event by event below.
  }
  const kept: string[] = []
  const skipped: SkippedEvent[] = []
  for (const block of blocks(lines)) {
    if (block.event) {
      try {
        ICAL.parse(block.lines.join('\r\n'))
      } catch (error) {
        skipped.push({ uid: uidOf(block.lines), reason: firstLine(error) })
        continue
      }
    }
    kept.push(...block.lines)
  }
  try {
    return { parsed: ICAL.parse(kept.join('\r\n')), skipped }
  } catch (error) {
    throw new NotACalendarError('is not an iCalendar file this service can read', { cause: error })
  }
}

/** The lines cut into the VEVENTs of the calendars (with what they nest, such as VALARMs) and the lines between them. */
function blocks(lines: string[]): Array<{ event: boolean; lines: string[] }> {
  const found: Array<{ event: boolean; lines: string[] }> = []
  let depth = 0
  for (const line of lines) {
    const begins = /^BEGIN:VEVENT\s*$/i.test(line)
    if (depth === 0 && (begins || found.length === 0 || found.at(-1)!.event)) found.push({ event: begins, lines: [] })
    found.at(-1)!.lines.push(line)
    if (found.at(-1)!.event && /^BEGIN:/i.test(line)) depth++
    if (found.at(-1)!.event && /^END:/i.test(line)) depth--
  }
  return found
}

const uidOf = (lines: string[]) => /^UID(?:;[^:\n]*)?:(.*)$/im.exec(lines.join('\n'))?.[1]?.trim() || '(no UID)'

/** The first line of an error's message, at most 120 characters. */
export const firstLine = (error: unknown) =>
  String(error instanceof Error ? error.message : error)
    .split('\n')[0]!
    .slice(0, 120)
