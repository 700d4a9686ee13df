/**
 * Longest accepted value per kind of field, in characters. Generous for people, small enough that a
 * record stays a few kilobytes and the 100 kB body limit is never the first thing a visitor meets.
 */
export const maxLength = {
  name: 200,
  email: 254, // RFC 5321's longest forward-path
  phone: 40,
  url: 2000,
  message: 5000,
  honeypot: 1000,
  /** The agency's own note on a lead. */
  note: 5000,
  search: 200,
} as const

// Loose on purpose (an address must only look like one), but one plain address a mail server takes:
// no list (`,` `;`), display name or brackets (`<>` `[]`), quotes, comments (`()`) or second `@`,
// which would be stored and then fail for good at sending. Surrounding blanks are allowed and trimmed
// by the service. A pattern rather than `format`, so the browser's standalone validator needs no runtime.
export const emailPattern = '^\\s*[^\\s@,;:<>()\\[\\]"\\\\]+@[^\\s@,;:<>()\\[\\]"\\\\]+\\.[^\\s@,;:<>()\\[\\]"\\\\]+\\s*$'

/**
 * Something visible: a field of only spaces, or of invisible characters (zero-width spaces, direction
 * marks, controls), counts as empty. Patterns are compiled with the `u` flag (ajv's default).
 */
export const notBlankPattern = '[^\\s\\p{C}]'

/**
 * One line without control or invisible format characters: where they have no business (a name, an
 * email address, a phone number), they only hide what the text is, from a person or a spreadsheet.
 */
export const plainLinePattern = '^[^\\p{Cc}\\p{Cf}\\p{Cs}\\u2028\\u2029]*$'

/**
 * Text any store can keep: no NUL and no lone UTF-16 surrogate (`\p{Cs}`, half of a character, which
 * JSON can carry but UTF-8 cannot). PostgreSQL refuses both, so without this a message the embedded
 * store keeps would fail on PostgreSQL on every retry.
 */
export const storableTextPattern = '^[^\\u0000\\p{Cs}]*$'

// 10-digit US numbers: 2145550123, 214-555-0123, 214.555.0123, 214 555 0123, (214) 555-0123, (214)555-0123.
// An optional US country code first ('+1', '+1 ', '1-', '1 '), as phone autofill offers it: '+1 214 555 0199'.
export const usPhonePattern = '^\\s*(?:\\+1[-. ]?|1[-. ])?(\\(\\d{3}\\)|\\d{3})[-. ]?\\d{3}[-. ]?\\d{4}\\s*$'

/** YYYY-MM-DD; whether the day is actually offered is checked by `isOfferedConsultationDate`. */
export const isoDatePattern = '^\\d{4}-\\d{2}-\\d{2}$'

/** '2026-11-25T15:30:00.000Z' or with an offset: an instant, not a wall-clock time. */
export const isoInstantPattern = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$'

/** An IANA time zone's shape ('America/Chicago', 'Etc/GMT+5', 'UTC'); the service also asks the platform whether it knows it. */
export const timeZonePattern = '^[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+){0,2}$'
