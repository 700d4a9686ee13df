import { newestFirst, type Page } from '../inboxQuery.js'
import type { EmailUpdate, OutboxStore } from '../outboxStore.js'
import type { EmailRecord } from '../records.js'
import { queuedEmail, type EmbeddedCore } from './core.js'

// The embedded store's outbox: the emails listed, queued, claimed by the sender and updated; what is due
// is found in the tables' queue (Tables.queuedEmails), not among every email.

export function outboxFace(core: EmbeddedCore): OutboxStore {
  return {
    emailsAbout(collection: EmailRecord['about']['collection'], id: string): Promise<EmailRecord[]> {
      return core.emailsAbout(collection, id)
    },

    async listEmails(query: { state?: EmailRecord['state']; offset: number; limit: number }): Promise<Page<EmailRecord>> {
      return newestFirst(core.tables.data.emails, (email) => !query.state || email.state === query.state, query)
    },

    async oldestQueuedAt(): Promise<string | null> {
      let oldest: string | null = null
      for (const email of core.tables.queuedEmails.values()) {
        const since = email.queuedAt ?? email.createdAt
        if (oldest === null || since < oldest) oldest = since
      }
      return oldest
    },

    // One process sends this store's emails: the sender itself keeps what it is sending, no lease needed.
    async claimDueEmails(now: Date, limit: number): Promise<EmailRecord[]> {
      const due: EmailRecord[] = []
      const at = now.toISOString()
      for (const email of core.tables.queuedEmails.values()) {
        if (email.nextAttemptAt <= at) due.push(email)
        if (due.length >= limit) break
      }
      return due
    },

    async emailMessage(): Promise<string | null> {
      return null
    },

    async queuedEmailCounts(now: Date): Promise<{ due: number; later: number }> {
      const at = now.toISOString()
      let due = 0
      for (const email of core.tables.queuedEmails.values()) if (email.nextAttemptAt <= at) due++
      return { due, later: core.tables.queuedEmails.size - due }
    },

    async nextEmailDue(): Promise<Date | null> {
      let next: string | null = null
      for (const email of core.tables.queuedEmails.values()) if (next === null || email.nextAttemptAt < next) next = email.nextAttemptAt
      return next === null ? null : new Date(next)
    },

    // The text a folder delivery wrote stays in the folder only: one process owns this data file and
    // its folder, and a journal line per email would carry every message twice.
    updateEmail(id: string, { message: _message, ...set }: EmailUpdate): Promise<EmailRecord | undefined> {
      return core.edit(async () => {
        if (!core.tables.get('emails', id)) return undefined
        await core.log.append({ collection: 'emails', id, set })
        if (set.state === 'queued') core.emailsQueued()
        return core.tables.get('emails', id)
      })
    },

    queueDayEmail(kind: string, date: string, dueAt: string): Promise<void> {
      // Within the store's one writer, so a second call (another scheduler) finds the first one's email.
      return core.edit(async () => {
        const queued = core.tables.data.emails.find((email) => email.kind === kind && email.about.id === date)
        if (queued) {
          // One queued and not yet due moves to `dueAt` (the settings' hour changed); one due, tried or sent stays.
          const waiting = queued.state === 'queued' && queued.attempts === 0 && Date.parse(queued.nextAttemptAt) > core.now().getTime()
          if (!waiting || queued.nextAttemptAt === dueAt) return
          await core.log.append({ collection: 'emails', id: queued.id, set: { nextAttemptAt: dueAt, queuedAt: dueAt } })
          core.emailsQueued()
          return
        }
        await core.log.append(queuedEmail({ collection: 'consultations', id: date }, kind, core.now().toISOString(), dueAt))
        core.emailsQueued()
      })
    },

    onEmailsQueued(listener: () => void): void {
      core.onEmailsQueued(listener)
    },
  }
}
