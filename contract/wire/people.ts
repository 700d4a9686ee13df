// The people at the desk: their accounts, their sessions, the invitations that bring them in and the audit
// trail of what they did. The service keeps these records (forms-service/store/people.ts) and the admin reads
// their views; a credential (a password's hash, a session's token) never leaves the service.
import type { FromSchema } from 'json-schema-to-ts'
import { requiredEmail, requiredText } from '../forms/fields.js'
import { paging } from './inbox.js'
import { name, oneOf, optional, text, time, type RecordOf } from './recordShape.js'

/**
 * What a person may do at the desk. An owner: everything, and the people, their roles, the API tokens, the
 * block list, backups, the calendar feed's address. A member: the leads, the meetings, the subscribers, the
 * Overview and the Outbox. No read-only role: every person at a small agency answers leads, and a script
 * that only reads has an API token with the `read` scope (docs/decisions.md).
 */
export const roles = ['owner', 'member'] as const
export type Role = (typeof roles)[number]

/** Who may call an admin endpoint: an owner only, any person (a member or an owner), or anyone (signing in). */
export type EndpointRole = Role | 'anyone'

/** Whether a person of `role` may call an endpoint asking `needed`. */
export const roleAllows = (role: Role, needed: EndpointRole) => needed !== 'owner' || role === 'owner'

export const personNameMax = 100
export const emailMax = 254
/** NIST SP 800-63B: at least 8 characters, and long ones allowed (a passphrase); scrypt takes any length. */
export const passwordMin = 8
export const passwordMax = 1000

const isEmail = (value: unknown) => typeof value === 'string' && value.length <= emailMax && /^[^\s@]+@[^\s@]+$/.test(value)

/**
 * A person's account as stored. `email` is kept as typed and compared folded to lower case; `passwordHash` is
 * scrypt's (forms-service/people/password.ts), absent until they set one. A removed person's account stays,
 * with `removedAt`, so what they did still says their name; it opens nothing.
 */
export const accountShape = {
  id: name(),
  name: name(),
  email: text(isEmail),
  role: oneOf(roles),
  passwordHash: optional(name()),
  createdAt: time(),
  removedAt: optional(time()),
}
export type AccountRecord = RecordOf<typeof accountShape>

/** A person as the desk shows them: never a credential. */
export interface PersonView {
  id: string
  name: string
  email: string
  role: Role
  createdAt: string
  /** Whether they can sign in with a password (an invited person sets theirs when they accept). */
  hasPassword: boolean
}

/**
 * A signed-in browser as stored: its token's SHA-256, never the token (a copy of the store opens nothing). Every
 * replica reads it on each request, so ending a session ends it everywhere at once; it outlives a restart.
 * `lastSeenAt` moves at most once a minute (sessionTouchMs), so browsing the desk is not a write per request.
 */
export const sessionShape = {
  id: name(),
  tokenHash: name(),
  /** The person's account; `bootstrap` for ADMIN_PASSWORD's session while no owner exists. */
  accountId: name(),
  createdAt: time(),
  lastSeenAt: time(),
  expiresAt: time(),
  /** The browser, as its User-Agent names it, cut to 200 characters: for the person to tell their devices apart. */
  device: text(),
}
export type SessionRecord = RecordOf<typeof sessionShape>

/** The account of a session signed in with ADMIN_PASSWORD before the first owner account exists. */
export const bootstrapAccountId = 'bootstrap'
export const sessionTouchMs = 60 * 1000

export interface SessionView {
  id: string
  device: string
  createdAt: string
  lastSeenAt: string
  /** The session of the browser that asks. */
  current: boolean
}

/**
 * An invitation as stored: the link in its email is signed from its id (forms-service/email/signedId.ts), so the
 * store keeps nothing that opens it; it works once, until `expiresAt`, unless revoked.
 */
export const invitationShape = {
  id: name(),
  email: text(isEmail),
  name: name(),
  role: oneOf(roles),
  invitedBy: name(),
  createdAt: time(),
  expiresAt: time(),
  acceptedAt: optional(time()),
  revokedAt: optional(time()),
}
export type InvitationRecord = RecordOf<typeof invitationShape>
export type InvitationView = Omit<InvitationRecord, 'invitedBy'> & { invitedBy: string }

/** How long an invitation's link works. */
export const invitationDays = 7

/**
 * What the audit trail records: who signed in (and who failed), the people and their roles, the tokens, the
 * exports and backups, the block list.
 */
export const auditActions = [
  'signed-in',
  'sign-in-failed',
  'signed-out',
  'session-ended',
  'person-invited',
  'invitation-revoked',
  'invitation-accepted',
  'person-removed',
  'role-changed',
  'token-created',
  'token-revoked',
  'exported',
  'backup-taken',
  'blocked',
  'unblocked',
] as const
export type AuditAction = (typeof auditActions)[number]

