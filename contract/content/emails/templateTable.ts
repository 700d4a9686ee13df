/** How a front-matter field may be written: 'line' on one line (a title), 'text' on several. */
export type FieldKind = 'line' | 'text'

/**
 * Each email, the placeholders its template may use besides the content ones (`{{site.email}}`,
 * `{{analysis.meetingLength}}`, see templates.ts), and the front-matter fields it needs besides
 * `subject`. messages.ts fills the placeholders from the stored record.
 *
 * Emails to the visitor offer no free text (message, website): otherwise anyone could have the
 * service mail their own words to any address.
 */
export const emailTemplateTable = {
  'consultation-notification': {
    placeholders: [
      'businessName',
      'website',
      'contactName',
      'email',
      'phone',
      'service',
      'date',
      'time',
      'meeting',
      'place',
      'message',
      'receivedAt',
      'reference',
      'recordUrl',
    ],
    // `suspectedSubject`: the subject instead when the spam rule suspects the request (forms-service/spam.ts).
    fields: { suspectedSubject: 'line' },
  },
  'consultation-confirmation': {
    // `place`: how the meeting happens ('Video call: https://…'); the calendar links add it to Google Calendar
    // or Outlook on the web. `time` and `meeting` add the visitor's own time when their zone shows another clock.
    placeholders: [
      'contactName',
      'businessName',
      'service',
      'date',
      'time',
      'meeting',
      'place',
      'rescheduleUrl',
      'cancelUrl',
      'googleCalendarUrl',
      'outlookCalendarUrl',
    ],
    // The attached calendar entry (the updates and the cancellation carry the same title and text).
    fields: { calendarTitle: 'line', calendarDescription: 'text' },
  },
  // The meeting's later emails: `meeting` is 'Wednesday, November 25 · 9:30–10:00 AM Central time (Dallas)'.
  'meeting-update': {
    placeholders: ['contactName', 'businessName', 'service', 'meeting', 'place', 'rescheduleUrl', 'cancelUrl', 'googleCalendarUrl', 'outlookCalendarUrl'],
    fields: {},
  },
  'meeting-cancellation': {
    // `message`: the agency's line when it cancelled, else empty; `bookUrl`: the consultation page.
    placeholders: ['contactName', 'businessName', 'service', 'meeting', 'message', 'bookUrl'],
    fields: {},
  },
  'meeting-reminder': {
    placeholders: ['contactName', 'businessName', 'service', 'meeting', 'place', 'rescheduleUrl', 'cancelUrl'],
    fields: {},
  },
  'meeting-notice': {
    // `change`: 'moved by the visitor', 'cancelled by the agency', …; `recordUrl`: the request in the admin;
    // `reason`: the visitor's reason for cancelling, '—' when they gave none.
    placeholders: ['contactName', 'businessName', 'change', 'meeting', 'place', 'previous', 'reason', 'recordUrl'],
    fields: {},
  },
  'morning-digest': {
    // To the agency on working days. `day`: 'Monday, March 9'; `since`: when the previous digest was due,
    // 'Friday, March 6, 8:00 AM CST'. The lists are one linked line per lead or meeting, each on a line
    // of its own in the body; an empty one reads the field of the same name ('No new leads.').
    // A lead's line starts with `requestLabel` or `messageLabel`. `suspectedLeads`: the new leads the spam
    // rule suspects (forms-service/spam.ts), listed apart from `newLeads`.
    placeholders: ['day', 'since', 'newCount', 'overdueCount', 'meetingCount', 'newLeads', 'suspectedLeads', 'overdueLeads', 'meetings', 'meetingsUrl'],
    lists: { newLeads: 'noNewLeads', suspectedLeads: 'noSuspectedLeads', overdueLeads: 'noOverdueLeads', meetings: 'noMeetings' },
    fields: { noNewLeads: 'line', noSuspectedLeads: 'line', noOverdueLeads: 'line', noMeetings: 'line', requestLabel: 'line', messageLabel: 'line' },
  },
  'contact-notification': {
    placeholders: ['name', 'email', 'phone', 'business', 'service', 'message', 'receivedAt', 'reference', 'recordUrl'],
    fields: { suspectedSubject: 'line' },
  },
  'contact-acknowledgement': {
    placeholders: ['name', 'business', 'service'],
    fields: {},
  },
  'newsletter-welcome': {
    placeholders: ['email', 'unsubscribeUrl'],
    fields: {},
  },
} as const satisfies Record<
  string,
  {
    placeholders: readonly string[]
    /** Placeholders whose value is a list of lines (EmailLine), each the front-matter field to read when it is empty. */
    lists?: Readonly<Record<string, string>>
    fields: Readonly<Record<string, FieldKind>>
  }
>

export type EmailName = keyof typeof emailTemplateTable

/** One line of a list placeholder: its text, linked to `url` when there is one. */
export interface EmailLine {
  text: string
  url?: string
}

type Row<N extends EmailName> = (typeof emailTemplateTable)[N]
/** The list placeholders of `N`. */
export type ListPlaceholder<N extends EmailName> = Row<N> extends { lists: infer L } ? keyof L & string : never

/** The placeholders that are lists, and the field each reads when empty, for any email. */
export const listPlaceholders = (name: EmailName): Readonly<Record<string, string>> => {
  const row = emailTemplateTable[name]
  return 'lists' in row ? row.lists : {}
}

/** What messages.ts must supply to render `N`: a string per placeholder of its row, lines for a list. */
export type TemplateValues<N extends EmailName> = Record<Exclude<Row<N>['placeholders'][number], ListPlaceholder<N>>, string> &
  Record<ListPlaceholder<N>, readonly EmailLine[]>

export type TemplateField<N extends EmailName> = keyof (typeof emailTemplateTable)[N]['fields'] & string

// Object.keys types its result as string[]; the table's own keys are exactly the names.
export const emailNames = Object.keys(emailTemplateTable) as EmailName[]

/** One value per email, e.g. a compiled front-matter check per template. */
export function emailTable<T>(make: (name: EmailName) => T): Record<EmailName, T> {
  return Object.fromEntries(emailNames.map((name) => [name, make(name)])) as Record<EmailName, T>
}
