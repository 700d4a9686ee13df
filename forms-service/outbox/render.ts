import type Mail from 'nodemailer/lib/mailer/index.js'
import { consultationEmails, contactEmails, welcomeEmail, type EmailContext, type OutgoingEmail } from '../email/messages.js'
import type { EmailName } from '../../contract/content/emails/templateTable.js'
import type { ConsultationRecord, ContactRecord, EmailRecord, SubscriberRecord } from '../store/records.js'
import type { FormStore } from '../store/formStore.js'
import type { RenderEmail } from './sender.js'
import { meetingEmail } from '../email/meetingEmails.js'
import { agendaKind, digestKind } from '../store/records.js'
import type { BookedConsultation } from '../store/meetings.js'
import { digestEmail } from '../digest/digestEmail.js'
import type { DigestRules } from '../digest/schedule.js'

/** The emails each kind of record owes, queued with it. */
export const emailsFor = {
  consultations: ['consultation-notification', 'consultation-confirmation'],
  contacts: ['contact-notification', 'contact-acknowledgement'],
  newsletterSubscribers: ['newsletter-welcome'],
} as const satisfies Record<EmailRecord['about']['collection'], readonly EmailName[]>

/** The emails to the agency (NOTIFY_TO) about a new lead, a suspected one included (its subject then says "possible spam"). */
export const toAgency: ReadonlySet<string> = new Set<EmailName>(['consultation-notification', 'contact-notification'])
/** The emails of a meeting's later life, queued with each change (and the reminder, due before it). */
export const meetingEmailKinds = {
  /** To the visitor (the updated invitation) and the agency, when a meeting moves. */
  moved: ['meeting-update', 'meeting-notice'],
  /** To the visitor (METHOD:CANCEL) and the agency. */
  cancelled: ['meeting-cancellation', 'meeting-notice'],
} as const satisfies Record<string, readonly EmailName[]>

/**
 * Renders an outbox email from its record as it is now, with the templates loaded at start; the morning
 * digest from the leads and meetings of its day (`digest`: its settings, the closed days).
 */
export function emailRenderer(store: FormStore, context: EmailContext, digest: DigestRules): RenderEmail {
  return async (email) => {
    const { collection, id } = email.about
    if (email.kind === digestKind) {
      const { kind: _kind, ...options } = await digestEmail(store, digest, context, email)
      return options
    }
    if (email.kind === agendaKind) return { superseded: 'The morning digest lists the meetings of the day' }
    const record = await store.find(collection, id)
    if (!record) return null
    if (email.kind.startsWith('meeting-')) {
      const consultation = record as ConsultationRecord
      if (!consultation.meeting) return null
      const message = meetingEmail(email, consultation as BookedConsultation, context)
      if ('superseded' in message) return message
      const { kind: _kind, ...options } = message
      return options
    }
    const messages: OutgoingEmail[] =
      collection === 'consultations'
        ? consultationEmails(record as ConsultationRecord, context)
        : collection === 'contacts'
          ? contactEmails(record as ContactRecord, context)
          : [welcomeEmail(record as SubscriberRecord, context)]
    const message = messages.find((candidate) => candidate.kind === email.kind)
    if (!message) throw new Error(`A ${collection} record has no email "${email.kind}"`)
    const { kind: _kind, ...options } = message
    return options satisfies Mail.Options
  }
}
