import { randomUUID } from 'node:crypto'
import type { BlockKind, UnblockedPost } from '../../../contract/wire/blockList.js'
import type { EmailHoldReason } from '../../../contract/wire/inbox.js'
import {
  longerBlock,
  recipientAfter,
  releasedRecord,
  strangerWindows,
  type AddressStore,
  type CaughtPost,
  type RecipientEvent,
  type StrangerCounts,
} from '../addresses.js'
import { newestFirst, type Page } from '../inboxQuery.js'
import type { BlockedPostRecord, BlockRecord, Change, EmailRecord, RecipientRecord } from '../records.js'
import type { EmbeddedCore } from './core.js'

// The embedded store's addresses: the block list, the posts it caught, and what each recipient did
// (suppressed, clicked) and how many strangers were written to.

export function addressFace(core: EmbeddedCore): AddressStore {
  return {
    addBlocks(kind: BlockKind, values: readonly string[], reason: string, by: BlockRecord['by'], expiresAt?: string): Promise<BlockRecord[]> {
      return core.edit(async () => {
        const known = new Map(core.tables.data.blocked.filter((block) => block.kind === kind).map((block) => [block.value, block]))
        const createdAt = core.now().toISOString()
        const changes: Change[] = []
        const ids = [...new Set(values)].map((value) => {
          const block = known.get(value)
          if (!block) {
            const record: BlockRecord = { id: randomUUID(), kind, value, reason, by, createdAt, ...(expiresAt ? { expiresAt } : {}) }
            changes.push({ collection: 'blocked', record })
            return record.id
          }
          const until = longerBlock(block.expiresAt, expiresAt)
          if (until === block.expiresAt) return block.id
          if (until) changes.push({ collection: 'blocked', id: block.id, set: { expiresAt: until } })
          else {
            // Until removed now: the record again without its end (an update only sets fields).
            const { expiresAt: _ended, ...lasting } = block
            changes.push({ collection: 'blocked', id: block.id, deleted: true }, { collection: 'blocked', record: lasting })
          }
          return block.id
        })
        if (changes.length > 0) await core.log.append({ changes })
        return ids.map((id) => core.tables.get('blocked', id)!)
      })
    },

    async blocks(): Promise<BlockRecord[]> {
      return core.tables.data.blocked.slice()
    },

    removeBlock(id: string): Promise<boolean> {
      return core.edit(async () => {
        if (!core.tables.get('blocked', id)) return false
        await core.log.append({ collection: 'blocked', id, deleted: true })
        return true
      })
    },

    async addBlockedPost(post: CaughtPost): Promise<BlockedPostRecord> {
      const record = { id: randomUUID(), receivedAt: core.now().toISOString(), ...post } as BlockedPostRecord
      await core.log.append({ collection: 'blockedPosts', record })
      return record
    },

    async blockedPosts(page: { offset: number; limit: number }): Promise<Page<BlockedPostRecord>> {
      return newestFirst(core.tables.data.blockedPosts, () => true, page)
    },

    async countBlockedPosts(from: string, to: string): Promise<number> {
      return core.tables.data.blockedPosts.reduce((n, post) => n + (post.receivedAt >= from && post.receivedAt < to ? 1 : 0), 0)
    },

    releaseBlockedPost(id: string, owner?: string): Promise<UnblockedPost | undefined> {
      return core.edit(async () => {
        const post = core.tables.get('blockedPosts', id)
        if (!post) return undefined
        const released = releasedRecord(post, (email) => core.emails.get(email.toLowerCase())?.record, owner)
        const gone: Change = { collection: 'blockedPosts', id, deleted: true }
        await core.log.append({ changes: released.record ? [gone, { collection: released.collection, record: released.record } as Change] : [gone] })
        if (released.collection === 'newsletterSubscribers' && released.record)
          core.emails.set(released.record.email.toLowerCase(), { record: released.record, durable: Promise.resolve() })
        return { collection: released.collection, id: released.id }
      })
    },

    async recipient(key: string): Promise<RecipientRecord | undefined> {
      return core.tables.get('recipients', key)
    },

    noteRecipient(key: string, event: RecipientEvent, at: Date): Promise<void> {
      return core.edit(async () => {
        const current = core.tables.get('recipients', key)
        const next = recipientAfter(key, current, event, at.toISOString())
        if (!next) return
        const { id: _id, ...set } = next
        await core.log.append(current ? { collection: 'recipients', id: key, set } : { collection: 'recipients', record: next })
      })
    },

    // Within the store's one writer: no other send counts in between. A pass over the emails: a day's
    // emails to strangers are a few dozen at an agency's volume, and the outbox keeps its records.
    countStranger(email: EmailRecord, key: string, at: Date, decide: (counts: StrangerCounts) => EmailHoldReason | null): Promise<EmailHoldReason | null> {
      return core.edit(async () => {
        const day = new Date(at.getTime() - strangerWindows.dayMs).toISOString()
        const hour = new Date(at.getTime() - strangerWindows.hourMs).toISOString()
        const from = email.queuedFrom
        const counts: StrangerCounts = { recipient: 0, client: 0, network: 0, hour: 0 }
        for (const other of core.tables.data.emails) {
          if (other.recipientAt === undefined || other.recipientAt < day || other.state === 'failed') continue
          if (other.recipientKey === key) counts.recipient++
          if (from && other.queuedFrom?.client === from.client) counts.client++
          if (from && other.queuedFrom?.network === from.network) counts.network++
          if (other.recipientAt >= hour) counts.hour++
        }
        const held = decide(counts)
        if (!held) await core.log.append({ collection: 'emails', id: email.id, set: { recipientKey: key, recipientAt: at.toISOString() } })
        return held
      })
    },
  }
}
