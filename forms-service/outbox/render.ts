import type Mail from 'nodemailer/lib/mailer/index.js'
import type { EmailContext } from '../email/messages.js'
import type { EmailName } from '../../contract/content/emails/templateTable.js'
import type { EmailRecord } from '../store/records.js'
import type { FormStore } from '../store/formStore.js'
import type { RenderEmail } from './sender.js'
import { agendaKind } from '../store/records.js'
import type { DigestRules } from '../digest/schedule.js'
import { emailKinds, isEmailName, queuedOn } from './kinds.js'

/** The emails each kind of record owes, queued with it (kinds.ts). */
export const emailsFor = {
  consultations: queuedOn('consultation'),
  contacts: queuedOn('contact'),
  newsletterSubscribers: queuedOn('subscription'),
  invitations: queuedOn('invitation'),
  accounts: queuedOn('password-reset'),
} satisfies Record<EmailRecord['about']['collection'], readonly EmailName[]>

/** The emails of a meeting's later life, queued with each change (kinds.ts; the reminder is queued with the booking). */
export const meetingEmailKinds = {
  /** To the visitor (the updated invitation) and the agency, when a meeting moves. */
  moved: queuedOn('moved'),
  /** To the visitor (METHOD:CANCEL) and the agency. */
  cancelled: queuedOn('cancelled'),
  /** A request kept without a time: to the agency, and the hold link to the visitor. */
  unheld: queuedOn('unheld'),
  /** Its hold link gave it its time: the confirmation to the visitor, the notice to the agency. */
  held: queuedOn('held'),
} satisfies Record<string, readonly EmailName[]>

/**
 * Renders an outbox email from its record as it is now, with the templates loaded at start; the morning
 * digest from the leads and meetings of its day (`digest`: its settings, the closed days).
 */
export function emailRenderer(store: FormStore, context: EmailContext, digest: DigestRules): RenderEmail {
  return async (email) => {
    if (email.kind === agendaKind) return { superseded: 'The morning digest lists the meetings of the day' }
    // A kind this version no longer sends, still queued: logged and tried again, as a template that cannot render.
    if (!isEmailName(email.kind)) throw new Error(`No email is called "${email.kind}"`)
    const message = await emailKinds[email.kind].render(email, { store, context, digest })
    if (!message || 'superseded' in message) return message
    const { kind: _kind, ...options } = message
    return options satisfies Mail.Options
  }
}
