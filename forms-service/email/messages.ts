import { mailboxAddress } from '../../contract/booking/person.js'
import { api } from '../../contract/wire/api.js'
import { consultationServices, contactServices, labelOf } from '../../contract/forms/options.js'
import { urls } from '../../contract/wire/urls.js'
import type { ConsultationRecord, ContactRecord, EmailRecord, SubscriberRecord } from '../store/records.js'
import { meetingIcs, methodOf } from './calendar.js'
import { meetingToken, roomKey, type LinkAction } from './meetingLinks.js'
import { formatMeeting, meetingParts, visitorZoneOf, type Meeting } from '../../contract/booking/booking.js'
import { calendarLinks } from '../../contract/booking/calendarLinks.js'
import { meetingPlace, placeKindOf, type MeetingPlace, type PlaceSettings } from '../../contract/booking/meetingPlace.js'
import { renderEmail, renderField, singleLine, type RenderedEmail } from './render.js'
import { formatDallasInstant, formatRequestedDate, formatSlot } from './slots.js'
import type { EmailName } from '../../contract/content/emails/templateTable.js'
import type { EmailTemplates } from '../../contract/content/emails/templates.js'
import { unsubscribeToken } from './unsubscribe.js'
import { holdEndsAt, holdToken } from './holdLink.js'
import { sourceInWords } from '../../contract/wire/sourceWords.js'

/** nodemailer's address object: it quotes and encodes the name, and never splits the address. */
export interface Address {
  name: string
  address: string
}

export interface CalendarAttachment {
  filename: string
  content: string
  contentType: string
}

/** nodemailer message options, plus `kind`; plain JSON, so the outbox can store it as it is. */
export interface OutgoingEmail extends RenderedEmail {
  kind: EmailName
  from: string
  to: Address
  cc?: Address
  replyTo?: Address
  headers?: Record<string, string>
  attachments?: CalendarAttachment[]
  /** The same for every build of this email of this record, so a resend after a crash is recognisable. */
  messageId: string
}

export interface EmailContext {
  templates: EmailTemplates
  /** MAIL_FROM, e.g. 'Bluebonnet Digital <hello@example.com>'. */
  from: string
  /** NOTIFY_TO: the agency's inbox, one bare address. */
  notifyTo: string
  /** NOTIFY_COPY: NOTIFY_TO in copy of the notification a lead's owner gets. */
  notifyCopy: boolean
  /** Public origin of the site, for its unsubscribe page: 'https://example.com'. */
  siteUrl: string
  /** Public origin of the forms service, for the one-click unsubscribe POST. */
  apiUrl: string
  unsubscribeSecret: string
  /** The right-hand side of Message-IDs: 'example.com'. */
  messageIdDomain: string
  /** How meetings happen (content/booking.json's `place`). */
  place: PlaceSettings
  /** How long the hold link of a request kept without a time works (config `bookingChallenge.holdMinutes`). */
  holdMinutes: number
}

/** The site's page that confirms an unsubscription; it posts the token to the service. */
export const unsubscribePagePath = `${urls.unsubscribe}/`

// Optional fields a visitor left empty: the notification still lists every field.
const notGiven = '—'

// In every builder, each value but the message goes through singleLine: a name typed as
// 'Eve\nBcc: x' reads 'Eve Bcc: x' in the body as well as in the headers.

/** What both emails of a request say of it: the meeting, or for a request without one its window. */
function consultationShared(record: ConsultationRecord, context: EmailContext) {
  const lang = context.templates.site.lang
  const visitor = person(record.contactName, record.email)
  const { meeting } = record
  const parts = meeting ? meetingParts(meeting) : undefined
  return {
    visitor,
    values: {
      contactName: visitor.name,
      businessName: singleLine(record.businessName),
      service: labelOf(consultationServices, record.serviceInterest),
      date: formatRequestedDate(record.date, lang),
      time: parts ? `${parts.hours} ${parts.zone}` : formatSlot(record.timeSlot, lang),
      meeting: meeting ? formatMeeting(meeting) : requestedWindow(record, lang),
      place: meeting ? placeOf(record, meeting, context).text : notGiven,
    },
  }
}

