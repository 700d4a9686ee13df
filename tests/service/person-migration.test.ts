import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { migrate, migrations } from '../../forms-service/store/postgres/migrations.js'
import { freshStore, onPostgres } from './helpers.js'

// Migration 13 gives the requests and messages stored before it their person's keys (contract/booking/person.ts),
// so that a timeline finds them as it finds new ones.

describe.skipIf(!onPostgres)('migration 13 (PostgreSQL)', () => {
  it('keys the records stored before it by folded address and phone', async () => {
    const { databaseUrl } = await freshStore()
    const client = new pg.Client(databaseUrl!)
    await client.connect()
    try {
      // The schema as the version before it left it.
      await client.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
      for (const step of migrations.filter((one) => one.version < 13)) {
        await client.query(step.sql)
        await step.run?.(client as unknown as pg.PoolClient)
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [step.version])
      }
      const insert = (table: string, id: string, email: string, phone: string) =>
        client.query(`INSERT INTO ${table} (id, received_at, fields, search, phone_digits) VALUES ($1, now(), $2, '', '')`, [
          id,
          JSON.stringify({ email, phone }),
        ])
      await insert('consultations', 'old-request', 'Ann.Lee+web@GoogleMail.com', '+1 (214) 555-0142')
      await insert('contacts', 'old-message', 'sam@example.com', '12')
    } finally {
      await client.end()
    }
    const pool = new pg.Pool({ connectionString: databaseUrl! })
    try {
      expect((await migrate(pool)).to).toBe(migrations.at(-1)!.version)
      const keys = async (table: string) => (await pool.query(`SELECT id, email_key, phone_key FROM ${table}`)).rows
      expect(await keys('consultations')).toEqual([{ id: 'old-request', email_key: 'annlee@gmail.com', phone_key: '2145550142' }])
      expect(await keys('contacts')).toEqual([{ id: 'old-message', email_key: 'sam@example.com', phone_key: '' }])
    } finally {
      await pool.end()
    }
  })
})
