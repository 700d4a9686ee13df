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
    // recordUrl: the request in the admin (SITE_URL's /admin/consultations?id=…).
    placeholders: ['businessName', 'website', 'contactName', 'email', 'phone', 'service', 'date', 'time', 'message', 'receivedAt', 'reference', 'recordUrl'],
    fields: {},
  },
  'consultation-confirmation': {
    placeholders: ['contactName', 'businessName', 'service', 'date', 'time'],
    // The attached calendar entry.
    fields: { calendarTitle: 'line', calendarDescription: 'text' },
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
