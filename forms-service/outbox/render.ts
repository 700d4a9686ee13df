import type Mail from 'nodemailer/lib/mailer/index.js'
import { consultationEmails, contactEmails, welcomeEmail, type EmailContext, type OutgoingEmail } from '../email/messages.js'
import type { EmailName } from '../../contract/emails/templateTable.js'
import type { ConsultationRecord, ContactRecord, EmailRecord, SubscriberRecord } from '../store/records.js'
import type { FormStore } from '../store/formStore.js'
import type { RenderEmail } from './sender.js'

/** The emails each kind of record owes, queued with it. */
export const emailsFor = {
  consultations: ['consultation-notification', 'consultation-confirmation'],
  contacts: ['contact-notification', 'contact-acknowledgement'],
  newsletterSubscribers: ['newsletter-welcome'],
} as const satisfies Record<EmailRecord['about']['collection'], readonly EmailName[]>

/** The emails to the agency (NOTIFY_TO), which spam never gets. */
export const toAgency: ReadonlySet<string> = new Set<EmailName>(['consultation-notification', 'contact-notification'])

/** Renders an outbox email from its record as it is now, with the templates loaded at start. */
export function emailRenderer(store: FormStore, context: EmailContext): RenderEmail {
  return async (email) => {
    const { collection, id } = email.about
    const record = await store.find(collection, id)
    if (!record) return null
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
