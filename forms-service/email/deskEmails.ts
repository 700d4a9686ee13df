import type { AccountRecord, InvitationRecord, Role } from '../../contract/wire/people.js'
import type { EmailRecord } from '../../contract/wire/records.js'
import { resetKey, resetMinutes } from '../people/resetKey.js'
import { urls } from '../../contract/wire/urls.js'
import type { Superseded } from './meetingEmails.js'
import { person as personAddress, toVisitor, type EmailContext, type OutgoingEmail } from './messages.js'
import { renderEmail, singleLine } from './render.js'
import { signId } from './signedId.js'
import { formatDallasInstant } from './slots.js'

// The emails of the desk itself: to a person an owner invites. Their links are signed from the record's id
// (signedId.ts), so the store keeps nothing that opens them, and they are rendered when sent, from the record
// as it is then: an invitation revoked or answered meanwhile is not sent.

/** What an invitation link's key is signed for: no other link of ours passes as one. */
export const invitationPurpose = 'desk-invitation'

const roleInWords = { owner: 'an owner', member: 'a member' } as const satisfies Record<Role, string>

/** The invitation's email, or why it is no longer sent. `inviter` is the owner who invited (absent: the bootstrap password). */
export function invitationEmail(
  invitation: InvitationRecord,
  inviter: AccountRecord | undefined,
  context: EmailContext,
  now: Date,
): OutgoingEmail | Superseded {
  if (invitation.revokedAt) return { superseded: 'The invitation was revoked' }
  if (invitation.acceptedAt) return { superseded: 'The invitation was accepted' }
  if (Date.parse(invitation.expiresAt) <= now.getTime()) return { superseded: 'The invitation expired' }
  const key = encodeURIComponent(signId(context.unsubscribeSecret, invitationPurpose, invitation.id))
  const rendered = renderEmail(context.templates, 'desk-invitation', {
    name: singleLine(invitation.name),
    invitedBy: singleLine(inviter?.name ?? context.templates.site.name),
    role: roleInWords[invitation.role],
    joinUrl: `${context.siteUrl.replace(/\/+$/, '')}${urls.admin.join}?key=${key}`,
    expiresAt: formatDallasInstant(invitation.expiresAt, context.templates.site.lang),
  })
  // A new expiry (a resend) is a new message: its id says which.
  return toVisitor(
    context,
    `${invitation.id}.${Date.parse(invitation.expiresAt)}`,
    'desk-invitation',
    rendered,
    personAddress(invitation.name, invitation.email),
  )
}

/** The address a reset key opens, on the site (urls.admin.reset). */
export const resetUrl = (siteUrl: string, key: string) => `${siteUrl.replace(/\/+$/, '')}${urls.admin.reset}?key=${encodeURIComponent(key)}`

/**
 * A password reset's email: its link works for resetMinutes from when it was asked for, and not once the
 * password changed (people/resetKey.ts). One that could not be sent in time is not sent.
 */
export function passwordResetEmail(
  person: AccountRecord,
  email: Pick<EmailRecord, 'id' | 'createdAt'>,
  context: EmailContext,
  now = new Date(),
): OutgoingEmail | Superseded {
  const expiresAt = new Date(Date.parse(email.createdAt) + resetMinutes * 60_000)
  if (expiresAt.getTime() <= now.getTime()) return { superseded: 'The reset link expired before it could be sent' }
  const rendered = renderEmail(context.templates, 'password-reset', {
    name: singleLine(person.name),
    resetUrl: resetUrl(context.siteUrl, resetKey(context.unsubscribeSecret, person, expiresAt)),
    minutes: String(resetMinutes),
  })
  return toVisitor(context, email.id, 'password-reset', rendered, personAddress(person.name, person.email))
}
