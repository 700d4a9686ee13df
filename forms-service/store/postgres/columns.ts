import type pg from 'pg'
import type { RecordOf, Shape } from '../../../contract/wire/recordShape.js'
import { recordShapes, type Collection } from '../records.js'

// The tables of the records, made from their declared shapes (forms-service/store/records.ts recordShapes):
// a field's column is its name in snake_case unless said here, so a field added to a shape is read, written,
// exported and imported with nothing more than the migration that adds its column; a missing column stops
// the start, naming it (`missingColumns`). Nothing filters a field out.

/** Where a field is kept: its column, or an object field's parts in columns of their own (an email's `about`). */
export type Place = string | { parts: Readonly<Record<string, string>> }

export interface Table<S extends Shape = Shape> {
  name: string
  shape: S
  places: { readonly [K in keyof S]: Place }
}

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

const table = <S extends Shape>(name: string, shape: S, renamed: { readonly [K in keyof S]?: Place } = {}): Table<S> => ({
  name,
  shape,
  places: Object.fromEntries(Object.keys(shape).map((field) => [field, renamed[field] ?? snakeCase(field)])) as Table<S>['places'],
})

/**
 * Leads keep their form's fields, and what the service adds that it never queries, in one jsonb column
 * (`fields`); the meeting has tables of its own (postgres/meetings.ts). Every declared field says which.
 */
export const inboxPlaces = {
  id: 'id',
  receivedAt: 'received_at',
  submissionKey: 'submission_key',
  status: 'status',
  statusChanges: 'status_changes',
  note: 'note',
  noteUpdatedAt: 'note_updated_at',
  noteUpdatedBy: 'fields',
  owner: 'fields',
  suspicion: 'fields',
  clientKey: 'fields',
  networkKey: 'fields',
  network: 'fields',
  meeting: 'meetings',
} as const satisfies { [K in keyof typeof recordShapes.consultations]-?: string }

export const tables = {
  newsletterSubscribers: table('newsletter_subscribers', recordShapes.newsletterSubscribers),
  emails: table('emails', recordShapes.emails, { about: { parts: { collection: 'about_collection', id: 'about_id' } }, to: 'to_address' }),
  apiTokens: table('api_tokens', recordShapes.apiTokens),
  blocked: table('blocked_addresses', recordShapes.blocked, { by: 'blocked_by' }),
  blockedPosts: table('blocked_posts', recordShapes.blockedPosts),
  recipients: table('mail_recipients', recordShapes.recipients, { id: 'key' }),
  accounts: table('accounts', recordShapes.accounts),
  sessions: table('desk_sessions', recordShapes.sessions),
  invitations: table('invitations', recordShapes.invitations),
  auditTrail: table('audit_trail', recordShapes.auditTrail),
  passkeys: table('passkeys', recordShapes.passkeys),
  deskSettings: table('desk_settings', recordShapes.deskSettings),
} satisfies { [C in Exclude<Collection, 'consultations' | 'contacts'>]: Table }

/** A record from its row: instants as ISO text, bigints as numbers, NULL as absent, columns of no field (`seq`, keys) left out. */
export function recordOf<S extends Shape>({ shape, places }: Table<S>, row: Record<string, unknown>): RecordOf<S> {
  const record: Record<string, unknown> = {}
  for (const field of Object.keys(shape)) {
    const place: Place = places[field]!
    const value = typeof place === 'string' ? row[place] : Object.fromEntries(Object.entries(place.parts).map(([part, column]) => [part, row[column]]))
    if (value === null || value === undefined) continue
    // node-postgres gives a bigint as text (it may not fit a double); a stored integer field always does.
    record[field] = value instanceof Date ? value.toISOString() : shape[field]!.kind === 'integer' && typeof value === 'string' ? Number(value) : value
  }
  return record as RecordOf<S>
}

/** The columns `fields` are written to, with their parameters (jsonb as JSON text, since node-postgres would make an array a PostgreSQL array). */
export function columnsOf<S extends Shape>({ shape, places }: Table<S>, fields: Partial<RecordOf<S>>): Array<[column: string, value: unknown]> {
  return Object.entries(fields).flatMap(([field, value]): Array<[string, unknown]> => {
    const place: Place = places[field]!
    if (typeof place !== 'string') return Object.entries(place.parts).map(([part, column]) => [column, (value as Record<string, unknown>)[part]])
    return [[place, value === undefined || value === null ? null : shape[field]!.kind === 'json' ? JSON.stringify(value) : value]]
  })
}

/**
 * An INSERT of the whole record, every declared field (absent ones NULL). `computed` are columns of no field,
 * each an SQL expression of the record's columns by their parameters: `{ email_key: (column) => `lower(${column('email')})` }`.
 */
export function insertOf<S extends Shape>(
  into: Table<S>,
  record: RecordOf<S>,
  computed: Record<string, (column: (name: string) => string) => string> = {},
): { text: string; values: unknown[] } {
  const all = Object.fromEntries(Object.keys(into.shape).map((field) => [field, (record as Record<string, unknown>)[field] ?? null]))
  const columns = columnsOf(into, all as Partial<RecordOf<S>>)
  const parameter = (name: string) => `$${columns.findIndex(([column]) => column === name) + 1}`
  const extra = Object.entries(computed)
  return {
    text: `INSERT INTO ${into.name} (${[...columns.map(([column]) => column), ...extra.map(([column]) => column)].join(', ')})
           VALUES (${[...columns.map((_, index) => `$${index + 1}`), ...extra.map(([, expression]) => expression(parameter))].join(', ')})`,
    values: columns.map(([, value]) => value),
  }
}

/** The declared columns the database lacks, as 'table.column': a migration is missing (postgres/migrations.ts). */
export async function missingColumns(client: pg.Pool | pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
  )
  const present = new Set(rows.map((row) => `${row.table_name}.${row.column_name}`))
  const declared = [
    ...Object.values(tables).flatMap(({ name, places }) =>
      Object.values(places as Record<string, Place>)
        .flatMap((place) => (typeof place === 'string' ? [place] : Object.values(place.parts)))
        .map((column) => `${name}.${column}`),
    ),
    ...(['consultations', 'contacts'] as const).flatMap((name) =>
      Object.values(inboxPlaces)
        .filter((place) => place !== 'meetings')
        .map((column) => `${name}.${column}`),
    ),
  ]
  return [...new Set(declared)].filter((column) => !present.has(column))
}
