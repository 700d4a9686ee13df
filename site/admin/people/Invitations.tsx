import { useId, useRef } from 'react'
import { invitationDays, type InvitationView } from '../../../contract/wire/people'
import { format } from '../../content/ui'
import { serviceMessage } from '../../forms/api'
import { Alert } from '../../ui/alert'
import type { PeopleLabels, ShellLabels } from '../labels'
import { InvitationTable } from './InvitationTable'
import { InviteForm } from './InviteForm'
import { useInvite, useResendInvitation, useRevokeInvitation } from './peopleQueries'

type InvitationsProps = { invitations: InvitationView[]; announce: (text: string) => void; labels: PeopleLabels; shell: ShellLabels }

/**
 * The invitations not answered yet, each with Resend (a new link, a new expiry) and Revoke (the link stops at
 * once; focus goes to the section's heading), and the form that invites another person.
 */
export function Invitations({ invitations, announce, labels, shell }: InvitationsProps) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const invite = useInvite()
  const resend = useResendInvitation()
  const revoke = useRevokeInvitation()
  // A revoked invitation is kept by the service for the record; here it is gone.
  const open = invitations.filter((invitation) => !invitation.revokedAt)
  const failed = resend.error ?? revoke.error
  const busy = resend.isPending ? resend.variables : revoke.isPending ? revoke.variables : undefined
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 border-t border-divider pt-8">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight text-brand-900 outline-none">
        {labels.invitationsTitle}
      </h2>
      <p className="max-w-3xl text-sm leading-6 text-body">{format(labels.invitationsText, { days: invitationDays })}</p>
      {failed && <Alert>{serviceMessage(failed) ?? labels.actionFailed}</Alert>}
      {open.length === 0 ? (
        <p className="text-sm text-muted-foreground">{labels.noInvitations}</p>
      ) : (
        <InvitationTable
          invitations={open}
          now={Date.now()}
          busy={busy}
          onResend={(invitation) => {
            revoke.reset()
            resend.mutate(invitation.id, { onSuccess: () => announce(format(labels.resent, { email: invitation.email })) })
          }}
          onRevoke={(invitation) => {
            resend.reset()
            revoke.mutate(invitation.id, {
              onSuccess: () => {
                announce(format(labels.revoked, { email: invitation.email }))
                heading.current?.focus()
              },
            })
          }}
          labels={labels}
          shell={shell}
        />
      )}
      <InviteForm
        onInvite={(request, done) =>
          invite.mutate(request, {
            onSuccess: (invitation) => {
              done()
              announce(format(labels.invited, { email: invitation.email }))
            },
          })
        }
        inviting={invite.isPending}
        error={invite.error}
        labels={labels}
        shell={shell}
      />
    </section>
  )
}
