import { urls } from '../../../contract/wire/urls'
import { recordPath } from '../screens'
import type { OutboxLabels } from '../labels'
import { isDayEmail, type EmailView } from '../../../contract/wire/records'

const linkClass =
  'text-primary-strong underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/**
 * The lead an email is about, as a link to its page; a welcome email links to the subscriber list, an
 * invitation to the desk and a person's own email (a password reset) to People, and the morning digest, which
 * is about a day, to the inbox.
 */
export function EmailAbout({
  email,
  labels,
}: {
  email: Pick<EmailView, 'about' | 'kind'>
  labels: Pick<OutboxLabels, 'aboutConsultation' | 'aboutMessage' | 'aboutSubscriber' | 'aboutDay' | 'aboutInvitation' | 'aboutAccount'>
}) {
  const { about } = email
  const [href, text] = isDayEmail(email)
    ? [urls.admin.consultations, labels.aboutDay]
    : about.collection === 'consultations'
      ? [recordPath('consultations', about.id), labels.aboutConsultation]
      : about.collection === 'contacts'
        ? [recordPath('messages', about.id), labels.aboutMessage]
        : about.collection === 'invitations'
          ? [`${urls.admin.people}/`, labels.aboutInvitation]
          : about.collection === 'accounts'
            ? [`${urls.admin.people}/`, labels.aboutAccount]
            : [`${urls.admin.newsletter}/`, labels.aboutSubscriber]
  return (
    <a href={href} className={linkClass}>
      {text}
    </a>
  )
}