/** To the agency: every field and the meeting (or the window asked for), Reply-To the visitor. */
export function consultationNotification(record: ConsultationRecord, context: EmailContext): OutgoingEmail {
  const { templates } = context
  const { visitor, values: shared } = consultationShared(record, context)
  const values = {
    ...shared,
    website: singleLine(record.website ?? '') || notGiven,
    email: visitor.address,
    phone: singleLine(record.phone),
    message: record.message?.trim() || notGiven,
    receivedAt: formatDallasInstant(record.receivedAt, templates.site.lang),
    reference: record.id,
    recordUrl: recordUrl(context, 'consultations', record.id),
    source: sourceInWords(record.source),
  }
  const notification = suspected(record, renderEmail(templates, 'consultation-notification', values), () =>
    renderField(templates, 'consultation-notification', 'suspectedSubject', values),
  )
  return { ...toAgency(context, record.id, 'consultation-notification', notification), replyTo: visitor }
}

/**
 * To the visitor: the meeting, also in their own time, with its .ics and the links that move or cancel
 * it. A request stored before meetings existed has only its window to show.
 */
export function consultationConfirmation(record: ConsultationRecord, context: EmailContext): OutgoingEmail {
  const { visitor, values } = consultationShared(record, context)
  const { meeting } = record
  const links = meeting
    ? { ...meetingLinks(context, meeting), ...addToCalendar(record, meeting, context) }
    : {
        rescheduleUrl: consultationUrl(context),
        cancelUrl: consultationUrl(context),
        googleCalendarUrl: consultationUrl(context),
        outlookCalendarUrl: consultationUrl(context),
      }
  const yours = meeting ? visitorTime(meeting, record.timeZone) : ''
  const confirmation = renderEmail(context.templates, 'consultation-confirmation', {
    ...values,
    ...(yours ? { time: `${values.time}${yours}`, meeting: `${values.meeting}${yours}` } : {}),
    ...links,
  })
  return {
    ...toVisitor(context, record.id, 'consultation-confirmation', confirmation, visitor),
    ...(meeting ? { attachments: [meetingAttachment(record, meeting, context)] } : {}),
  }
}

/** The day and window a request asked for: 'Wednesday, December 9, 2026, Morning (9AM-12PM)'. */
const requestedWindow = (record: Pick<ConsultationRecord, 'date' | 'timeSlot'>, lang: string) =>
  `${formatRequestedDate(record.date, lang)}, ${formatSlot(record.timeSlot, lang)}`

/**
 * To the visitor whose request was kept without a time while the booking challenge was on: the hold
 * link (holdLink.ts), which books the first free start of the window asked for, and until when it works.
 */
export function holdEmail(record: ConsultationRecord, context: EmailContext): OutgoingEmail {
  const { templates } = context
  const lang = templates.site.lang
  const visitor = person(record.contactName, record.email)
  const token = encodeURIComponent(holdToken(context.unsubscribeSecret, record.id))
  const rendered = renderEmail(templates, 'consultation-hold', {
    contactName: visitor.name,
    businessName: singleLine(record.businessName),
    service: labelOf(consultationServices, record.serviceInterest),
    date: formatRequestedDate(record.date, lang),
    meeting: requestedWindow(record, lang),
    holdUrl: `${origin(context.siteUrl)}${urls.consultationHold}/?token=${token}`,
    holdUntil: formatDallasInstant(holdEndsAt(record.receivedAt, context.holdMinutes).toISOString(), lang),
  })
  return toVisitor(context, record.id, 'consultation-hold', rendered, visitor)
}

/**
 * A notification to the agency about a lead the spam rule suspects (forms-service/spam.ts) says so in its
 * subject (the template's `suspectedSubject`): its link opens the record, where Not spam or Spam is one click.
 */
function suspected(record: ConsultationRecord | ContactRecord, rendered: RenderedEmail, subject: () => string): RenderedEmail {
  return record.suspicion ? { ...rendered, subject: singleLine(subject()) } : rendered
}

/** The links of a meeting's emails: the same for the meeting's whole life (meetingLinks.ts). */
export function meetingLinks(context: EmailContext, meeting: Meeting): { rescheduleUrl: string; cancelUrl: string } {
  const link = (page: string, action: LinkAction) =>
    `${origin(context.siteUrl)}${page}/?token=${encodeURIComponent(meetingToken(context.unsubscribeSecret, action, meeting))}`
  return { rescheduleUrl: link(urls.meetingReschedule, 'reschedule'), cancelUrl: link(urls.meetingCancel, 'cancel') }
}

