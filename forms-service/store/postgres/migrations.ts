import type pg from 'pg'
import { haystackOf } from '../inboxQuery.js'
import { inboxRecord, type InboxRow } from './rows.js'
import { missingColumns } from './columns.js'
import { personKey, personKeysOf } from '../../../contract/booking/person.js'
import { scopesOfOlderTokens } from '../apiTokens.js'

/**
 * The schema, as numbered steps. A step is never changed once released: a change is a new step.
 * Records keep their form fields in `fields` (jsonb), as sent; what the service queries has columns.
 */
/** The emails of a day (about an id that is a date): the predicate of their unique index, which ON CONFLICT repeats. */
export const dayEmail = `about_id ~ '^\\d{4}-\\d{2}-\\d{2}$'`

export const migrations: Array<{ version: number; sql: string; run?: (client: pg.PoolClient) => Promise<void> }> = [
  {
    version: 1,
    sql: `
      CREATE TABLE consultations (
        seq bigserial UNIQUE NOT NULL,
        id text PRIMARY KEY,
        received_at timestamptz NOT NULL,
        fields jsonb NOT NULL,
        status text NOT NULL DEFAULT 'new',
        status_changes jsonb NOT NULL DEFAULT '[]',
        note text NOT NULL DEFAULT '',
        note_updated_at timestamptz,
        submission_key text UNIQUE,
        search text NOT NULL,
        phone_digits text NOT NULL
      );
      CREATE INDEX consultations_status ON consultations (status, seq);
      CREATE TABLE contacts (LIKE consultations INCLUDING ALL);
      CREATE TABLE newsletter_subscribers (
        seq bigserial UNIQUE NOT NULL,
        id text PRIMARY KEY,
        email text NOT NULL,
        email_key text NOT NULL UNIQUE,
        subscribed_at timestamptz NOT NULL
      );
      CREATE TABLE emails (
        seq bigserial UNIQUE NOT NULL,
        id text PRIMARY KEY,
        about_collection text NOT NULL,
        about_id text NOT NULL,
        kind text NOT NULL,
        created_at timestamptz NOT NULL,
        queued_at timestamptz,
        state text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        claimed_until timestamptz,
        last_error text,
        sent_at timestamptz,
        to_address text,
        subject text,
        file text
      );
      CREATE INDEX emails_about ON emails (about_collection, about_id);
      CREATE INDEX emails_due ON emails (next_attempt_at) WHERE state = 'queued';
      CREATE TABLE admin_sessions (token_hash text PRIMARY KEY, expires_at timestamptz NOT NULL);
      CREATE TABLE login_attempts (id bigserial PRIMARY KEY, key text NOT NULL, known_browser boolean NOT NULL, at timestamptz NOT NULL);
      CREATE INDEX login_attempts_key ON login_attempts (key, at);
      CREATE INDEX login_attempts_at ON login_attempts (at);
      CREATE TABLE rate_limits (key text NOT NULL, window_start bigint NOT NULL, count integer NOT NULL, PRIMARY KEY (key, window_start));
    `,
  },
  {
    version: 2,
    // A right password forgets a key's failures but keeps them in the overall count (loginRule.ts).
    sql: 'ALTER TABLE login_attempts ADD COLUMN forgiven boolean NOT NULL DEFAULT false;',
  },
  {
    version: 3,
    // A meeting's cells are rows with a unique (cell, seat): two requests can never hold the same seat
    // of a cell, whatever the number of replicas, so no cell ever holds more meetings than seats.
    sql: `
      CREATE TABLE meetings (
        id text PRIMARY KEY,
        request_id text NOT NULL UNIQUE REFERENCES consultations (id) ON DELETE CASCADE,
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        state text NOT NULL,
        sequence integer NOT NULL,
        history jsonb NOT NULL
      );
      CREATE INDEX meetings_start ON meetings (start_at);
      CREATE TABLE meeting_cells (
        cell timestamptz NOT NULL,
        seat integer NOT NULL CHECK (seat >= 1),
        meeting_id text NOT NULL REFERENCES meetings (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        PRIMARY KEY (cell, seat)
      );
      CREATE INDEX meeting_cells_meeting ON meeting_cells (meeting_id);
      CREATE UNIQUE INDEX emails_agenda ON emails (about_id) WHERE kind = 'meeting-agenda';
      CREATE TABLE service_settings (key text PRIMARY KEY, value text NOT NULL);
    `,
  },
  {
    version: 4,
    // The lead desk: a person's history by address (any letter case), retention by age, and the search
    // column rewritten without accents (inboxQuery.ts folds it in the service: no extension needed).
    sql: `
      CREATE INDEX consultations_email ON consultations (lower(fields->>'email'));
      CREATE INDEX contacts_email ON contacts (lower(fields->>'email'));
      CREATE INDEX consultations_received ON consultations (received_at);
      CREATE INDEX contacts_received ON contacts (received_at);
    `,
    run: async (client) => {
      for (const table of ['consultations', 'contacts']) {
        const { rows } = await client.query<InboxRow>(`SELECT * FROM ${table}`)
        for (const row of rows) await client.query(`UPDATE ${table} SET search = $2 WHERE id = $1`, [row.id, haystackOf(inboxRecord(row)).text])
      }
    },
  },
  {
    version: 5,
    // An email of a day (the morning digest, store/records.ts) is about an id that is a date, which no
    // record has: each kind of them once per day, whatever the number of replicas queueing it. The
    // agenda's own index goes with the agenda.
    sql: `
      DROP INDEX emails_agenda;
      CREATE UNIQUE INDEX emails_of_day ON emails (kind, about_id) WHERE ${dayEmail};
    `,
  },
  {
    version: 6,
    // API tokens by their SHA-256 only: a copy of the database opens nothing.
    sql: `
      CREATE TABLE api_tokens (
        seq bigserial UNIQUE NOT NULL,
        id text PRIMARY KEY,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      );
    `,
  },
  {
    version: 7,
    // The request that queued an email, for the sender's log lines (X-Request-Id).
    sql: 'ALTER TABLE emails ADD COLUMN queued_by_request text;',
  },
  {
    version: 8,
    // A meeting's own key for its links (email/meetingLinks.ts); null for meetings booked before, whose
    // links are signed with a key derived from the secret.
    sql: 'ALTER TABLE meetings ADD COLUMN link_key text;',
  },
  {
    version: 9,
    // The outbox's cap per visitor address counts its emails of the last day (recipient_key, recipient_at);
    // mail_recipients keeps who clicked a link of ours and who must get nothing more; blocked_addresses is
    // the admin's block list, one row per address.
    sql: `
      ALTER TABLE emails ADD COLUMN held_for text, ADD COLUMN recipient_key text, ADD COLUMN recipient_at timestamptz, ADD COLUMN resent_at timestamptz;
      CREATE INDEX emails_recipient ON emails (recipient_key, recipient_at) WHERE recipient_key IS NOT NULL;
      CREATE TABLE mail_recipients (key text PRIMARY KEY, clicked_at timestamptz, suppressed text, suppressed_at timestamptz);
      CREATE TABLE blocked_addresses (
        seq bigserial UNIQUE NOT NULL,
        id text PRIMARY KEY,
        kind text NOT NULL,
        value text NOT NULL,
        reason text NOT NULL,
        blocked_by text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (kind, value)
      );
    `,
  },
  {
    version: 10,
    // The booking caps (postgres/meetings.ts checkCaps): a person's meetings ahead by the folded address
    // (contract/booking/person.ts, computed by the service, so a column), and a client address's bookings of the
    // day by the keyed hash kept in the request's fields.
    sql: `
      ALTER TABLE meetings ADD COLUMN person_key text;
      CREATE INDEX meetings_person ON meetings (person_key, start_at);
      CREATE INDEX consultations_client ON consultations ((fields->>'clientKey'), received_at) WHERE fields ? 'clientKey';
    `,
    run: async (client) => {
      const { rows } = await client.query<{ id: string; email: string }>(
        `SELECT m.id, c.fields->>'email' AS email FROM meetings m JOIN consultations c ON c.id = m.request_id`,
      )
      for (const row of rows) await client.query('UPDATE meetings SET person_key = $2 WHERE id = $1', [row.id, personKey(row.email ?? '')])
    },
  },
  {
    version: 11,
    // The text of an email written to a replica's own outbox folder: any replica can then show it.
    sql: 'ALTER TABLE emails ADD COLUMN message text;',
  },
  {
    version: 12,
    // Where a sign-up came from (contract/wire/source.ts; requests and messages keep theirs in `fields`), and
    // the overview's counts of sign-ups by period.
    sql: `
      ALTER TABLE newsletter_subscribers ADD COLUMN source jsonb;
      CREATE INDEX newsletter_subscribers_subscribed ON newsletter_subscribers (subscribed_at);
    `,
  },
  {
    version: 13,
    // One person, one timeline: requests and messages by folded address and by phone (contract/booking/person.ts,
    // computed by the service, so columns), each found by an index.
    sql: `
      ALTER TABLE consultations ADD COLUMN email_key text, ADD COLUMN phone_key text;
      ALTER TABLE contacts ADD COLUMN email_key text, ADD COLUMN phone_key text;
      CREATE INDEX consultations_email_key ON consultations (email_key);
      CREATE INDEX consultations_phone_key ON consultations (phone_key);
      CREATE INDEX contacts_email_key ON contacts (email_key);
      CREATE INDEX contacts_phone_key ON contacts (phone_key);
    `,
    run: async (client) => {
      for (const table of ['consultations', 'contacts']) {
        const { rows } = await client.query<{ id: string; email: string | null; phone: string | null }>(
          `SELECT id, fields->>'email' AS email, fields->>'phone' AS phone FROM ${table}`,
        )
        const keys = rows.map((row) => personKeysOf({ email: row.email ?? '', phone: row.phone ?? '' }))
        await client.query(
          `UPDATE ${table} SET email_key = k.email_key, phone_key = k.phone_key
           FROM unnest($1::text[], $2::text[], $3::text[]) AS k (id, email_key, phone_key) WHERE ${table}.id = k.id`,
          [rows.map((row) => row.id), keys.map((key) => key.email), keys.map((key) => key.phone)],
        )
      }
    },
  },
  {
    version: 14,
    // Addresses are folded as the mailer delivers them (contract/booking/person.ts: Unicode compatibility
    // forms, IDNA, dots): the keys computed by the earlier fold are computed again.
    sql: 'SELECT 1',
    run: async (client) => {
      const { rows } = await client.query<{ id: string; email: string | null }>(
        `SELECT m.id, c.fields->>'email' AS email FROM meetings m JOIN consultations c ON c.id = m.request_id`,
      )
      await client.query('UPDATE meetings SET person_key = k.person_key FROM unnest($1::text[], $2::text[]) AS k (id, person_key) WHERE meetings.id = k.id', [
        rows.map((row) => row.id),
        rows.map((row) => personKey(row.email ?? '')),
      ])
      for (const table of ['consultations', 'contacts']) {
        const { rows } = await client.query<{ id: string; email: string | null }>(`SELECT id, fields->>'email' AS email FROM ${table}`)
        await client.query(`UPDATE ${table} SET email_key = k.email_key FROM unnest($1::text[], $2::text[]) AS k (id, email_key) WHERE ${table}.id = k.id`, [
          rows.map((row) => row.id),
          rows.map((row) => personKey(row.email ?? '')),
        ])
      }
    },
  },
  {
    version: 15,
    // Clients and networks (forms-service/clientNetwork.ts): the per-network booking cap counts a request's
    // `networkKey` (in its fields, as `clientKey`); the budgets of emails to strangers count an email's
    // `queued_from` over the emails counted since a time.
    sql: `
      CREATE INDEX consultations_network ON consultations ((fields->>'networkKey'), received_at) WHERE fields ? 'networkKey';
      ALTER TABLE emails ADD COLUMN queued_from jsonb;
      CREATE INDEX emails_recipient_at ON emails (recipient_at) WHERE recipient_at IS NOT NULL;
    `,
  },
  {
    version: 20,
    // What an API token may do (contract/wire/apiTokens.ts). The tokens made before keep what scripts did
    // with them, not the block list or the backup (store/apiTokens.ts scopesOfOlderTokens); a new one
    // names its own, so the column keeps no default.
    sql: `
      ALTER TABLE api_tokens ADD COLUMN scopes text[] NOT NULL DEFAULT '{${scopesOfOlderTokens.join(',')}}';
      ALTER TABLE api_tokens ALTER COLUMN scopes DROP DEFAULT;
    `,
  },
  {
    version: 21,
    // The form posts the block list caught (contract/wire/blockList.ts BlockedPostView): kept whole, in no
    // other table, so that no list or count sees them until Unblock moves one where it belongs.
    sql: `
      CREATE TABLE blocked_posts (
        seq bigserial UNIQUE,
        id text PRIMARY KEY,
        received_at timestamptz NOT NULL,
        form text NOT NULL,
        fields jsonb NOT NULL,
        caught_by jsonb NOT NULL
      );
      CREATE INDEX blocked_posts_received ON blocked_posts (received_at);
    `,
  },
  {
    version: 22,
    // A block for a time (contract/wire/blockList.ts `expiresAt`): none is one until removed.
    sql: 'ALTER TABLE blocked_addresses ADD COLUMN expires_at timestamptz;',
  },
  {
    version: 23,
    // The people at the desk (contract/wire/people.ts). Sessions become records of a person, kept across
    // restarts; the sessions of the one password end with the upgrade (a sign-in again). Password guesses
    // count per account (login_attempts.scope) instead of for the whole desk. A live address has one
    // account (removed ones keep theirs, for the names in the history).
    sql: `
      CREATE TABLE accounts (
        seq bigserial UNIQUE,
        id text PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        role text NOT NULL,
        password_hash text,
        created_at timestamptz NOT NULL,
        removed_at timestamptz
      );
      CREATE UNIQUE INDEX accounts_live_email ON accounts (lower(email)) WHERE removed_at IS NULL;
      CREATE TABLE desk_sessions (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        account_id text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        device text NOT NULL
      );
      CREATE INDEX desk_sessions_account ON desk_sessions (account_id);
      CREATE TABLE invitations (
        seq bigserial UNIQUE,
        id text PRIMARY KEY,
        email text NOT NULL,
        name text NOT NULL,
        role text NOT NULL,
        invited_by text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        revoked_at timestamptz
      );
      CREATE TABLE audit_trail (
        seq bigserial UNIQUE,
        id text PRIMARY KEY,
        at timestamptz NOT NULL,
        actor text NOT NULL,
        action text NOT NULL,
        subject text,
        address text
      );
      CREATE INDEX audit_trail_at ON audit_trail (at);
      ALTER TABLE api_tokens ADD COLUMN account_id text;
      DROP TABLE admin_sessions;
      ALTER TABLE login_attempts ADD COLUMN scope text NOT NULL DEFAULT '';
      CREATE INDEX login_attempts_scope ON login_attempts (scope, at);
    `,
  },
  {
    version: 24,
    // Second factors (contract/wire/people.ts): an authenticator app and recovery codes per account, the
    // passkeys, and the desk's settings (one row).
    sql: `
      ALTER TABLE accounts ADD COLUMN totp_secret text, ADD COLUMN totp_time_step bigint, ADD COLUMN recovery_codes jsonb;
      CREATE TABLE passkeys (
        seq bigserial UNIQUE,
        id text PRIMARY KEY,
        account_id text NOT NULL,
        public_key text NOT NULL,
        counter bigint NOT NULL,
        transports jsonb,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      );
      CREATE INDEX passkeys_account ON passkeys (account_id);
      CREATE TABLE desk_settings (
        id text PRIMARY KEY,
        second_factor text NOT NULL,
        changed_by text NOT NULL,
        changed_at timestamptz NOT NULL
      );
    `,
  },
]

