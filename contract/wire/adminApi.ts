// The admin area's endpoints, apart from the public ones (api.ts): the pages visitors load take the
// public declarations only, so the admin's schemas are no bytes of theirs.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import {
  deskSettingsSchema,
  passkeyAddSchema,
  passkeySignInSchema,
  resetAskSchema,
  resetConfirmSchema,
  totpConfirmSchema,
  type DeskSettings,
  type PasskeyAdd,
  type PasskeyCeremony,
  type PasskeySignIn,
  type PasskeyView,
  type RecoveryCodes,
  type ResetAsk,
  type ResetConfirm,
  type ResetDone,
  type SecurityView,
  type TotpConfirm,
  type TotpSetup,
  firstOwnerSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  roleChangeSchema,
  signInSchema,
  type AuditView,
  type EndpointRole,
  type FirstOwner,
  type InvitationAccept,
  type InvitationCreate,
  type InvitationView,
  type PersonView,
  type RoleChange,
  type SessionView,
  type SignedInPerson,
  type TeamView,
  type SignInOptions,
  type SignInRequest,
} from './people.js'
import { auditQuerySchema } from './people.js'
import { apiTokenCreateSchema, type ApiTokenCreate, type ApiTokenCreated, type ApiTokenView, type EndpointScope } from './apiTokens.js'
import { endpoint, type Endpoint } from './api.js'
import { overviewQuerySchema, type Overview } from './overview.js'
import type { BusyCalendars } from '../booking/busyCalendar.js'
import { blockAddSchema, blockedPostsQuerySchema, type BlockAdd, type BlockedPostView, type BlockView, type UnblockedPost } from './blockList.js'
import { inboxBulkSchema, inboxChangeSchema, inboxQuerySchema, outboxQuerySchema, type InboxBulk, type InboxChange } from './inbox.js'
import {
  adminCancelSchema,
  adminMeetingsQuerySchema,
  adminMoveSchema,
  adminStateSchema,
  type AdminCancelRequest,
  type AdminMeetingChanged,
  type AdminMeetings,
  type AdminMoveRequest,
  type AdminStateRequest,
  type CalendarFeedAddress,
  type MeetingStarts,
} from './meetingApi.js'
import type {
  ConsultationView,
  EmailView,
  InboxDetail,
  InboxViewBase,
  ListPage,
  MessageView,
  OutboxPage,
  PersonTimeline,
  SubscriberRecord,
  Summary,
} from './records.js'

/** An inbox's endpoints under `/api/admin/<name>`: list, CSV export, one record, its change, its deletion and bulk changes. */
const inbox = <const Name extends string, V extends InboxViewBase>(name: Name) => {
  const list = `/api/admin/${name}` as const
  const record = `/api/admin/${name}/:id` as const
  return {
    list: endpoint<ListPage<V>>()({ method: 'GET', path: list, query: inboxQuerySchema, scope: 'read', role: 'member' }),
    /** Every match of the filter and search, as CSV text. */
    csv: endpoint<string>()({ method: 'GET', path: `${list}.csv` as const, query: inboxQuerySchema, scope: 'read', role: 'member' }),
    record: endpoint<InboxDetail<V>>()({ method: 'GET', path: record, scope: 'read', role: 'member' }),
    update: endpoint<InboxDetail<V>, InboxChange>()({ method: 'PATCH', path: record, body: inboxChangeSchema, scope: 'write', role: 'member' }),
    remove: endpoint<void>()({ method: 'DELETE', path: record, scope: 'write', role: 'member' }),
    /** One status for several leads, or deleting them: how many records changed. */
    bulk: endpoint<{ changed: number }, InboxBulk>()({ method: 'POST', path: `${list}/bulk` as const, body: inboxBulkSchema, scope: 'write', role: 'member' }),
  }
}

/** An inbox's endpoints, by the view of its records. */
export type InboxEndpoints<V extends InboxViewBase> = ReturnType<typeof inbox<string, V>>

/** An admin endpoint names what it asks of an API token (apiTokens.ts): the service checks it for every request a token makes. */
type AdminEndpoint = Endpoint & { readonly scope: EndpointScope; readonly role: EndpointRole }
interface AdminEndpoints {
  readonly [name: string]: AdminEndpoint | AdminEndpoints
}

