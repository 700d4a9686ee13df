// Times in the admin are the admin's own, in the browser's zone and named:
// '2025-07-07T15:00:00Z' -> 'Jul 7, 2025, 10:00 AM CDT' (short) or 'July 7, 2025 at 10:00 AM CDT' (long).
// With a zone, in that zone: formatDateTime('2026-03-08T08:00:00Z', 'short', 'America/Chicago') -> 'Mar 8, 2026, 3:00 AM CDT'.
const dateTimeOptions = {
  short: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  long: { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

export function formatDateTime(iso: string, style: keyof typeof dateTimeOptions = 'short', timeZone?: string): string {
  const key = `${style}|${timeZone ?? ''}`
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...dateTimeOptions[style], timeZone })
    dateTimeFormats.set(key, format)
  }
  return format.format(new Date(iso))
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })

/** How long ago a lead arrived, in the largest whole unit: '45 minutes ago', '5 hours ago', '3 days ago'. */
export function formatAge(iso: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000))
  if (minutes < 60) return relative.format(-minutes, 'minute')
  if (minutes < 48 * 60) return relative.format(-Math.floor(minutes / 60), 'hour')
  return relative.format(-Math.floor(minutes / (24 * 60)), 'day')
}

// A requested day is a date in Dallas with no time: read and written in UTC so that no zone shifts it.
// '2025-07-09' -> 'Wed, Jul 9, 2025' (short) or 'Wednesday, July 9, 2025' (long).
const dayFormats = {
  short: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
}

export const formatDay = (date: string, style: keyof typeof dayFormats = 'short') => dayFormats[style].format(new Date(`${date}T00:00:00Z`))

/** The start of a message on one line: blanks collapsed, cut at a word near `max` characters with an ellipsis. */
export function excerpt(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max)
  // Cut before the word that would be broken, unless that leaves too little.
  const space = line[max] === ' ' ? max : cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** 'tel:' link of a phone number as typed: '(214) 555-0199' -> 'tel:2145550199'. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/**
 * The website as a link target only when it is an http(s) URL; anything else a visitor typed
 * (javascript:, a bare name) is shown as text, never followed.
 */
export function webHref(website: string | undefined): string | null {
  if (!website) return null
  try {
    const url = new URL(website.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}
