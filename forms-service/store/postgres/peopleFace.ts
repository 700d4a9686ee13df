import type pg from 'pg'
import { sessionTouchMs } from '../../../contract/wire/people.js'
import type { EmailsOwed } from '../inboxStore.js'
import type { PeopleStore } from '../people.js'
import type { RecordOf, Shape } from '../../../contract/wire/recordShape.js'
import { columnsOf, insertOf, recordOf, tables, type Table } from './columns.js'
import type { PostgresCore } from './core.js'

// The people at the desk in PostgreSQL: accounts, sessions, invitations and the audit trail, in tables made
// from their declared shapes (columns.ts). Every replica reads a session here on each request, so ending one
// (or removing its person) ends it everywhere at the next request.

type Row = Record<string, unknown>

const account = (row: Row) => recordOf(tables.accounts, row)
const session = (row: Row) => recordOf(tables.sessions, row)
const invitation = (row: Row) => recordOf(tables.invitations, row)
const passkey = (row: Row) => recordOf(tables.passkeys, row)

/** Queues one email per kind about an invitation or an account, in the transaction of its change. */
async function queueEmailsAbout(client: pg.PoolClient, collection: 'invitations' | 'accounts', id: string, at: Date, emails: EmailsOwed): Promise<void> {
  if (emails.kinds.length === 0) return
  await client.query(
    `INSERT INTO emails (id, about_collection, about_id, kind, created_at, state, next_attempt_at, queued_by_request, queued_from)
     SELECT gen_random_uuid()::text, $6, $1, kind, $2, 'queued', $2, $3, $4::jsonb FROM unnest($5::text[]) AS kind`,
    [id, at, emails.requestId ?? null, emails.from ? JSON.stringify(emails.from) : null, emails.kinds, collection],
  )
}

/** `UPDATE table SET … WHERE id = $1 RETURNING *` for the fields of `change` (a `SELECT` of the row for no field). */
function update<S extends Shape>(table: Table<S>, id: string, change: Partial<RecordOf<S>>) {
  const columns = columnsOf(table, change)
  if (columns.length === 0) return { text: `SELECT * FROM ${table.name} WHERE id = $1`, values: [id] }
  return {
    text: `UPDATE ${table.name} SET ${columns.map(([column], index) => `${column} = $${index + 2}`).join(', ')} WHERE id = $1 RETURNING *`,
    values: [id, ...columns.map(([, value]) => value)],
  }
}

