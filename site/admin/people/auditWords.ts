import type { AuditAction } from '../../../contract/wire/people'
import type { PeopleLabels } from '../labels'

/** An audit action's words in the People screen's (content/ui.json): a new action is a type error here. */
export const auditActionWords = {
  'signed-in': 'actionSignedIn',
  'sign-in-failed': 'actionSignInFailed',
  'signed-out': 'actionSignedOut',
  'session-ended': 'actionSessionEnded',
  'person-invited': 'actionPersonInvited',
  'invitation-revoked': 'actionInvitationRevoked',
  'invitation-accepted': 'actionInvitationAccepted',
  'person-removed': 'actionPersonRemoved',
  'role-changed': 'actionRoleChanged',
  'token-created': 'actionTokenCreated',
  'token-revoked': 'actionTokenRevoked',
  exported: 'actionExported',
  'backup-taken': 'actionBackupTaken',
  blocked: 'actionBlocked',
  unblocked: 'actionUnblocked',
  'password-reset-asked': 'actionPasswordResetAsked',
  'password-reset': 'actionPasswordReset',
  'second-factor-added': 'actionSecondFactorAdded',
  'second-factor-removed': 'actionSecondFactorRemoved',
  'recovery-code-used': 'actionRecoveryCodeUsed',
  'settings-changed': 'actionSettingsChanged',
  'leads-deleted': 'actionLeadsDeleted',
  'subscriber-removed': 'actionSubscriberRemoved',
  'email-resent': 'actionEmailResent',
} as const satisfies Record<AuditAction, keyof PeopleLabels>
