/** What a calendar entry says: the meeting's instants, a title, its details and where it happens. */
export interface CalendarEntry {
  start: string
  end: string
  title: string
  details?: string
  location?: string
}

/** '2026-12-02T20:00:00.000Z' -> '20261202T200000Z', the form Google's template link takes. */
const compact = (instant: string) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/**
 * "Add to calendar" links for the two calendars that take an entry by address (Google and Outlook on
 * the web); the `.ics` covers every other (Apple, Thunderbird, desktop Outlook).
 */
export function calendarLinks(entry: CalendarEntry): { google: string; outlook: string } {
  const google = new URLSearchParams({ action: 'TEMPLATE', text: entry.title, dates: `${compact(entry.start)}/${compact(entry.end)}` })
  const outlook = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: entry.title,
    startdt: new Date(entry.start).toISOString(),
    enddt: new Date(entry.end).toISOString(),
  })
  if (entry.details) {
    google.set('details', entry.details)
    outlook.set('body', entry.details)
  }
  if (entry.location) {
    google.set('location', entry.location)
    outlook.set('location', entry.location)
  }
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook}`,
  }
}