export function peopleFace(core: PostgresCore): PeopleStore {
  return {
    async people() {
      return (await core.query<Row>('SELECT * FROM accounts ORDER BY seq')).map(account)
    },
    async person(id) {
      const [row] = await core.query<Row>('SELECT * FROM accounts WHERE id = $1', [id])
      return row ? account(row) : undefined
    },
    async personByEmail(email) {
      const [row] = await core.query<Row>('SELECT * FROM accounts WHERE lower(email) = lower($1) AND removed_at IS NULL', [email])
      return row ? account(row) : undefined
    },
    addPerson(record, also = {}) {
      return core.transaction(async (client) => {
        const insert = insertOf(tables.accounts, record)
        // The unique index on a live address decides between two replicas adding the same person.
        const { rows } = await client.query<Row>(`${insert.text} ON CONFLICT DO NOTHING RETURNING *`, insert.values)
        if (rows.length === 0) return null
        if (also.invitationId) await client.query('UPDATE invitations SET accepted_at = $2 WHERE id = $1', [also.invitationId, record.createdAt])
        if (also.adoptTokens) await client.query('UPDATE api_tokens SET account_id = $1 WHERE account_id IS NULL', [record.id])
        return account(rows[0]!)
      })
    },
    async changePerson(id, change, { clear = [], emails } = {}) {
      const changed = await core.transaction(async (client) => {
        const { rows: before } = await client.query<Row>('SELECT * FROM accounts WHERE id = $1 FOR UPDATE', [id])
        if (before.length === 0) return undefined
        const old = account(before[0]!)
        const statement = update(tables.accounts, id, { ...change, ...Object.fromEntries(clear.map((field) => [field, null])) })
        const { rows } = await client.query<Row>(statement.text, statement.values)
        if ((change.role && change.role !== old.role) || change.passwordHash || change.removedAt) {
          await client.query('DELETE FROM desk_sessions WHERE account_id = $1', [id])
        }
        if (change.removedAt) {
          await client.query('DELETE FROM api_tokens WHERE account_id = $1', [id])
          await client.query('DELETE FROM passkeys WHERE account_id = $1', [id])
        }
        if (emails) await queueEmailsAbout(client, 'accounts', id, core.now(), emails)
        return account(rows[0]!)
      })
      if (changed && emails && emails.kinds.length > 0) core.emailsQueued()
      return changed
    },
    async takeTotpStep(id, step) {
      // One statement: of two replicas taking the same code, one wins.
      const rows = await core.query('UPDATE accounts SET totp_time_step = $2 WHERE id = $1 AND (totp_time_step IS NULL OR totp_time_step < $2) RETURNING id', [
        id,
        step,
      ])
      return rows.length === 1
    },
    async takeRecoveryCode(id, codeHash) {
      const rows = await core.query('UPDATE accounts SET recovery_codes = recovery_codes - $2::text WHERE id = $1 AND recovery_codes ? $2 RETURNING id', [
        id,
        codeHash,
      ])
      return rows.length === 1
    },

    async passkeysOf(accountId) {
      return (await core.query<Row>('SELECT * FROM passkeys WHERE account_id = $1 ORDER BY seq', [accountId])).map(passkey)
    },
    async passkey(id) {
      const [row] = await core.query<Row>('SELECT * FROM passkeys WHERE id = $1', [id])
      return row ? passkey(row) : undefined
    },
    async addPasskey(record) {
      const insert = insertOf(tables.passkeys, record)
      const rows = await core.query<Row>(`${insert.text} ON CONFLICT DO NOTHING RETURNING *`, insert.values)
      return rows[0] ? passkey(rows[0]) : null
    },
    async usePasskey(id, counter, at) {
      await core.query('UPDATE passkeys SET counter = $2, last_used_at = $3 WHERE id = $1', [id, counter, at])
    },
    async removePasskey(id) {
      return (await core.query('DELETE FROM passkeys WHERE id = $1 RETURNING id', [id])).length === 1
    },
    async deskSettings() {
      const [row] = await core.query<Row>('SELECT * FROM desk_settings LIMIT 1')
      return row ? recordOf(tables.deskSettings, row) : undefined
    },
    async setDeskSettings(record) {
      await core.transaction(async (client) => {
        await client.query('DELETE FROM desk_settings')
        const insert = insertOf(tables.deskSettings, record)
        await client.query(insert.text, insert.values)
      })
      return record
    },

    async startSession(record) {
      await core.transaction(async (client) => {
        await client.query('DELETE FROM desk_sessions WHERE expires_at < $1', [record.createdAt])
        const insert = insertOf(tables.sessions, record)
        await client.query(insert.text, insert.values)
      })
    },
    async sessionOf(tokenHash, now) {
      // One statement: the live session, its last sight moved to now when it is a minute old.
      const [row] = await core.query<Row>(
        `WITH seen AS (
           UPDATE desk_sessions SET last_seen_at = $2 WHERE token_hash = $1 AND expires_at >= $2 AND last_seen_at <= $3 RETURNING *
         )
         SELECT * FROM seen UNION ALL SELECT * FROM desk_sessions WHERE token_hash = $1 AND expires_at >= $2 AND NOT EXISTS (SELECT 1 FROM seen)`,
        [tokenHash, now, new Date(now.getTime() - sessionTouchMs)],
      )
      return row ? session(row) : undefined
    },
    async sessionsOf(accountId, now) {
      return (await core.query<Row>('SELECT * FROM desk_sessions WHERE account_id = $1 AND expires_at >= $2 ORDER BY last_seen_at DESC', [accountId, now])).map(
        session,
      )
    },
    async endSession(id) {
      return (await core.query('DELETE FROM desk_sessions WHERE id = $1 RETURNING id', [id])).length > 0
    },
    async endSessionsOf(accountId) {
      return (await core.query('DELETE FROM desk_sessions WHERE account_id = $1 RETURNING id', [accountId])).length
    },

    async addInvitation(record, emails) {
      await core.transaction(async (client) => {
        const insert = insertOf(tables.invitations, record)
        await client.query(insert.text, insert.values)
        await queueEmailsAbout(client, 'invitations', record.id, core.now(), emails)
      })
      if (emails.kinds.length > 0) core.emailsQueued()
      return record
    },
    async invitation(id) {
      const [row] = await core.query<Row>('SELECT * FROM invitations WHERE id = $1', [id])
      return row ? invitation(row) : undefined
    },
    async invitations() {
      return (await core.query<Row>('SELECT * FROM invitations ORDER BY seq DESC')).map(invitation)
    },
    async changeInvitation(id, change, emails) {
      const changed = await core.transaction(async (client) => {
        const statement = update(tables.invitations, id, change)
        const { rows } = await client.query<Row>(statement.text, statement.values)
        if (rows.length === 0) return undefined
        if (emails) await queueEmailsAbout(client, 'invitations', id, core.now(), emails)
        return invitation(rows[0]!)
      })
      if (changed && emails && emails.kinds.length > 0) core.emailsQueued()
      return changed
    },

    async audit(entry) {
      const insert = insertOf(tables.auditTrail, entry)
      await core.query(insert.text, insert.values)
    },
    async auditTrail({ offset, limit, actor, action, from, to }) {
      const conditions: string[] = []
      const params: unknown[] = []
      const where = (column: string, operator: string, value: unknown) => {
        if (value === undefined) return
        params.push(value)
        conditions.push(`${column} ${operator} $${params.length}`)
      }
      where('actor', '=', actor)
      where('action', '=', action)
      where('at', '>=', from)
      where('at', '<', to)
      const page = await core.page<Row & { id: string }>('audit_trail', conditions.join(' AND ') || 'true', params, { offset, limit }, 'seq DESC')
      return { items: page.items.map((row) => recordOf(tables.auditTrail, row)), total: page.total }
    },
  }
}
