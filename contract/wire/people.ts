// The people at the desk: their accounts, their sessions, the invitations that bring them in and the audit
// trail of what they did. The service keeps these records (forms-service/store/people.ts) and the admin reads
// their views; a credential (a password's hash, a session's token) never leaves the service.
import type { FromSchema } from 'json-schema-to-ts'
import { requiredEmail, requiredText } from '../forms/fields.js'
import { paging } from './inbox.js'
import { integer, json, name, oneOf, optional, text, time, type RecordOf } from './recordShape.js'

/**
 * What a person may do at the desk. An owner: everything, and the people, their roles, the API tokens, the
 * block list, backups, the calendar feed's address. A member: the leads, the meetings, the subscribers, the
 * Overview and the Outbox. No read-only role: every person at a small agency answers leads, and a script
 * that only reads has an API token with the `read` scope (docs/decisions.md).
 */
export const roles = ['owner', 'member'] as const
export type Role = (typeof roles)[number]

/**
 * Who may call an admin endpoint: an owner only, any person (a member or an owner), any person even before
 * they set up the second factor the desk requires (`self`: who they are, their sessions, their sign-in ways),
 * or anyone (signing in).
 */
export type EndpointRole = Role | 'self' | 'anyone'

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
  /** Their authenticator app's TOTP secret (base32), once they confirmed a code from it. */
  totpSecret: optional(name()),
  /** The TOTP time step last accepted: a code is taken once (RFC 6238 §5.2). */
  totpTimeStep: optional(integer()),
  /** SHA-256 (base64url) of each recovery code not yet used; the codes are shown once. */
  recoveryCodes: optional(json<string[]>((value) => Array.isArray(value) && value.every((item) => typeof item === 'string'))),
  createdAt: time(),
  removedAt: optional(time()),
}
export type AccountRecord = RecordOf<typeof accountShape>

/** A person still at the desk: a removed account only keeps its name for what it did. */
export const atDesk = (account: Pick<AccountRecord, 'removedAt'>): boolean => account.removedAt === undefined

/** A second factor the person has: a passkey, or an authenticator app (TOTP). */
export const hasSecondFactor = (account: Pick<AccountRecord, 'totpSecret'>, passkeys: number) => account.totpSecret !== undefined || passkeys > 0

/**
 * A passkey as stored (WebAuthn, a discoverable credential): its credential id (base64url), the public key
 * (COSE, base64url) and the signature counter its authenticator last gave. Nothing here signs anything.
 */
export const passkeyShape = {
  id: name(),
  accountId: name(),
  publicKey: name(),
  counter: integer(),
  transports: optional(json<string[]>((value) => Array.isArray(value) && value.every((item) => typeof item === 'string'))),
  /** The person's name for it ("Ana's phone"). */
  name: name(),
  createdAt: time(),
  lastUsedAt: optional(time()),
}
export type PasskeyRecord = RecordOf<typeof passkeyShape>
export type PasskeyView = Pick<PasskeyRecord, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>

/** Whether the desk asks every person for a second factor (an owner's setting). */
export const secondFactorRules = ['optional', 'required'] as const
export type SecondFactorRule = (typeof secondFactorRules)[number]

/** The desk's settings, one record (`id` is `desk`): what an owner sets for everyone. */
export const deskSettingsShape = {
  id: name(),
  secondFactor: oneOf(secondFactorRules),
  changedBy: name(),
  changedAt: time(),
}
export type DeskSettingsRecord = RecordOf<typeof deskSettingsShape>
export const deskSettingsId = 'desk'

/** How a person signs in, for their Security screen. */
export interface SecurityView {
  /** An authenticator app gives codes at sign-in. */
  totp: boolean
  recoveryCodesLeft: number
  passkeys: PasskeyView[]
  /** The desk's rule (an owner sets it). */
  secondFactor: SecondFactorRule
  /** The desk requires a second factor and this person has none yet: until they add one, only this screen opens. */
  mustAddSecondFactor: boolean
}

/** GET /api/admin/team: the people at the desk by name, for any of them (a lead's owner is one of these). */
export interface TeamView {
  people: Array<Pick<PersonView, 'id' | 'name'>>
}

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
  'password-reset-asked',
  'password-reset',
  'second-factor-added',
  'second-factor-removed',
  'recovery-code-used',
  'settings-changed',
  'leads-deleted',
  'subscriber-removed',
  'email-resent',
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
    /** The authenticator app's 6 digits, or a recovery code, when the person has set one up. */
    code: { type: 'string', maxLength: 40, errorMessage: 'Enter the code from your authenticator app, or a recovery code' },
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

