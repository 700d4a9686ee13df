import { api } from '../contract/wire/api.js'

/** What stands in a log line for a secret an address carried. */
export const redacted = '[redacted]'

// '/api/calendar/:file' -> '/api/calendar/': everything after it is the feed's secret.
const feedPrefix = api.meetings.calendarFeed.path.replace(/:file$/, '')
// `token`: a meeting's or an unsubscribe link's signature; `booking`: a booked request's signed reference.
const secretParameter = /(^|&)(token|booking)=[^&]*/gi

/**
 * An address as a log line or a metric label may show it: the calendar feed's secret
 * (`/api/calendar/<secret>.ics`) and the value of any `token` or `booking` query parameter replaced
 * by `[redacted]`. Whoever holds one of these reads the agency's meetings or changes a visitor's, and
 * logs are read by more people, and kept longer, than the data they describe.
 */
export function redactPath(address: string): string {
  const at = address.indexOf('?')
  const path = at === -1 ? address : address.slice(0, at)
  const query = at === -1 ? null : address.slice(at + 1)
  const safePath = path.startsWith(feedPrefix) && path.length > feedPrefix.length ? `${feedPrefix}${redacted}` : path
  return query === null ? safePath : `${safePath}?${query.replace(secretParameter, `$1$2=${redacted}`)}`
}
