import { Ajv, type ValidateFunction } from 'ajv'
import ajvErrors from 'ajv-errors'
import {
  auditQuerySchema,
  firstOwnerSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  roleChangeSchema,
  signInSchema,
  type AuditQueryRequest,
  type FirstOwner,
  type InvitationAccept,
  type InvitationCreate,
  type RoleChange,
  type SignInRequest,
} from '../contract/wire/people.js'
import { apiTokenCreateSchema, type ApiTokenCreate } from '../contract/wire/apiTokens.js'
import { blockAddSchema, blockedPostsQuerySchema, type BlockAdd, type BlockedPostsQuery } from '../contract/wire/blockList.js'
import { consultationSchema, type ConsultationRequest } from '../contract/wire/consultation.js'
import { contactSchema, type ContactRequest } from '../contract/wire/contact.js'
import {
  inboxBulkSchema,
  inboxChangeSchema,
  inboxQuerySchema,
  outboxQuerySchema,
  type InboxBulk,
  type InboxChange,
  type InboxQuery,
  type OutboxQuery,
} from '../contract/wire/inbox.js'
import { newsletterSchema, type NewsletterRequest } from '../contract/wire/newsletter.js'
import {
  deskSettingsSchema,
  passkeyAddSchema,
  passkeySignInSchema,
  resetAskSchema,
  resetConfirmSchema,
  totpConfirmSchema,
  type DeskSettings,
  type PasskeyAdd,
  type PasskeySignIn,
  type ResetAsk,
  type ResetConfirm,
  type TotpConfirm,
} from '../contract/wire/people.js'
import { overviewQuerySchema, type OverviewQuery } from '../contract/wire/overview.js'
import {
  adminCancelSchema,
  adminMeetingsQuerySchema,
  adminMoveSchema,
  adminStateSchema,
  meetingRescheduleSchema,
  meetingCancelSchema,
  consultationHoldSchema,
  type ConsultationHoldRequest,
  type AdminCancelRequest,
  type AdminMeetingsQuery,
  type AdminMoveRequest,
  type AdminStateRequest,
  type MeetingRescheduleRequest,
  type MeetingCancelRequest,
} from '../contract/wire/meetingApi.js'

// allErrors: ajv-errors needs it, and a visitor should see every field's message at once.
const ajv = new Ajv({ allErrors: true })
ajvErrors.default(ajv)

export const validateConsultation: ValidateFunction<ConsultationRequest> = ajv.compile<ConsultationRequest>(consultationSchema)
export const validateContact: ValidateFunction<ContactRequest> = ajv.compile<ContactRequest>(contactSchema)
export const validateNewsletter: ValidateFunction<NewsletterRequest> = ajv.compile<NewsletterRequest>(newsletterSchema)
export const validateSignIn: ValidateFunction<SignInRequest> = ajv.compile<SignInRequest>(signInSchema)
export const validateFirstOwner: ValidateFunction<FirstOwner> = ajv.compile<FirstOwner>(firstOwnerSchema)
export const validateInvitationCreate: ValidateFunction<InvitationCreate> = ajv.compile<InvitationCreate>(invitationCreateSchema)
export const validateInvitationAccept: ValidateFunction<InvitationAccept> = ajv.compile<InvitationAccept>(invitationAcceptSchema)
export const validateRoleChange: ValidateFunction<RoleChange> = ajv.compile<RoleChange>(roleChangeSchema)
export const validateAuditQuery: ValidateFunction<AuditQueryRequest> = ajv.compile<AuditQueryRequest>(auditQuerySchema)
export const validateResetAsk: ValidateFunction<ResetAsk> = ajv.compile<ResetAsk>(resetAskSchema)
export const validateResetConfirm: ValidateFunction<ResetConfirm> = ajv.compile<ResetConfirm>(resetConfirmSchema)
export const validateTotpConfirm: ValidateFunction<TotpConfirm> = ajv.compile<TotpConfirm>(totpConfirmSchema)
export const validatePasskeyAdd: ValidateFunction<PasskeyAdd> = ajv.compile<PasskeyAdd>(passkeyAddSchema)
export const validatePasskeySignIn: ValidateFunction<PasskeySignIn> = ajv.compile<PasskeySignIn>(passkeySignInSchema)
export const validateDeskSettings: ValidateFunction<DeskSettings> = ajv.compile<DeskSettings>(deskSettingsSchema)
export const validateInboxChange: ValidateFunction<InboxChange> = ajv.compile<InboxChange>(inboxChangeSchema)
export const validateInboxQuery: ValidateFunction<InboxQuery> = ajv.compile<InboxQuery>(inboxQuerySchema)
export const validateOutboxQuery: ValidateFunction<OutboxQuery> = ajv.compile<OutboxQuery>(outboxQuerySchema)
export const validateInboxBulk: ValidateFunction<InboxBulk> = ajv.compile<InboxBulk>(inboxBulkSchema)
export const validateMeetingCancel: ValidateFunction<MeetingCancelRequest> = ajv.compile<MeetingCancelRequest>(meetingCancelSchema)
export const validateConsultationHold: ValidateFunction<ConsultationHoldRequest> = ajv.compile<ConsultationHoldRequest>(consultationHoldSchema)
export const validateMeetingReschedule: ValidateFunction<MeetingRescheduleRequest> = ajv.compile<MeetingRescheduleRequest>(meetingRescheduleSchema)
export const validateAdminMove: ValidateFunction<AdminMoveRequest> = ajv.compile<AdminMoveRequest>(adminMoveSchema)
export const validateAdminCancel: ValidateFunction<AdminCancelRequest> = ajv.compile<AdminCancelRequest>(adminCancelSchema)
export const validateAdminState: ValidateFunction<AdminStateRequest> = ajv.compile<AdminStateRequest>(adminStateSchema)
export const validateAdminMeetingsQuery: ValidateFunction<AdminMeetingsQuery> = ajv.compile<AdminMeetingsQuery>(adminMeetingsQuerySchema)
export const validateApiTokenCreate: ValidateFunction<ApiTokenCreate> = ajv.compile<ApiTokenCreate>(apiTokenCreateSchema)
export const validateBlockAdd: ValidateFunction<BlockAdd> = ajv.compile<BlockAdd>(blockAddSchema)
export const validateBlockedPostsQuery: ValidateFunction<BlockedPostsQuery> = ajv.compile<BlockedPostsQuery>(blockedPostsQuerySchema)
export const validateOverviewQuery: ValidateFunction<OverviewQuery> = ajv.compile<OverviewQuery>(overviewQuerySchema)