/** The message of a sign-in whose password was right and which needs the code (`fields.code` of its 401). */
export const codeNeeded = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes'

/** POST /api/admin/password-reset: the address to send a reset link to (answered the same whether it has an account). */
export const resetAskSchema = {
  $id: 'resetAsk',
  type: 'object',
  properties: { email: requiredEmail },
  required: ['email'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { email: 'Email is required' } },
} as const
export type ResetAsk = FromSchema<typeof resetAskSchema>

/** POST /api/admin/password-reset/confirm: the key from the reset link, and the new password. */
export const resetConfirmSchema = {
  $id: 'resetConfirm',
  type: 'object',
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 300, errorMessage: 'This reset link is not complete' },
    password: newPassword,
  },
  required: ['key', 'password'],
  additionalProperties: false,
  errorMessage: {
    type: 'Expected a JSON object',
    required: { key: 'This reset link is not complete', password: `Choose a password of at least ${passwordMin} characters` },
  },
} as const
export type ResetConfirm = FromSchema<typeof resetConfirmSchema>

/** What a reset answers: signed in at once, unless the person has a second factor (then they sign in with it). */
export interface ResetDone {
  signedIn: boolean
}

/** How long a password reset link works. */
export const resetMinutes = 30

/** What the reset sentence says, whether or not the address has an account. */
export const resetAsked = `If this address has an account at the desk, a link to choose a new password is on its way. It works for ${resetMinutes} minutes.`

/** An authenticator app's secret to add, and the otpauth:// address its QR code holds. */
export interface TotpSetup {
  secret: string
  uri: string
}

/** POST /api/admin/security/totp: the secret the app was given, and a code it shows now. */
export const totpConfirmSchema = {
  $id: 'totpConfirm',
  type: 'object',
  properties: {
    secret: { type: 'string', pattern: '^[A-Z2-7]{16,128}$', errorMessage: 'Start again: this setup is not complete' },
    code: { type: 'string', pattern: '^\\s*\\d{3}\\s?\\d{3}\\s*$', errorMessage: 'Enter the 6 digits your authenticator app shows' },
  },
  required: ['secret', 'code'],
  additionalProperties: false,
  errorMessage: {
    type: 'Expected a JSON object',
    required: { secret: 'Start again: this setup is not complete', code: 'Enter the 6 digits your authenticator app shows' },
  },
} as const
export type TotpConfirm = FromSchema<typeof totpConfirmSchema>

/** New recovery codes, shown once. */
export interface RecoveryCodes {
  recoveryCodes: string[]
}

/**
 * A WebAuthn ceremony's options for the browser (@simplewebauthn/browser's `optionsJSON`) and the signed key
 * that brings its challenge back with the answer (the service keeps nothing between the two).
 */
export interface PasskeyCeremony<Options> {
  options: Options
  key: string
}

/** POST /api/admin/security/passkeys and /api/admin/session/passkey: the ceremony's key and the browser's answer. */
const passkeyAnswer = {
  key: { type: 'string', minLength: 1, maxLength: 500, errorMessage: 'Start again: this passkey request is not complete' },
  response: { type: 'object', errorMessage: 'The browser gave no passkey' },
} as const

export const passkeyAddSchema = {
  $id: 'passkeyAdd',
  type: 'object',
  properties: { ...passkeyAnswer, name: requiredText('Name the passkey', 'Name', personNameMax) },
  required: ['key', 'response', 'name'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { key: 'Start again', response: 'The browser gave no passkey', name: 'Name the passkey' } },
} as const
export type PasskeyAdd = FromSchema<typeof passkeyAddSchema>

export const passkeySignInSchema = {
  $id: 'passkeySignIn',
  type: 'object',
  properties: passkeyAnswer,
  required: ['key', 'response'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { key: 'Start again', response: 'The browser gave no passkey' } },
} as const
export type PasskeySignIn = FromSchema<typeof passkeySignInSchema>

/** PATCH /api/admin/security/desk: an owner's rule for everyone. */
export const deskSettingsSchema = {
  $id: 'deskSettings',
  type: 'object',
  properties: { secondFactor: { type: 'string', enum: secondFactorRules, errorMessage: `secondFactor is one of ${secondFactorRules.join(', ')}` } },
  required: ['secondFactor'],
  additionalProperties: false,
  errorMessage: { type: 'Expected a JSON object', required: { secondFactor: 'Choose whether a second factor is required' } },
} as const
export type DeskSettings = FromSchema<typeof deskSettingsSchema>
