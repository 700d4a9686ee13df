import type { EmailName } from '../../contract/content/emails/templateTable.js'
import { digestEmail } from '../digest/digestEmail.js'
import type { DigestRules } from '../digest/schedule.js'
import type { FormStore } from '../store/formStore.js'
import type { BookedConsultation } from '../store/meetings.js'
import type { ConsultationRecord, ContactRecord, EmailRecord, SubscriberRecord } from '../store/records.js'
import { meetingCancellation, meetingNotice, meetingReminder, meetingUpdate, type MeetingEmail, type Superseded } from '../email/meetingEmails.js'
import {
  bookingCheckEmail,
  consultationConfirmation,
  consultationNotification,
  contactAcknowledgement,
  contactNotification,
  holdEmail,
  person,
  welcomeEmail,
  type EmailContext,
  type OutgoingEmail,
} from '../email/messages.js'
import { holdEndsAt } from '../email/holdLink.js'
import { atDesk } from '../../contract/wire/people.js'
import { invitationEmail, passwordResetEmail } from '../email/deskEmails.js'

/** Who reads an email: the agency (NOTIFY_TO), the person who sent a form, a newsletter subscriber, or a person invited to the desk. */
export type Reader = 'agency' | 'visitor' | 'subscriber' | 'colleague'

/**
 * What queues an email. A form stored ('consultation', 'contact', 'subscription') queues it with its
 * record; 'timed' queues it whenever a meeting gets its time (booked or moved), due before it
 * (booking/schedule.ts, the store drops the one before); a meeting's change
 * ('moved', 'cancelled') queues it with the change; 'working-day' queues it for the morning (digest/schedule.ts);
 * 'busy-hour' when bookings first pass the pace of a day (booking/challenge.ts); 'unheld' with a request
 * kept without a time while the challenge is on (routes/forms.ts), 'held' when its hold link gives it one;
 * 'invitation' when an owner invites a person to the desk, or sends the invitation again (routes/people.ts);
 * 'password-reset' when a person at the desk asks for a new password.
 */
export type Trigger =
  | 'consultation'
  | 'contact'
  | 'subscription'
  | 'timed'
  | 'moved'
  | 'cancelled'
  | 'working-day'
  | 'busy-hour'
  | 'unheld'
  | 'held'
  | 'invitation'
  | 'password-reset'

/** What the outbox renders an email from, at send time. */
export interface RenderSources {
  store: FormStore
  context: EmailContext
  digest: DigestRules
}

/** The message of an outbox email, `null` when its record is gone, `{ superseded }` when it no longer fits. */
export type RenderKind = (email: EmailRecord, sources: RenderSources) => Promise<OutgoingEmail | Superseded | null>

export interface EmailKind {
  to: Reader
  /** What its values come from: a request, a message, a subscriber, a request's meeting, a day's leads and meetings. */
  about: 'request' | 'message' | 'subscriber' | 'meeting' | 'day' | 'invitation' | 'person'
  queuedOn: readonly Trigger[]
  render: RenderKind
}

type Records = { consultations: ConsultationRecord; contacts: ContactRecord; newsletterSubscribers: SubscriberRecord }

/** Rendered from its record as it is now (a request, a message, a subscriber): null when the record is gone. */
const fromRecord =
  <C extends keyof Records>(collection: C, build: (record: Records[C], context: EmailContext) => OutgoingEmail): RenderKind =>
  async (email, { store, context }) => {
    const record = await store.find(collection, email.about.id)
    return record ? build(record as Records[C], context) : null
  }

/**
 * A lead's notification, to the person at the desk who owns it, with the agency's address in copy (NOTIFY_COPY);
 * to the agency's address alone when the lead has no owner, or its owner has left the desk.
 */
const fromLead =
  <C extends 'consultations' | 'contacts'>(collection: C, build: (record: Records[C], context: EmailContext) => OutgoingEmail): RenderKind =>
  async (email, { store, context }) => {
    const record = (await store.find(collection, email.about.id)) as Records[C] | undefined
    if (!record) return null
    const message = build(record, context)
    const owner = record.owner === undefined ? undefined : await store.person(record.owner)
    if (!owner || !atDesk(owner)) return message
    return { ...message, to: person(owner.name, owner.email), ...(context.notifyCopy ? { cc: message.to } : {}) }
  }

