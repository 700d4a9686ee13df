import type pg from 'pg'
import { personKey } from '../../../contract/booking/person.js'
import { StoreNotEmptyError, type StoreUpkeep } from '../formStore.js'
import { collections, emptyData, type Data } from '../records.js'
import { insertOf, recordOf, tables } from './columns.js'
import type { PostgresCore } from './core.js'
import { inboxValues, insertInboxSql, insertSubscriber } from './inserts.js'
import { importCells, insertMeeting, meetingOf, type MeetingRow } from './meetings.js'
import {
  apiTokenRecord,
  blockRecord,
  blockedPostRecord,
  emailRecord,
  inboxRecord,
  recipientRecord,
  subscriberRecord,
  tableOf,
  type InboxRow,
  type Row,
} from './rows.js'

// The PostgreSQL store's upkeep (StoreUpkeep, ../formStore.ts): its whole data out and in, its health,
// its end. Its `maintenance` is openPostgresStore's (store.ts).

export function upkeepFace(core: PostgresCore): Omit<StoreUpkeep, 'maintenance'> {
  return {
    async exportData(): Promise<Data> {
      // One read-only snapshot of the database (REPEATABLE READ): a backup taken while leads keep
      // arriving holds each record whole with its meeting and emails, or not yet.
      return core.transaction(async (client) => {
        await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY')
        const rows = async <R extends pg.QueryResultRow>(sql: string) => (await client.query<R>(sql)).rows
        const meetings = new Map((await rows<MeetingRow>('SELECT * FROM meetings')).map((row) => [row.request_id, meetingOf(row)]))
        const data = emptyData()
        data.consultations = (await rows<InboxRow>('SELECT * FROM consultations ORDER BY seq')).map((row) => {
          const record = inboxRecord(row)
          const meeting = meetings.get(record.id)
          return meeting ? { ...record, meeting } : record
        }) as Data['consultations']
        data.contacts = (await rows<InboxRow>('SELECT * FROM contacts ORDER BY seq')).map(inboxRecord) as Data['contacts']
        data.newsletterSubscribers = (await rows<Row>('SELECT * FROM newsletter_subscribers ORDER BY seq')).map(subscriberRecord)
        data.emails = (await rows<Row>('SELECT * FROM emails ORDER BY seq')).map(emailRecord)
        data.apiTokens = (await rows<Row>('SELECT * FROM api_tokens ORDER BY seq')).map(apiTokenRecord)
        data.blocked = (await rows<Row>('SELECT * FROM blocked_addresses ORDER BY seq')).map(blockRecord)
        data.blockedPosts = (await rows<Row>('SELECT * FROM blocked_posts ORDER BY seq')).map(blockedPostRecord)
        data.recipients = (await rows<Row>('SELECT * FROM mail_recipients ORDER BY key')).map(recipientRecord)
        data.accounts = (await rows<Row>('SELECT * FROM accounts ORDER BY seq')).map((row) => recordOf(tables.accounts, row))
        data.sessions = (await rows<Row>('SELECT * FROM desk_sessions ORDER BY created_at, id')).map((row) => recordOf(tables.sessions, row))
        data.invitations = (await rows<Row>('SELECT * FROM invitations ORDER BY seq')).map((row) => recordOf(tables.invitations, row))
        data.auditTrail = (await rows<Row>('SELECT * FROM audit_trail ORDER BY seq')).map((row) => recordOf(tables.auditTrail, row))
        data.passkeys = (await rows<Row>('SELECT * FROM passkeys ORDER BY seq')).map((row) => recordOf(tables.passkeys, row))
        data.deskSettings = (await rows<Row>('SELECT * FROM desk_settings')).map((row) => recordOf(tables.deskSettings, row))
        return data
      })
    },

    async importData(data: Data): Promise<void> {
      await core.transaction(async (client) => {
        for (const name of collections) {
          const { rows } = await client.query(`SELECT 1 FROM ${tableOf[name]} LIMIT 1`)
          if (rows.length > 0) throw new StoreNotEmptyError('the database already holds records; import into an empty one')
        }
        for (const collection of ['consultations', 'contacts'] as const) {
          for (const record of data[collection]) await client.query(insertInboxSql(collection, false), inboxValues(record))
        }
        for (const record of data.consultations) {
          if (!record.meeting) continue
          if (!core.booking) throw new Error('Importing meetings needs the booking settings (content/booking.json)')
          await insertMeeting(client, record.id, record.meeting, personKey(record.email))
          await importCells(client, record.meeting, typeof core.booking === 'function' ? core.booking() : core.booking)
        }
        for (const record of data.newsletterSubscribers) await client.query(insertSubscriber(record))
        for (const post of data.blockedPosts) await client.query(insertOf(tables.blockedPosts, post))
        // Every declared field of each (postgres/columns.ts): an export imported is the data exported.
        for (const email of data.emails) await client.query(insertOf(tables.emails, email))
        for (const token of data.apiTokens) await client.query(insertOf(tables.apiTokens, token))
        for (const block of data.blocked) await client.query(insertOf(tables.blocked, block))
        for (const recipient of data.recipients) await client.query(insertOf(tables.recipients, recipient))
        for (const account of data.accounts) await client.query(insertOf(tables.accounts, account))
        for (const session of data.sessions) await client.query(insertOf(tables.sessions, session))
        for (const invitation of data.invitations) await client.query(insertOf(tables.invitations, invitation))
        for (const entry of data.auditTrail) await client.query(insertOf(tables.auditTrail, entry))
        for (const passkey of data.passkeys) await client.query(insertOf(tables.passkeys, passkey))
        for (const settings of data.deskSettings) await client.query(insertOf(tables.deskSettings, settings))
      })
    },

    async healthy(): Promise<boolean> {
      return core.query('SELECT 1').then(
        () => true,
        () => false,
      )
    },

    close(): Promise<void> {
      return core.pool.end()
    },
  }
}
