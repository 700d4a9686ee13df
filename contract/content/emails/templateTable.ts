import { hidden, type Hidden } from '../../forms/exhaustive.js'
import type { ConsultationFields, ContactFields } from '../../wire/records.js'

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
      // Where the lead came from, in words (contract/wire/sourceWords.ts sourceInWords).
      'source',
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
    // `message`: the agency's line when it moved the meeting, else empty.
    placeholders: [
      'contactName',
      'businessName',
      'service',
      'meeting',
      'place',
      'message',
      'rescheduleUrl',
      'cancelUrl',
      'googleCalendarUrl',
      'outlookCalendarUrl',
    ],
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
    // To the agency on working days, in the order it acts. `day`: 'Monday, March 9'; `since`: when the
    // previous digest was due, 'Friday, March 6, 8:00 AM CST'. The lists are one linked line per lead or
    // meeting, each on a line of its own in the body, at most ten, then "and N more" (`moreRequests`,
    // `moreMessages`, `moreMeetings` with `moreCount`) linked to the admin's list; an empty one reads the
    // field of the same name ('No new leads.'). A lead's line starts with `requestLabel` or `messageLabel`
    // and ends with its meeting after `meetingLabel`. `overdueLeads`: still New the promise's hours (site.json `answerWithinHours`) after they
    // arrived, oldest first, with their age. `newLeads`: received since `since`, still New, not overdue;
    // `suspectedLeads`: those of them the spam rule suspects (forms-service/spam.ts). `answeredCount`: the
    // leads received since `since` that are no longer New.
    // `yesterday…`: the day before's new leads, meetings held, and leads come due and answered within the promise (digest/yesterday.ts).
    placeholders: [
      'day',
      'since',
      'newCount',
      'overdueCount',
      'meetingCount',
      'answeredCount',
      'moreCount',
      'newLeads',
      'suspectedLeads',
      'overdueLeads',
      'meetings',
      'meetingsUrl',
      'yesterdayLeads',
      'yesterdayHeld',
      'yesterdayKept',
      'yesterdayDue',
    ],
    lists: { newLeads: 'noNewLeads', suspectedLeads: 'noSuspectedLeads', overdueLeads: 'noOverdueLeads', meetings: 'noMeetings' },
    fields: {
      noNewLeads: 'line',
      noSuspectedLeads: 'line',
      noOverdueLeads: 'line',
      noMeetings: 'line',
      requestLabel: 'line',
      messageLabel: 'line',
      meetingLabel: 'line',
      moreRequests: 'line',
      moreMessages: 'line',
      moreMeetings: 'line',
    },
  },
  'contact-notification': {
    placeholders: ['name', 'email', 'phone', 'business', 'service', 'message', 'receivedAt', 'reference', 'recordUrl', 'source'],
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
  // To the agency, once a day at most, when bookings first come faster than BOOKING_CHALLENGE_PER_HOUR
  // (forms-service/booking/challenge.ts): `since` when it was passed ('Wednesday, December 2, 1:15 PM CST'),
  // `inboxUrl` the admin's consultation requests.
  'booking-check': {
    placeholders: ['since', 'inboxUrl'],
    fields: {},
  },
  // To the visitor whose request was kept without a time while the booking challenge was on
  // (forms-service/routes/forms.ts): `meeting` the window asked for ('Wednesday, December 9, Morning (9AM-12PM)'),
  // `holdUrl` the hold link (urls.consultationHold), `holdUntil` when it stops working, in Central time.
  'consultation-hold': {
    placeholders: ['contactName', 'businessName', 'service', 'date', 'meeting', 'holdUrl', 'holdUntil'],
    fields: {},
  },
  // To a person an owner invited to the desk (forms-service/email/deskEmails.ts): `name` theirs, `invitedBy` the
  // owner's, `role` in words ('an owner', 'a member'), `joinUrl` the link that works once (urls.admin.join),
  // `expiresAt` when it stops working, in Central time.
  'desk-invitation': {
    placeholders: ['name', 'invitedBy', 'role', 'joinUrl', 'expiresAt'],
    fields: {},
  },
  // To a person at the desk who asked to reset their password (or an operator's recovery link, forms-service/
  // peopleCli.ts): `resetUrl` (urls.admin.reset) works once, for `minutes`.
  'password-reset': {
    placeholders: ['name', 'resetUrl', 'minutes'],
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

/** The placeholders of `N`'s template. */
export type Placeholder<N extends EmailName> = (typeof emailTemplateTable)[N]['placeholders'][number]

/**
 * Where the agency's notification shows each field of its form: the placeholder that carries it, or
 * `hidden`. Its template must use each of these placeholders (templates.ts), so a new field of a form is
 * a type error here, then in messages.ts (its value), then a content error until the template shows it.
 */
export const notificationFields = {
  'contact-notification': {
    name: 'name',
    email: 'email',
    phone: 'phone',
    business: 'business',
    service: 'service',
    message: 'message',
    source: 'source',
  } satisfies Record<keyof ContactFields, Placeholder<'contact-notification'> | Hidden>,
  'consultation-notification': {
    businessName: 'businessName',
    website: 'website',
    contactName: 'contactName',
    email: 'email',
    phone: 'phone',
    serviceInterest: 'service',
    // The requested day and window become the meeting (its own placeholders say the request itself).
    date: 'meeting',
    timeSlot: 'meeting',
    message: 'message',
    place: 'place',
    source: 'source',
    // The visitor's zone only adds their own time to the emails they receive.
    timeZone: 'hidden',
  } satisfies Record<keyof ConsultationFields, Placeholder<'consultation-notification'> | Hidden>,
} as const satisfies Partial<Record<EmailName, Readonly<Record<string, string>>>>

/** The placeholders `name`'s template must use: for a notification, the fields of its form that it shows. */
export const requiredPlaceholders = (name: EmailName): string[] => {
  const fields: Readonly<Record<string, string>> = name in notificationFields ? notificationFields[name as keyof typeof notificationFields] : {}
  return [...new Set(Object.values(fields))].filter((placeholder) => placeholder !== hidden)
}

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