/** Rendered from the meeting as it is now: null when the request is gone or has no meeting. */
const fromMeeting =
  (build: MeetingEmail): RenderKind =>
  async (email, { store, context }) => {
    const record = await store.find('consultations', email.about.id)
    return record?.meeting ? build(email, record as BookedConsultation, context) : null
  }

/**
 * The hold link, rendered while it can still be used: not once the request has its time, nor after the
 * link expired (an email held by the budgets of mail to strangers and released late).
 */
const holdLink: RenderKind = async (email, { store, context, digest }) => {
  const record = await store.find('consultations', email.about.id)
  if (!record) return null
  if (record.meeting) return { superseded: 'Not sent: a time was held for this request after this email was queued' }
  if (holdEndsAt(record.receivedAt, context.holdMinutes).getTime() <= digest.now().getTime())
    return { superseded: 'Not sent: its hold link expired before it could be sent' }
  return holdEmail(record, context)
}

/**
 * Every email the service sends, once: who reads it, what it is about, what queues it, how it is
 * rendered. Its template is `content/emails/<kind>.md`, its placeholders in contract/content/emails/templateTable.ts;
 * a kind there without its row here does not compile.
 */
export const emailKinds: Readonly<Record<EmailName, EmailKind>> = {
  'consultation-notification': {
    to: 'agency',
    about: 'request',
    queuedOn: ['consultation', 'unheld'],
    render: fromLead('consultations', consultationNotification),
  },
  'consultation-confirmation': {
    to: 'visitor',
    about: 'request',
    queuedOn: ['consultation', 'held'],
    render: fromRecord('consultations', consultationConfirmation),
  },
  'consultation-hold': { to: 'visitor', about: 'request', queuedOn: ['unheld'], render: holdLink },
  'meeting-update': { to: 'visitor', about: 'meeting', queuedOn: ['moved'], render: fromMeeting(meetingUpdate) },
  'meeting-cancellation': { to: 'visitor', about: 'meeting', queuedOn: ['cancelled'], render: fromMeeting(meetingCancellation) },
  'meeting-reminder': { to: 'visitor', about: 'meeting', queuedOn: ['timed'], render: fromMeeting(meetingReminder) },
  'meeting-notice': { to: 'agency', about: 'meeting', queuedOn: ['moved', 'cancelled', 'held'], render: fromMeeting(meetingNotice) },
  'morning-digest': {
    to: 'agency',
    about: 'day',
    queuedOn: ['working-day'],
    render: (email, { store, context, digest }) => digestEmail(store, digest, context, email),
  },
  'contact-notification': { to: 'agency', about: 'message', queuedOn: ['contact'], render: fromLead('contacts', contactNotification) },
  'contact-acknowledgement': { to: 'visitor', about: 'message', queuedOn: ['contact'], render: fromRecord('contacts', contactAcknowledgement) },
  'booking-check': { to: 'agency', about: 'day', queuedOn: ['busy-hour'], render: async (email, { context }) => bookingCheckEmail(email, context) },
  'desk-invitation': {
    to: 'colleague',
    about: 'invitation',
    queuedOn: ['invitation'],
    render: async (email, { store, context, digest }) => {
      const invitation = await store.invitation(email.about.id)
      return invitation ? invitationEmail(invitation, await store.person(invitation.invitedBy), context, digest.now()) : null
    },
  },
  'password-reset': {
    to: 'colleague',
    about: 'person',
    queuedOn: ['password-reset'],
    render: async (email, { store, context }) => {
      const person = await store.person(email.about.id)
      return person && atDesk(person) ? passwordResetEmail(person, email, context) : null
    },
  },
  'newsletter-welcome': {
    to: 'subscriber',
    about: 'subscriber',
    queuedOn: ['subscription'],
    render: fromRecord('newsletterSubscribers', welcomeEmail),
  },
}

/** The kinds `trigger` queues, in the table's order: queuedOn('contact') is ['contact-notification', 'contact-acknowledgement']. */
export function queuedOn(trigger: Trigger): EmailName[] {
  return (Object.keys(emailKinds) as EmailName[]).filter((kind) => emailKinds[kind].queuedOn.includes(trigger))
}

export const isEmailName = (kind: string): kind is EmailName => Object.hasOwn(emailKinds, kind)
