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
      'message',
      'receivedAt',
      'reference',
      'recordUrl',
    ],
    fields: {},
  },
  'consultation-confirmation': {
    placeholders: ['contactName', 'businessName', 'service', 'date', 'time', 'meeting', 'rescheduleUrl', 'cancelUrl'],
    // The attached calendar entry (the updates and the cancellation carry the same title and text).
    fields: { calendarTitle: 'line', calendarDescription: 'text' },
  },
  // The meeting's later emails: `meeting` is 'Wednesday, November 25 · 9:30–10:00 AM Central time (Dallas)'.
  'meeting-update': {
    placeholders: ['contactName', 'businessName', 'service', 'meeting', 'rescheduleUrl', 'cancelUrl'],
    fields: {},
  },
  'meeting-cancellation': {
    // `message`: the agency's line when it cancelled, else empty; `bookUrl`: the consultation page.
    placeholders: ['contactName', 'businessName', 'service', 'meeting', 'message', 'bookUrl'],
    fields: {},
  },
  'meeting-reminder': {
    placeholders: ['contactName', 'businessName', 'service', 'meeting', 'rescheduleUrl', 'cancelUrl'],
    fields: {},
  },
  'meeting-notice': {
    // `change`: 'moved by the visitor', 'cancelled by the agency', …; `recordUrl`: the request in the admin.
    placeholders: ['contactName', 'businessName', 'change', 'meeting', 'previous', 'recordUrl'],
    fields: {},
  },
  'meeting-agenda': {
    // `meetings`: one line per meeting of the day, by start; `day`: 'Wednesday, November 25'.
    placeholders: ['day', 'count', 'meetings', 'meetingsUrl'],
    fields: {},
  },
  'contact-notification': {
    placeholders: ['name', 'email', 'phone', 'business', 'service', 'message', 'receivedAt', 'reference', 'recordUrl'],
    fields: {},
  },
  'contact-acknowledgement': {
    placeholders: ['name', 'business', 'service'],
    fields: {},
  },
  'newsletter-welcome': {
    placeholders: ['email', 'unsubscribeUrl'],
    fields: {},
  },
} as const satisfies Record<string, { placeholders: readonly string[]; fields: Readonly<Record<string, FieldKind>> }>

export type EmailName = keyof typeof emailTemplateTable

/** What messages.ts must supply to render `N`: one string per placeholder of its row. */
export type TemplateValues<N extends EmailName> = Record<(typeof emailTemplateTable)[N]['placeholders'][number], string>

export type TemplateField<N extends EmailName> = keyof (typeof emailTemplateTable)[N]['fields'] & string

// Object.keys types its result as string[]; the table's own keys are exactly the names.
export const emailNames = Object.keys(emailTemplateTable) as EmailName[]

/** One value per email, e.g. a compiled front-matter check per template. */
export function emailTable<T>(make: (name: EmailName) => T): Record<EmailName, T> {
  return Object.fromEntries(emailNames.map((name) => [name, make(name)])) as Record<EmailName, T>
}
