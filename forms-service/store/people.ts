import type { AccountRecord, AuditAction, AuditRecord, InvitationRecord, SessionRecord } from '../../contract/wire/people.js'
import type { Page } from './inboxQuery.js'
import type { EmailsOwed } from './inboxStore.js'

/** What may change of a person: their name, their role, their password, their removal. */
export type PersonChange = Partial<Pick<AccountRecord, 'name' | 'role' | 'passwordHash' | 'removedAt'>>

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
   * Changes an account. A new role or a removal ends the person's sessions in the same commit, and a removal
   * revokes their API tokens too: on every replica at the next request.
   */
  changePerson(id: string, change: PersonChange): Promise<AccountRecord | undefined>

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
