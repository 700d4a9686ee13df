import { atDesk, sessionTouchMs, type InvitationRecord } from '../../../contract/wire/people.js'
import { newestFirst } from '../inboxQuery.js'
import type { PeopleStore } from '../people.js'
import type { Change } from '../records.js'
import { queuedEmail, type EmbeddedCore } from './core.js'

// The embedded store's people at the desk: accounts, sessions, invitations and the audit trail, journaled like
// every record, so that a session outlives a restart. A team is a handful of people, and a new session takes
// the expired ones away in its commit: a look through the lists costs less than indexes kept in step.

const folded = (email: string) => email.toLowerCase()

export function peopleFace(core: EmbeddedCore): PeopleStore {
  const { tables } = core
  const endSessions = (accountId: string): Change[] =>
    tables.data.sessions
      .filter((session) => session.accountId === accountId)
      .map((session) => ({ collection: 'sessions', id: session.id, deleted: true }) as const)

  return {
    async people() {
      return tables.data.accounts.slice()
    },
    async person(id) {
      return tables.get('accounts', id)
    },
    async personByEmail(email) {
      return tables.data.accounts.find((account) => atDesk(account) && folded(account.email) === folded(email))
    },
    addPerson(account, also = {}) {
      return core.edit(async () => {
        if (tables.data.accounts.some((other) => atDesk(other) && folded(other.email) === folded(account.email))) return null
        const changes: Change[] = [{ collection: 'accounts', record: account }]
        if (also.invitationId) changes.push({ collection: 'invitations', id: also.invitationId, set: { acceptedAt: account.createdAt } })
        if (also.adoptTokens) {
          for (const token of tables.data.apiTokens)
            if (!token.accountId) changes.push({ collection: 'apiTokens', id: token.id, set: { accountId: account.id } })
        }
        await core.log.append({ changes })
        return account
      })
    },
    changePerson(id, change, { clear = [], emails } = {}) {
      return core.edit(async () => {
        const account = tables.get('accounts', id)
        if (!account) return undefined
        const at = core.now().toISOString()
        const sent = emails?.kinds.map((kind) => queuedEmail({ collection: 'accounts', id }, kind, at, at, emails)) ?? []
        const changes: Change[] = [{ collection: 'accounts', id, set: change, ...(clear.length > 0 ? { unset: clear } : {}) }, ...sent]
        if ((change.role && change.role !== account.role) || change.passwordHash || change.removedAt) changes.push(...endSessions(id))
        if (change.removedAt) {
          for (const token of tables.data.apiTokens) if (token.accountId === id) changes.push({ collection: 'apiTokens', id: token.id, deleted: true })
          for (const passkey of tables.data.passkeys) if (passkey.accountId === id) changes.push({ collection: 'passkeys', id: passkey.id, deleted: true })
        }
        await core.log.append({ changes })
        if (sent.length > 0) core.emailsQueued()
        return tables.get('accounts', id)
      })
    },
    takeTotpStep(id, step) {
      return core.edit(async () => {
        const account = tables.get('accounts', id)
        if (!account || (account.totpTimeStep !== undefined && account.totpTimeStep >= step)) return false
        await core.log.append({ collection: 'accounts', id, set: { totpTimeStep: step } })
        return true
      })
    },
    takeRecoveryCode(id, codeHash) {
      return core.edit(async () => {
        const codes = tables.get('accounts', id)?.recoveryCodes
        if (!codes?.includes(codeHash)) return false
        await core.log.append({ collection: 'accounts', id, set: { recoveryCodes: codes.filter((code) => code !== codeHash) } })
        return true
      })
    },

    async passkeysOf(accountId) {
      return tables.data.passkeys.filter((passkey) => passkey.accountId === accountId)
    },
    async passkey(id) {
      return tables.get('passkeys', id)
    },
    addPasskey(passkey) {
      return core.edit(async () => {
        if (tables.get('passkeys', passkey.id)) return null
        await core.log.append({ collection: 'passkeys', record: passkey })
        return passkey
      })
    },
    usePasskey(id, counter, at) {
      return core.edit(async () => {
        if (tables.get('passkeys', id)) await core.log.append({ collection: 'passkeys', id, set: { counter, lastUsedAt: at } })
      })
    },
    removePasskey(id) {
      return core.edit(async () => {
        if (!tables.get('passkeys', id)) return false
        await core.log.append({ collection: 'passkeys', id, deleted: true })
        return true
      })
    },
    async deskSettings() {
      return tables.data.deskSettings[0]
    },
    setDeskSettings(settings) {
      return core.edit(async () => {
        const old = tables.data.deskSettings[0]
        await core.log.append({
          changes: [...(old ? [{ collection: 'deskSettings', id: old.id, deleted: true } as const] : []), { collection: 'deskSettings', record: settings }],
        })
        return settings
      })
    },

    startSession(session) {
      return core.edit(async () => {
        const expired = tables.data.sessions.filter((other) => Date.parse(other.expiresAt) < Date.parse(session.createdAt))
        await core.log.append({
          changes: [{ collection: 'sessions', record: session }, ...expired.map((old) => ({ collection: 'sessions', id: old.id, deleted: true }) as const)],
        })
      })
    },
    async sessionOf(tokenHash, now) {
      const session = tables.data.sessions.find((candidate) => candidate.tokenHash === tokenHash)
      if (!session || Date.parse(session.expiresAt) < now.getTime()) return undefined
      if (now.getTime() - Date.parse(session.lastSeenAt) < sessionTouchMs) return session
      return core.edit(async () => {
        if (!tables.get('sessions', session.id)) return undefined
        await core.log.append({ collection: 'sessions', id: session.id, set: { lastSeenAt: now.toISOString() } })
        return tables.get('sessions', session.id)
      })
    },
    async sessionsOf(accountId, now) {
      return tables.data.sessions
        .filter((session) => session.accountId === accountId && Date.parse(session.expiresAt) >= now.getTime())
        .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt))
    },
    endSession(id) {
      return core.edit(async () => {
        if (!tables.get('sessions', id)) return false
        await core.log.append({ collection: 'sessions', id, deleted: true })
        return true
      })
    },
    endSessionsOf(accountId) {
      return core.edit(async () => {
        const changes = endSessions(accountId)
        if (changes.length > 0) await core.log.append({ changes })
        return changes.length
      })
    },

    async addInvitation(invitation, emails) {
      return core.insert('invitations', invitation, emails)
    },
    async invitation(id) {
      return tables.get('invitations', id)
    },
    async invitations() {
      return tables.data.invitations.slice().reverse()
    },
    changeInvitation(id, change, emails) {
      return core.edit(async (): Promise<InvitationRecord | undefined> => {
        if (!tables.get('invitations', id)) return undefined
        const at = core.now().toISOString()
        const sent = emails?.kinds.map((kind) => queuedEmail({ collection: 'invitations', id }, kind, at, at, emails)) ?? []
        await core.log.append({ changes: [{ collection: 'invitations', id, set: change }, ...sent] })
        if (sent.length > 0) core.emailsQueued()
        return tables.get('invitations', id)
      })
    },

    async audit(entry) {
      await core.log.append({ collection: 'auditTrail', record: entry })
    },
    async auditTrail({ offset, limit, actor, action, from, to }) {
      return newestFirst(
        tables.data.auditTrail,
        (entry) =>
          (actor === undefined || entry.actor === actor) &&
          (action === undefined || entry.action === action) &&
          (from === undefined || entry.at >= from) &&
          (to === undefined || entry.at < to),
        { offset, limit },
      )
    },
  }
}