/** The database's schema is newer than this service: an older replica must not write to it. */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError'
}

// Any number both replicas agree on: the advisory lock that lets one of them migrate at a time.
const migrationLock = 4_210_751

/** What `migrate` found and did: the version before, the version now, and how many steps it ran. */
export interface Migration {
  from: number
  to: number
  applied: number
  ms: number
}

/**
 * Brings the schema up to date, once, whatever the number of replicas starting together: each takes
 * a transaction-scoped advisory lock, so the second waits and then finds nothing left to do.
 */
export async function migrate(pool: pg.Pool): Promise<Migration> {
  const started = performance.now()
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLock])
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')
    const current = rows[0]?.version ?? 0
    const latest = migrations.at(-1)!.version
    if (current > latest) {
      throw new SchemaTooNewError(`the database schema is at version ${current}, newer than this service knows (${latest}); run the newer service`)
    }
    const steps = migrations.filter((migration) => migration.version > current)
    for (const step of steps) {
      await client.query(step.sql)
      await step.run?.(client)
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [step.version])
    }
    // A field declared in a record's shape reads and writes its column (postgres/columns.ts): without the
    // step that adds it, no start, rather than a first insert that fails on a lead.
    const missing = await missingColumns(client)
    if (missing.length > 0) throw new Error(`the schema has no column ${missing.join(', ')}: add a step to forms-service/store/postgres/migrations.ts`)
    await client.query('COMMIT')
    return { from: current, to: latest, applied: steps.length, ms: Math.round(performance.now() - started) }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