/** One line of the audit trail: when, who (an account's id, `bootstrap`, or `token:<id>`), what, and about what. */
export const auditShape = {
  id: name(),
  at: time(),
  actor: name(),
  action: oneOf(auditActions),
  /** What it was about, in words for the owner ("ana@example.com", "Nightly export", "203.0.113.0/24"). */
  subject: optional(text()),
  /** The client address it came from. */
  address: optional(text()),
}
export type AuditRecord = RecordOf<typeof auditShape>
export type AuditView = AuditRecord & { actorName: string }

/** The sign-in form: an email and a password; the password alone is ADMIN_PASSWORD while no owner account exists. */
export const signInSchema = {
  $id: 'signIn',
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: emailMax, errorMessage: 'Email is too long' },
    password: { type: 'string', minLength: 1, maxLength: passwordMax, errorMessage: 'Password is required' },
  },
  required: ['password'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { password: 'Password is required' } },
} as const
export type SignInRequest = FromSchema<typeof signInSchema>

/** What the sign-in screen needs to know before anyone is signed in. */
export interface SignInOptions {
  /** No owner account yet: ADMIN_PASSWORD signs in, to make the first one. */
  bootstrap: boolean
}

/** Who is signed in: the desk shows their name and offers what their role may do. */
export interface SignedInPerson {
  id: string
  name: string
  role: Role
  /** Signed in with ADMIN_PASSWORD before the first owner account exists. */
  bootstrap: boolean
}

/** A password a person chooses (accepting an invitation, the first owner's): NIST's length, never trimmed. */
const newPassword = {
  type: 'string',
  minLength: passwordMin,
  maxLength: passwordMax,
  errorMessage: `Choose a password of at least ${passwordMin} characters`,
} as const

/** POST /api/admin/invitations: a person to invite (an owner's), or the first owner's own account (bootstrap). */
export const invitationCreateSchema = {
  $id: 'invitationCreate',
  type: 'object',
  properties: {
    name: requiredText('Name is required', 'Name', personNameMax),
    email: requiredEmail,
    role: { type: 'string', enum: roles, errorMessage: `A role is one of ${roles.join(', ')}` },
  },
  required: ['name', 'email', 'role'],
  additionalProperties: false,
  errorMessage: {
    type: 'Expected a JSON object',
    required: { name: 'Name is required', email: 'Email is required', role: 'Choose a role' },
    additionalProperties: 'Only a name, an email and a role are accepted',
  },
} as const
export type InvitationCreate = FromSchema<typeof invitationCreateSchema>

/** POST /api/admin/invitations/accept: the invitation's signed key from its link, and the new password. */
export const invitationAcceptSchema = {
  $id: 'invitationAccept',
  type: 'object',
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 200, errorMessage: 'This invitation link is not complete' },
    password: newPassword,
  },
  required: ['key', 'password'],
  additionalProperties: false,
  errorMessage: {
    type: 'Expected a JSON object',
    required: { key: 'This invitation link is not complete', password: `Choose a password of at least ${passwordMin} characters` },
  },
} as const
export type InvitationAccept = FromSchema<typeof invitationAcceptSchema>

/** PATCH /api/admin/people/:id: a new role. */
export const roleChangeSchema = {
  $id: 'roleChange',
  type: 'object',
  properties: { role: { type: 'string', enum: roles, errorMessage: `A role is one of ${roles.join(', ')}` } },
  required: ['role'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { role: 'Choose a role' } },
} as const
export type RoleChange = FromSchema<typeof roleChangeSchema>

/** POST /api/admin/people/first-owner: while bootstrapping, the first owner's own account (this browser is then signed in as it). */
export const firstOwnerSchema = {
  $id: 'firstOwner',
  type: 'object',
  properties: {
    name: requiredText('Name is required', 'Name', personNameMax),
    email: requiredEmail,
    password: newPassword,
  },
  required: ['name', 'email', 'password'],
  additionalProperties: false,
  errorMessage: {
    type: 'Expected a JSON object',
    required: { name: 'Name is required', email: 'Email is required', password: `Choose a password of at least ${passwordMin} characters` },
    additionalProperties: 'Only a name, an email and a password are accepted',
  },
} as const
export type FirstOwner = FromSchema<typeof firstOwnerSchema>

/** GET /api/admin/audit: a page of the trail, by person and by action. */
export const auditQuerySchema = {
  $id: 'auditQuery',
  type: 'object',
  properties: {
    ...paging,
    actor: { type: 'string', minLength: 1, maxLength: 100, errorMessage: "actor must be a person's id" },
    action: { type: 'string', enum: auditActions, errorMessage: `action must be one of ${auditActions.join(', ')}` },
  },
  additionalProperties: false,
  errorMessage: { additionalProperties: 'Unknown query parameter: only offset, limit, actor and action are accepted' },
} as const
export type AuditQueryRequest = FromSchema<typeof auditQuerySchema>