/** Where the meeting happens: the visitor's choice (or the agency's default), with the meeting's own video room. */
export function placeOf(record: ConsultationRecord, meeting: Meeting, context: Pick<EmailContext, 'place' | 'unsubscribeSecret'>): MeetingPlace {
  return meetingPlace(context.place, placeKindOf(context.place, record.place), {
    phone: singleLine(record.phone),
    roomKey: roomKey(meeting, context.unsubscribeSecret),
  })
}

/**
 * The meeting in the visitor's own zone, to follow the Central time: '; your time: Wednesday, November
 * 25 · 10:30–11:00 AM Eastern Standard Time'. Empty when they gave none, or theirs shows the same clock.
 */
export function visitorTime(meeting: Pick<Meeting, 'start' | 'end'>, timeZone: string | undefined): string {
  const zone = visitorZoneOf(meeting, timeZone)
  return zone ? `; your time: ${formatMeeting(meeting, zone)}` : ''
}

/** The calendar entry's title, text and place, as the .ics and the Add to calendar links give them. */
function calendarEntry(record: ConsultationRecord, meeting: Meeting, context: EmailContext) {
  const { templates } = context
  const place = placeOf(record, meeting, context)
  const values = {
    contactName: singleLine(record.contactName),
    businessName: singleLine(record.businessName),
    service: labelOf(consultationServices, record.serviceInterest),
    date: formatRequestedDate(record.date, templates.site.lang),
    time: '',
    meeting: formatMeeting(meeting),
    place: place.text,
    rescheduleUrl: '',
    cancelUrl: '',
    googleCalendarUrl: '',
    outlookCalendarUrl: '',
  }
  return {
    summary: renderField(templates, 'consultation-confirmation', 'calendarTitle', values),
    description: renderField(templates, 'consultation-confirmation', 'calendarDescription', values),
    place,
  }
}

/** Add to calendar: the meeting as Google Calendar and Outlook on the web take it by address. */
export function addToCalendar(record: ConsultationRecord, meeting: Meeting, context: EmailContext): { googleCalendarUrl: string; outlookCalendarUrl: string } {
  const entry = calendarEntry(record, meeting, context)
  const links = calendarLinks({ start: meeting.start, end: meeting.end, title: entry.summary, details: entry.description, location: entry.place.location })
  return { googleCalendarUrl: links.google, outlookCalendarUrl: links.outlook }
}

/** The meeting as the visitor's calendar takes it: an invitation, an update, or (cancelled) its removal. */
export function meetingAttachment(record: ConsultationRecord, meeting: Meeting, context: EmailContext): CalendarAttachment {
  const { templates } = context
  const entry = calendarEntry(record, meeting, context)
  const event = {
    uid: meetingUid(context, meeting),
    sequence: meeting.sequence,
    start: meeting.start,
    end: meeting.end,
    cancelled: meeting.state === 'cancelled',
    summary: entry.summary,
    description: entry.description,
    location: entry.place.location,
    ...(entry.place.url ? { url: entry.place.url } : {}),
    organizer: { name: templates.site.name, email: templates.site.email },
    attendee: { name: singleLine(record.contactName), email: record.email.trim() },
    stamp: new Date(meeting.history.at(-1)?.at ?? record.receivedAt),
  }
  const method = methodOf(event)
  return {
    filename: method === 'CANCEL' ? 'cancellation.ics' : 'consultation.ics',
    content: meetingIcs(event),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  }
}

/** One UID per meeting for its whole life: '<meeting id>@example.com'. */
export const meetingUid = (context: EmailContext, meeting: Pick<Meeting, 'id'>) => `${meeting.id}@${context.messageIdDomain}`

const consultationUrl = (context: EmailContext) => `${origin(context.siteUrl)}${urls.consultation}/`

/** What both emails of a message say of it. */
function contactShared(record: ContactRecord) {
  const visitor = person(record.name, record.email)
  return { visitor, values: { name: visitor.name, business: singleLine(record.business), service: labelOf(contactServices, record.service) } }
}

