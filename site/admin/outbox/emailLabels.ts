import type { EmailKindLabels, InboxLabels } from '../labels'
import type { EmailHoldReason } from '../../../contract/wire/inbox'
import type { EmailState } from '../../../contract/wire/records'

const isKnownKind = (kind: string, labels: EmailKindLabels): kind is keyof EmailKindLabels => Object.hasOwn(labels, kind)

/** 'contact-acknowledgement' -> "Acknowledgement to the visitor"; a template the site does not know by its name. */
export const emailKindLabel = (kind: string, labels: EmailKindLabels) => (isKnownKind(kind, labels) ? labels[kind] : kind)

/** 'failed' -> labels.emailFailed ("Failed"). */
export const emailStateLabel = (state: EmailState, labels: InboxLabels) =>
  ({ queued: labels.emailQueued, sent: labels.emailSent, failed: labels.emailFailed, held: labels.emailHeld })[state]

/** A held email says why: 'recipient-cap' -> "Held: too many to one address". */
export const emailHoldLabel = (reason: EmailHoldReason, labels: InboxLabels) =>
  (
    ({
      'recipient-cap': labels.emailHeldCap,
      'client-budget': labels.emailHeldClient,
      'network-budget': labels.emailHeldNetwork,
      'hourly-budget': labels.emailHeldHourly,
      suppressed: labels.emailHeldSuppressed,
    }) satisfies Record<EmailHoldReason, string>
  )[reason]
