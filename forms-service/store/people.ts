import type { AccountRecord, AuditAction, AuditRecord, DeskSettingsRecord, InvitationRecord, PasskeyRecord, SessionRecord } from '../../contract/wire/people.js'
import type { Page } from './inboxQuery.js'
import type { EmailsOwed } from './inboxStore.js'

/** What may change of a person: their name, their role, their password, their second factor, their removal. */
export type PersonChange = Partial<Pick<AccountRecord, 'name' | 'role' | 'passwordHash' | 'removedAt' | 'totpSecret' | 'totpTimeStep' | 'recoveryCodes'>>
/** What a person may take away: their authenticator app (its secret and last step) and recovery codes. */
export type ClearedPersonField = 'totpSecret' | 'totpTimeStep' | 'recoveryCodes'

/** Which lines of the audit trail, newest first. */
export interface AuditQuery {
  offset: number
  limit: number
  actor?: string
  action?: AuditAction
  /** ISO instants: at or after `from`, before `to`. */
  from?: string
  to?: string
}

/**
 * The store's face for the people at the desk (contract/wire/people.ts): their accounts, their sessions, the
 * invitations and the audit trail. Sessions live here, not in memory, so that they outlive a restart and every
 * replica ends one at once.
 */
export interface PeopleStore {
  /** Every account, removed ones included (what they did still says their name), oldest first. */
  people(): Promise<AccountRecord[]>
  person(id: string): Promise<AccountRecord | undefined>
  /** The live (not removed) account of an address, in any letter case. */
  personByEmail(email: string): Promise<AccountRecord | undefined>
  /**
   * Adds an account, unless a live one has its address in any letter case (then null, nothing stored). With
   * `invitationId`, marks that invitation accepted in the same commit; the first owner also adopts the API
   * tokens made before accounts (`adoptTokens`), so that they die with a person as every token does.
   */
  addPerson(account: AccountRecord, also?: { invitationId?: string; adoptTokens?: boolean }): Promise<AccountRecord | null>
  /**
   * Changes an account, taking the `clear` fields away, and queues `emails` about it in the same commit (a
   * reset link). A new role, a new password or a removal ends the person's sessions in that commit, and a
   * removal revokes their API tokens and passkeys too: on every replica at the next request.
   */
  changePerson(id: string, change: PersonChange, also?: { clear?: readonly ClearedPersonField[]; emails?: EmailsOwed }): Promise<AccountRecord | undefined>
  /** Takes a TOTP time step for the account if it is later than the last one taken: false for a code used already (a replay, or a race). */
  takeTotpStep(id: string, step: number): Promise<boolean>
  /** Takes one recovery code (its hash) away: false when it is not (or no longer) the account's. */
  takeRecoveryCode(id: string, codeHash: string): Promise<boolean>

  /** A person's passkeys, oldest first. */
  passkeysOf(accountId: string): Promise<PasskeyRecord[]>
  passkey(id: string): Promise<PasskeyRecord | undefined>
  /** Adds a passkey; null when its credential is stored already. */
  addPasskey(passkey: PasskeyRecord): Promise<PasskeyRecord | null>
  /** Notes a sign-in with a passkey: the counter its authenticator gave, and when. */
  usePasskey(id: string, counter: number, at: string): Promise<void>
  /** false when it was not there (any more). */
  removePasskey(id: string): Promise<boolean>
  /** What an owner set for the whole desk, if anything yet. */
  deskSettings(): Promise<DeskSettingsRecord | undefined>
  setDeskSettings(settings: DeskSettingsRecord): Promise<DeskSettingsRecord>

  startSession(session: SessionRecord): Promise<void>
  /**
   * The live session of a token's hash at `now`, moving its `lastSeenAt` when it is a minute old or more
   * (contract/wire/people.ts sessionTouchMs); undefined when there is none or it expired.
   */
  sessionOf(tokenHash: string, now: Date): Promise<SessionRecord | undefined>
  /** A person's live sessions at `now`, the latest seen first. */
  sessionsOf(accountId: string, now: Date): Promise<SessionRecord[]>
  /** Ends one session at once; false when it was not there (any more). */
  endSession(id: string): Promise<boolean>
  /** Ends every session of an account (`bootstrap` included); how many ended. */
  endSessionsOf(accountId: string): Promise<number>

  /** Stores an invitation with its email (outbox/kinds.ts `invitation`), durable together. */
  addInvitation(invitation: InvitationRecord, emails: EmailsOwed): Promise<InvitationRecord>
  invitation(id: string): Promise<InvitationRecord | undefined>
  /** Newest first, answered and revoked ones included. */
  invitations(): Promise<InvitationRecord[]>
  changeInvitation(id: string, change: Partial<Pick<InvitationRecord, 'revokedAt' | 'expiresAt'>>, emails?: EmailsOwed): Promise<InvitationRecord | undefined>

  /** Adds a line to the audit trail. */
  audit(entry: AuditRecord): Promise<void>
  auditTrail(query: AuditQuery): Promise<Page<AuditRecord>>
}