/** To the agency: every field, Reply-To the visitor. */
export function contactNotification(record: ContactRecord, context: EmailContext): OutgoingEmail {
  const { templates } = context
  const { visitor, values: shared } = contactShared(record)
  const values = {
    ...shared,
    email: visitor.address,
    phone: singleLine(record.phone),
    message: record.message?.trim() || notGiven,
    receivedAt: formatDallasInstant(record.receivedAt, templates.site.lang),
    reference: record.id,
    recordUrl: recordUrl(context, 'contacts', record.id),
    source: sourceInWords(record.source),
  }
  const notification = suspected(record, renderEmail(templates, 'contact-notification', values), () =>
    renderField(templates, 'contact-notification', 'suspectedSubject', values),
  )
  return { ...toAgency(context, record.id, 'contact-notification', notification), replyTo: visitor }
}

/** To the visitor: "We'll reach out within 24 hours". */
export function contactAcknowledgement(record: ContactRecord, context: EmailContext): OutgoingEmail {
  const { visitor, values } = contactShared(record)
  return toVisitor(context, record.id, 'contact-acknowledgement', renderEmail(context.templates, 'contact-acknowledgement', values), visitor)
}

/** The welcome, with a one-click unsubscribe (RFC 8058) and a link to the site's unsubscribe page. */
export function welcomeEmail(subscriber: SubscriberRecord, context: EmailContext): OutgoingEmail {
  const token = encodeURIComponent(unsubscribeToken(context.unsubscribeSecret, subscriber.id))
  const unsubscribeUrl = `${origin(context.siteUrl)}${unsubscribePagePath}?token=${token}`
  const oneClickUrl = `${origin(context.apiUrl)}${api.unsubscribe.path}?token=${token}`
  const welcome = renderEmail(context.templates, 'newsletter-welcome', { email: subscriber.email, unsubscribeUrl })
  const email = toVisitor(context, subscriber.id, 'newsletter-welcome', welcome, person('', subscriber.email))
  return {
    ...email,
    headers: {
      ...email.headers,
      // RFC 8058 §3.1: the POST URL carries everything needed; a mail provider posts
      // 'List-Unsubscribe=One-Click' to it when the reader asks to unsubscribe.
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

export function toAgency(context: EmailContext, recordId: string, kind: EmailName, rendered: RenderedEmail): OutgoingEmail {
  const to = { name: context.templates.site.name, address: context.notifyTo }
  return { kind, from: context.from, to, ...rendered, messageId: messageId(context, recordId, kind) }
}

// Replies from the visitor go to the agency's public address, whatever MAIL_FROM is. Auto-Submitted
// (RFC 3834) keeps out-of-office replies to a message nobody wrote by hand out of the agency's inbox.
export function toVisitor(context: EmailContext, recordId: string, kind: EmailName, rendered: RenderedEmail, to: Address): OutgoingEmail {
  const replyTo = { name: context.templates.site.name, address: context.templates.site.email }
  const headers = { 'Auto-Submitted': 'auto-generated' }
  return { kind, from: context.from, to, replyTo, ...rendered, headers, messageId: messageId(context, recordId, kind) }
}

function messageId(context: EmailContext, recordId: string, kind: EmailName): string {
  return `<${recordId}.${kind}@${context.messageIdDomain}>`
}

// The address as the caps counted it (contract/booking/person.ts); the name goes through singleLine as a header's text does.
export function person(name: string, email: string): Address {
  return { name: singleLine(name), address: mailboxAddress(email) }
}

/**
 * To the agency, when bookings first came faster than the pace of the day (forms-service/booking/challenge.ts):
 * since when (the email's creation, in Dallas time), and the requests to look through. One per day: its id is the day's email's.
 */
export function bookingCheckEmail(email: Pick<EmailRecord, 'id' | 'createdAt'>, context: EmailContext): OutgoingEmail {
  const rendered = renderEmail(context.templates, 'booking-check', {
    since: formatDallasInstant(email.createdAt, context.templates.site.lang),
    inboxUrl: `${origin(context.siteUrl)}${urls.admin.consultations}`,
  })
  return { ...toAgency(context, email.id, 'booking-check', rendered), messageId: `<${email.id}@${context.messageIdDomain}>` }
}

/** Where an email to the agency links: the record in the admin, at the site's public address. */
export const recordUrl = (context: Pick<EmailContext, 'siteUrl'>, collection: 'consultations' | 'contacts', id: string) =>
  `${origin(context.siteUrl)}${urls.adminRecord(collection === 'contacts' ? 'messages' : 'consultations', id)}`

function origin(url: string): string {
  return url.replace(/\/+$/, '')
}
