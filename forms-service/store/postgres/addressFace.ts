import { randomUUID } from 'node:crypto'
import type { BlockKind, UnblockedPost } from '../../../contract/wire/blockList.js'
import type { EmailHoldReason } from '../../../contract/wire/inbox.js'
import { clickStepMs, releasedRecord, strangerWindows, type AddressStore, type CaughtPost, type RecipientEvent, type StrangerCounts } from '../addresses.js'
import type { Page } from '../inboxQuery.js'
import type { BlockedPostRecord, BlockRecord, EmailRecord, RecipientRecord } from '../records.js'
import { insertOf, tables } from './columns.js'
import type { PostgresCore } from './core.js'
import { inboxValues, insertInboxSql, insertSubscriber } from './inserts.js'
import { blockRecord, blockedPostRecord, recipientRecord, subscriberRecord, type Row } from './rows.js'

// The block list, the posts it caught and what the outbox knows of visitor addresses, in the PostgreSQL
// store (AddressStore, ../addresses.ts).

export function addressFace(core: PostgresCore): AddressStore {
  return {
    async addBlocks(kind: BlockKind, values: readonly string[], reason: string, by: BlockRecord['by'], expiresAt?: string): Promise<BlockRecord[]> {
      // The unique (kind, value) decides: an address already blocked keeps its first record, with the
      // longer of the two blocks (addresses.ts longerBlock: a NULL end is until removed).
      const unique = [...new Set(values)]
      await core.query(
        `INSERT INTO blocked_addresses (id, kind, value, reason, blocked_by, created_at, expires_at)
         SELECT gen_random_uuid()::text, $1, value, $3, $4, $5, $6 FROM unnest($2::text[]) AS value
         ON CONFLICT (kind, value) DO UPDATE SET expires_at =
           CASE WHEN blocked_addresses.expires_at IS NULL OR EXCLUDED.expires_at IS NULL THEN NULL
                ELSE greatest(blocked_addresses.expires_at, EXCLUDED.expires_at) END`,
        [kind, unique, reason, by, core.now(), expiresAt ?? null],
      )
      const rows = await core.query<Row>('SELECT * FROM blocked_addresses WHERE kind = $1 AND value = ANY($2::text[])', [kind, unique])
      const byValue = new Map(rows.map((row) => [row.value, blockRecord(row)]))
      return unique.flatMap((value) => byValue.get(value) ?? [])
    },

    async addBlockedPost(post: CaughtPost): Promise<BlockedPostRecord> {
      const record = { id: randomUUID(), receivedAt: core.now().toISOString(), ...post } as BlockedPostRecord
      const insert = insertOf(tables.blockedPosts, record)
      await core.query(insert.text, insert.values)
      return record
    },

    async blockedPosts(page: { offset: number; limit: number }): Promise<Page<BlockedPostRecord>> {
      const found = await core.page<Row & { id: string }>('blocked_posts', 'true', [], page, 'seq DESC')
      return { items: found.items.map(blockedPostRecord), total: found.total }
    },

    async countBlockedPosts(from: string, to: string): Promise<number> {
      const [row] = await core.query<{ count: string }>('SELECT count(*) FROM blocked_posts WHERE received_at >= $1 AND received_at < $2', [from, to])
      return Number(row!.count)
    },

    releaseBlockedPost(id: string, owner?: string): Promise<UnblockedPost | undefined> {
      return core.transaction(async (client) => {
        const { rows } = await client.query<Row>('DELETE FROM blocked_posts WHERE id = $1 RETURNING *', [id])
        if (!rows[0]) return undefined
        const post = blockedPostRecord(rows[0])
        const subscribed =
          post.form === 'newsletter'
            ? (await client.query<Row>('SELECT * FROM newsletter_subscribers WHERE email_key = lower($1)', [post.fields.email.trim()])).rows[0]
            : undefined
        const released = releasedRecord(post, () => (subscribed ? subscriberRecord(subscribed) : undefined), owner)
        if (released.collection === 'newsletterSubscribers') {
          if (released.record) await client.query(insertSubscriber(released.record))
        } else await client.query(insertInboxSql(released.collection, false), inboxValues(released.record))
        return { collection: released.collection, id: released.id }
      })
    },

    async blocks(): Promise<BlockRecord[]> {
      return (await core.query<Row>('SELECT * FROM blocked_addresses ORDER BY seq')).map(blockRecord)
    },

    async removeBlock(id: string): Promise<boolean> {
      return (await core.query('DELETE FROM blocked_addresses WHERE id = $1 RETURNING id', [id])).length > 0
    },

    async recipient(key: string): Promise<RecipientRecord | undefined> {
      const [row] = await core.query<Row>('SELECT * FROM mail_recipients WHERE key = $1', [key])
      return row ? recipientRecord(row) : undefined
    },

    async noteRecipient(key: string, event: RecipientEvent, at: Date): Promise<void> {
      // One statement either way (replicas may note the same address at once): a click at most once a step (as recipientAfter), the first suppression.
      await core.query(
        event === 'clicked'
          ? `INSERT INTO mail_recipients (key, clicked_at) VALUES ($1, $2)
             ON CONFLICT (key) DO UPDATE SET clicked_at = EXCLUDED.clicked_at
             WHERE mail_recipients.clicked_at IS NULL OR mail_recipients.clicked_at <= EXCLUDED.clicked_at - make_interval(secs => ${clickStepMs / 1000})`
          : `INSERT INTO mail_recipients (key, suppressed, suppressed_at) VALUES ($1, $3, $2)
             ON CONFLICT (key) DO UPDATE SET suppressed = coalesce(mail_recipients.suppressed, EXCLUDED.suppressed),
               suppressed_at = coalesce(mail_recipients.suppressed_at, EXCLUDED.suppressed_at)`,
        event === 'clicked' ? [key, at] : [key, at, event],
      )
    },

    async countStranger(
      email: EmailRecord,
      key: string,
      at: Date,
      decide: (counts: StrangerCounts) => EmailHoldReason | null,
    ): Promise<EmailHoldReason | null> {
      // One lock for the transaction: the hourly budget is the whole service's, so replicas sending to
      // strangers at the same moment count one after the other (a few dozen a day at an agency's volume).
      return core.transaction(async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', ['stranger-mail'])
        const from = email.queuedFrom ?? null
        const { rows } = await client.query<StrangerCounts>(
          `SELECT count(*) FILTER (WHERE recipient_key = $1)::int AS recipient,
                  count(*) FILTER (WHERE queued_from->>'client' = $2)::int AS client,
                  count(*) FILTER (WHERE queued_from->>'network' = $3)::int AS network,
                  count(*) FILTER (WHERE recipient_at >= $5)::int AS hour
           FROM emails WHERE recipient_at >= $4 AND state <> 'failed'`,
          [key, from?.client ?? null, from?.network ?? null, new Date(at.getTime() - strangerWindows.dayMs), new Date(at.getTime() - strangerWindows.hourMs)],
        )
        const held = decide(rows[0]!)
        if (!held) await client.query('UPDATE emails SET recipient_key = $2, recipient_at = $3 WHERE id = $1', [email.id, key, at])
        return held
      })
    },
  }
}