/** Every endpoint of the admin area, under `/api/admin` (adminApiPrefix); one without a `scope` is a type error here. */
export const adminApi = {
  /** Whether ADMIN_PASSWORD still signs in (no owner account yet), for the sign-in screen. */
  signInOptions: endpoint<SignInOptions>()({ method: 'GET', path: '/api/admin/session/options', scope: 'open', role: 'anyone' }),
  signIn: endpoint<void, SignInRequest>()({ method: 'POST', path: '/api/admin/session', body: signInSchema, scope: 'open', role: 'anyone' }),
  signOut: endpoint<void>()({ method: 'DELETE', path: '/api/admin/session', scope: 'open', role: 'anyone' }),
  /** A passkey sign-in: the challenge, then the browser's answer to it (204, signed in). Never locked by wrong passwords. */
  passkeySignIn: {
    options: endpoint<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>, Record<string, never>>()({
      method: 'POST',
      path: '/api/admin/session/passkey/options',
      scope: 'open',
      role: 'anyone',
    }),
    verify: endpoint<void, PasskeySignIn>()({ method: 'POST', path: '/api/admin/session/passkey', body: passkeySignInSchema, scope: 'open', role: 'anyone' }),
  },
  /** A forgotten password: a link by email (202 whatever the address), then a new password with its key. */
  passwordReset: {
    ask: endpoint<{ message: string }, ResetAsk>()({ method: 'POST', path: '/api/admin/password-reset', body: resetAskSchema, scope: 'open', role: 'anyone' }),
    confirm: endpoint<ResetDone, ResetConfirm>()({
      method: 'POST',
      path: '/api/admin/password-reset/confirm',
      body: resetConfirmSchema,
      scope: 'open',
      role: 'anyone',
    }),
  },
  /** Who this browser is signed in as. */
  me: endpoint<SignedInPerson>()({ method: 'GET', path: '/api/admin/me', scope: 'admin', role: 'self' }),
  /** The people at the desk, by name: whom a lead can be given to. */
  team: endpoint<TeamView>()({ method: 'GET', path: '/api/admin/team', scope: 'read', role: 'member' }),
  /** How this person signs in: an authenticator app, recovery codes, passkeys; and the desk's rule (an owner's). */
  security: {
    view: endpoint<SecurityView>()({ method: 'GET', path: '/api/admin/security', scope: 'admin', role: 'self' }),
    /** A new secret for an authenticator app; nothing is kept until a code from it is confirmed. */
    totpStart: endpoint<TotpSetup, Record<string, never>>()({ method: 'POST', path: '/api/admin/security/totp/start', scope: 'admin', role: 'self' }),
    /** Keeps the secret once a code from it is right, and answers the recovery codes, shown once (201). */
    totpConfirm: endpoint<RecoveryCodes, TotpConfirm>()({
      method: 'POST',
      path: '/api/admin/security/totp',
      body: totpConfirmSchema,
      scope: 'admin',
      role: 'self',
    }),
    /** 409 when the desk requires a second factor and this is the person's last. */
    totpRemove: endpoint<void>()({ method: 'DELETE', path: '/api/admin/security/totp', scope: 'admin', role: 'self' }),
    /** New recovery codes, the old ones void (an authenticator app set up first). */
    recoveryCodes: endpoint<RecoveryCodes, Record<string, never>>()({
      method: 'POST',
      path: '/api/admin/security/recovery-codes',
      scope: 'admin',
      role: 'self',
    }),
    passkeyOptions: endpoint<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>, Record<string, never>>()({
      method: 'POST',
      path: '/api/admin/security/passkeys/options',
      scope: 'admin',
      role: 'self',
    }),
    passkeyAdd: endpoint<PasskeyView, PasskeyAdd>()({
      method: 'POST',
      path: '/api/admin/security/passkeys',
      body: passkeyAddSchema,
      scope: 'admin',
      role: 'self',
    }),
    /** 409 when the desk requires a second factor and this is the person's last. */
    passkeyRemove: endpoint<void>()({ method: 'DELETE', path: '/api/admin/security/passkeys/:id', scope: 'admin', role: 'self' }),
    /** The desk's rule for everyone. */
    desk: endpoint<SecurityView, DeskSettings>()({
      method: 'PATCH',
      path: '/api/admin/security/desk',
      body: deskSettingsSchema,
      scope: 'admin',
      role: 'owner',
    }),
  },
  /** The people at the desk and the invitations not yet answered. */
  people: {
    list: endpoint<{ people: PersonView[]; invitations: InvitationView[] }>()({ method: 'GET', path: '/api/admin/people', scope: 'admin', role: 'owner' }),
    /** While bootstrapping (signed in with ADMIN_PASSWORD): the first owner's own account; this browser is then signed in as it (201). */
    firstOwner: endpoint<PersonView, FirstOwner>()({
      method: 'POST',
      path: '/api/admin/people/first-owner',
      body: firstOwnerSchema,
      scope: 'admin',
      role: 'owner',
    }),
    /** A new role; the person's sessions end (they sign in again). 409 for the last owner. */
    changeRole: endpoint<PersonView, RoleChange>()({ method: 'PATCH', path: '/api/admin/people/:id', body: roleChangeSchema, scope: 'admin', role: 'owner' }),
    /** Removes a person: their sessions end and their API tokens stop at once (204). 409 for the last owner. */
    remove: endpoint<void>()({ method: 'DELETE', path: '/api/admin/people/:id', scope: 'admin', role: 'owner' }),
    /** Invites a person by email (201): a link that works once, for invitationDays. */
    invite: endpoint<InvitationView, InvitationCreate>()({
      method: 'POST',
      path: '/api/admin/invitations',
      body: invitationCreateSchema,
      scope: 'admin',
      role: 'owner',
    }),
    /** The invitation's email again, with a new expiry. */
    resendInvitation: endpoint<InvitationView, Record<string, never>>()({
      method: 'POST',
      path: '/api/admin/invitations/:id/resend',
      scope: 'admin',
      role: 'owner',
    }),
    /** The link stops working at once (204). */
    revokeInvitation: endpoint<void>()({ method: 'DELETE', path: '/api/admin/invitations/:id', scope: 'admin', role: 'owner' }),
    /** Who an invitation link is for, before they choose a password: `?key=` from the link. 404 for a link that no longer works. */
    invitation: endpoint<{ name: string; email: string }>()({ method: 'GET', path: '/api/admin/invitation', scope: 'open', role: 'anyone' }),
    /** Accepts an invitation with a password: the account is made and this browser signed in as it (201). */
    accept: endpoint<PersonView, InvitationAccept>()({
      method: 'POST',
      path: '/api/admin/invitation',
      body: invitationAcceptSchema,
      scope: 'open',
      role: 'anyone',
    }),
  },
  /** The browsers signed in as this person, and ending one. */
  sessions: {
    list: endpoint<SessionView[]>()({ method: 'GET', path: '/api/admin/sessions', scope: 'admin', role: 'self' }),
    end: endpoint<void>()({ method: 'DELETE', path: '/api/admin/sessions/:id', scope: 'admin', role: 'self' }),
  },
  /** Who did what at the desk, newest first. */
  audit: endpoint<ListPage<AuditView>>()({ method: 'GET', path: '/api/admin/audit', query: auditQuerySchema, scope: 'admin', role: 'owner' }),
  /** The same lines as a spreadsheet, every one the filters keep (offset and limit aside). */
  auditCsv: endpoint<string>()({ method: 'GET', path: '/api/admin/audit.csv', query: auditQuerySchema, scope: 'admin', role: 'owner' }),
  summary: endpoint<Summary>()({ method: 'GET', path: '/api/admin/summary', scope: 'read', role: 'member' }),
  /** The agency's numbers for a period against the one before (contract/wire/overview.ts); `.csv` as a spreadsheet. */
  overview: {
    figures: endpoint<Overview>()({ method: 'GET', path: '/api/admin/overview', query: overviewQuerySchema, scope: 'read', role: 'member' }),
    csv: endpoint<string>()({ method: 'GET', path: '/api/admin/overview.csv', query: overviewQuerySchema, scope: 'read', role: 'member' }),
  },
  subscribers: endpoint<SubscriberRecord[]>()({ method: 'GET', path: '/api/admin/newsletter-subscribers', scope: 'read', role: 'member' }),
  removeSubscriber: endpoint<void>()({ method: 'DELETE', path: '/api/admin/newsletter-subscribers/:id', scope: 'write', role: 'member' }),
  consultations: inbox<'consultations', ConsultationView>('consultations'),
  messages: inbox<'messages', MessageView>('messages'),
  outbox: endpoint<OutboxPage>()({ method: 'GET', path: '/api/admin/outbox', query: outboxQuerySchema, scope: 'read', role: 'member' }),
  /** The email as written to the local outbox folder, as text. */
  emailMessage: endpoint<string>()({ method: 'GET', path: '/api/admin/outbox/:id/message', scope: 'read', role: 'member' }),
  resendEmail: endpoint<EmailView, Record<string, never>>()({ method: 'POST', path: '/api/admin/emails/:id/resend', scope: 'write', role: 'member' }),
  /**
   * Every record and what a restore needs (the calendar feed's secret, the API tokens' hashes, the block
   * list), as the file of `npm run data:export`: a backup of a running service. The admin, or a token made with `backup`.
   */
  backup: endpoint<string>()({ method: 'GET', path: '/api/admin/backup', scope: 'backup', role: 'owner' }),
  /** The agency's meetings: the coming days, and what it may do to one. */
  meetings: {
    /** `?from=YYYY-MM-DD&days=14`. */
    list: endpoint<AdminMeetings>()({ method: 'GET', path: '/api/admin/meetings', query: adminMeetingsQuerySchema, scope: 'read', role: 'member' }),
    /** The free starts the meeting could move to (the service's, with the busy calendar; never the build's copy of the settings). */
    starts: endpoint<MeetingStarts>()({ method: 'GET', path: '/api/admin/meetings/:id/starts', scope: 'read', role: 'member' }),
    move: endpoint<AdminMeetingChanged, AdminMoveRequest>()({
      method: 'POST',
      path: '/api/admin/meetings/:id/move',
      body: adminMoveSchema,
      scope: 'write',
      role: 'member',
    }),
    /** With a line to the visitor. */
    cancel: endpoint<AdminMeetingChanged, AdminCancelRequest>()({
      method: 'POST',
      path: '/api/admin/meetings/:id/cancel',
      body: adminCancelSchema,
      scope: 'write',
      role: 'member',
    }),
    /** A meeting cancelled with its lead marked Spam, booked again at its start once the lead is not spam (409 otherwise; 400 when the start is no longer free). */
    rebook: endpoint<AdminMeetingChanged, Record<string, never>>()({ method: 'POST', path: '/api/admin/meetings/:id/rebook', scope: 'write', role: 'member' }),
    /** Held or no-show. */
    state: endpoint<AdminMeetingChanged, AdminStateRequest>()({
      method: 'POST',
      path: '/api/admin/meetings/:id/state',
      body: adminStateSchema,
      scope: 'write',
      role: 'member',
    }),
    /** The private calendar feed's address: its secret outlives any token, so the admin's only. */
    calendarFeed: endpoint<CalendarFeedAddress>()({ method: 'GET', path: '/api/admin/calendar-feed', scope: 'admin', role: 'owner' }),
    /** A new address; the old one stops working. */
    rotateCalendarFeed: endpoint<CalendarFeedAddress, Record<string, never>>()({
      method: 'POST',
      path: '/api/admin/calendar-feed/rotate',
      scope: 'admin',
      role: 'owner',
    }),
    /** How the reads of the agency's busy calendars (BUSY_CALENDAR_URLS) went. */
    busyCalendars: endpoint<BusyCalendars>()({ method: 'GET', path: '/api/admin/busy-calendars', scope: 'read', role: 'member' }),
  },
  /** The person of a request (`consultations`) or a message (`contacts`): every record of theirs and one timeline, newest first. */
  person: endpoint<PersonTimeline>()({ method: 'GET', path: '/api/admin/person/:collection/:id', scope: 'read', role: 'member' }),
  /** The API tokens scripts use as `Authorization: Bearer <token>`, oldest first. */
  apiTokens: endpoint<ApiTokenView[]>()({ method: 'GET', path: '/api/admin/api-tokens', scope: 'read', role: 'owner' }),
  /** A new token with its scopes (201): its answer is the only copy of the token there is. Not with a token, only as the admin. */
  createApiToken: endpoint<ApiTokenCreated, ApiTokenCreate>()({
    method: 'POST',
    path: '/api/admin/api-tokens',
    body: apiTokenCreateSchema,
    scope: 'admin',
    role: 'owner',
  }),
  /** Revokes a token at once (204); 404 for one that does not exist (any more). A token may revoke itself, whatever its scopes. */
  revokeApiToken: endpoint<void>()({ method: 'DELETE', path: '/api/admin/api-tokens/:id', scope: 'anyToken', role: 'owner' }),
  /** The block list: email and client addresses whose forms are answered as a success and dropped, oldest first. */
  blocked: endpoint<BlockView[]>()({ method: 'GET', path: '/api/admin/blocked', scope: 'read', role: 'owner' }),
  /** Blocks one or more addresses of one kind (201): the entries of all of them, an address already blocked as it was. */
  block: endpoint<BlockView[], BlockAdd>()({ method: 'POST', path: '/api/admin/blocked', body: blockAddSchema, scope: 'block', role: 'owner' }),
  /** Unblocks at once (204); 404 for an entry that does not exist (any more). */
  unblock: endpoint<void>()({ method: 'DELETE', path: '/api/admin/blocked/:id', scope: 'block', role: 'owner' }),
  /** The posts the block list caught (contract/wire/blockList.ts BlockedPostView), newest first. */
  blockedPosts: endpoint<ListPage<BlockedPostView>>()({
    method: 'GET',
    path: '/api/admin/blocked-posts',
    query: blockedPostsQuerySchema,
    scope: 'read',
    role: 'owner',
  }),
  /** Moves a caught post to its inbox or the subscribers, as it arrived (200); 404 for one that is not there (any more). */
  unblockPost: endpoint<UnblockedPost, Record<string, never>>()({
    method: 'POST',
    path: '/api/admin/blocked-posts/:id/unblock',
    scope: 'block',
    role: 'owner',
  }),
} as const satisfies AdminEndpoints
