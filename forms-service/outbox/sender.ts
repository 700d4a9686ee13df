import type Mail from 'nodemailer/lib/mailer/index.js'
import type { Logger } from 'pino'
import type { EmailRecord } from '../store/records.js'
import type { OutboxStore } from '../store/outboxStore.js'
import { isPermanent, isUnreachable, refusedRecipients, sendFailureReason, type Mailer, type SendFailureReason } from './mailers.js'
import type { RecipientRules } from './recipients.js'

export interface SenderOptions {
  /** The first retry waits this long; each next one twice as long, up to `retryMaxMs`. */
  retryBaseMs: number
  retryMaxMs: number
  /** A temporary failure is retried until the email has been queued this long, then it is failed. */
  giveUpAfterMs: number
  /** Emails sent at the same time. */
  concurrency: number
  /** Looks for due emails at least this often. */
  pollMs: number
  /**
   * How long an email this sender took stays with it before another sender sharing the store may
   * take it: longer than one attempt can last (SMTP timeouts 10 + 10 + 30 s).
   */
  leaseMs: number
}

/** The longest wait between two looks at an outbox the store cannot read (a database that is down). */
const storeRetryMaxMs = 60_000

export const defaultSenderOptions: SenderOptions = {
  retryBaseMs: 60_000,
  retryMaxMs: 60 * 60_000,
  giveUpAfterMs: 48 * 60 * 60_000,
  concurrency: 4,
  pollMs: 5_000,
  leaseMs: 2 * 60_000,
}

/** What the sender tells the metrics (metrics.ts). */
export interface SenderObserver {
  /** An email was written to the local folder: not sent. */
  writtenToFolder(): void
  sendFailed(reason: SendFailureReason): void
}

/**
 * The message an outbox email stands for, rendered from its record; `null` when the record is gone,
 * `{ superseded }` when a later change made it pointless (an update of a meeting since cancelled).
 */
export type RenderEmail = (email: EmailRecord) => Promise<Mail.Options | { superseded: string } | null>

/**
 * Delivers the outbox in the background. A POST only commits its record and emails; this sends them
 * afterwards, so a mail server that is down, slow or refusing never delays or fails a visitor's
 * request. Each email is tried until it is sent, refused for good, or too old; after a crash, queued
 * emails go out on the next start. An email the server accepted just before a crash may be sent
 * again, with the same Message-ID, which mail systems use to drop the copy.
 */
export class EmailSender {
  private readonly sending = new Set<string>()
  private running: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null
  private timerAt = 0
  private stopped = false
  /** While the mail server cannot be reached: no email is tried before this time. */
  private pausedUntil = 0
  /** Passes in a row that found the mail server unreachable: each pause is twice the one before. */
  private serverFailures = 0
  /** Pauses begun so far: a send that began before the latest one, and fails after it, is of the same outage. */
  private pauses = 0
  /** While the store cannot be read (a database restart): the next look waits until this time. */
  private storePausedUntil = 0
  private storeFailures = 0

  constructor(
    private readonly store: OutboxStore,
    private readonly render: RenderEmail,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly options: SenderOptions = defaultSenderOptions,
    private readonly now: () => Date = () => new Date(),
    /** Who may be written to (the cap per visitor address, the suppression list); null: anyone. */
    private readonly recipients: RecipientRules | null = null,
    private readonly observer: SenderObserver | null = null,
  ) {}

  start(): void {
    this.store.onEmailsQueued(() => {
      // An email was just committed, so the store is back: no need to wait out the pause.
      this.storePausedUntil = 0
      this.wake()
    })
    this.wake()
  }

  /** Sends what is due now; called when emails are queued and when a retry falls due. */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    // A pass that fails (the store cannot be reached) must never reject unheard: an unhandled rejection
    // ends the process, and with it a service that only had to wait for its database to come back.
    this.running = this.run().catch((error: Error) => this.storeFailed(error))
    this.running.finally(() => {
      this.running = null
      if (this.again) {
        this.again = false
        this.wake()
      } else this.schedule()
    })
  }

  /** Stops taking new work and waits for the sends under way (at most `graceMs`). */
  async stop(graceMs = 3000): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    if (this.running) await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, graceMs).unref())])
    this.mailer.close()
  }

  private async run(): Promise<void> {
    for (;;) {
      if (this.stopped || this.resumeAt()) return
      const due = (await this.store.claimDueEmails(this.now(), this.options.concurrency * 4, this.options.leaseMs)).filter(
        (email) => !this.sending.has(email.id),
      )
      this.storeFailures = 0
      if (due.length === 0) return
      const workers = Array.from({ length: this.options.concurrency }, async () => {
        for (let email = due.shift(); email && !this.stopped && !this.paused(); email = due.shift()) await this.deliver(email)
      })
      await Promise.all(workers)
    }
  }

  /** The store could not be read: the sender waits, longer after each failure in a row, then looks again. */
  private storeFailed(error: Error): void {
    this.storeFailures++
    const wait = Math.min(this.options.pollMs * 2 ** (this.storeFailures - 1), storeRetryMaxMs)
    this.storePausedUntil = this.now().getTime() + wait
    this.logger.error({ err: { type: error.name, message: error.message }, retryInMs: wait }, 'outbox: cannot read the outbox; trying again later')
  }

  private paused(): boolean {
    return this.now().getTime() < this.pausedUntil
  }

  /** The earliest time the sender may look at the outbox again, `0` when nothing holds it back. */
  private resumeAt(): number {
    const at = Math.max(this.pausedUntil, this.storePausedUntil)
    return at > this.now().getTime() ? at : 0
  }

  private async deliver(email: EmailRecord): Promise<void> {
    this.sending.add(email.id)
    const attempts = email.attempts + 1
    const pausesBefore = this.pauses
    try {
      const message = await this.render(email)
      if (!message || 'superseded' in message) {
        await this.store.updateEmail(email.id, { state: 'failed', attempts, lastError: message?.superseded ?? 'Its record no longer exists' })
        return
      }
      const to = addressesOf(message.to)
      const subject = String(message.subject ?? '')
      // Held is final: not sent, never retried (the admin's Resend asks again). The record and the visitor's answer were never in question.
      const held = await this.recipients?.holdFor(email, to.split(', ').filter(Boolean), this.now())
      if (held) {
        await this.store.updateEmail(email.id, { state: 'held', heldFor: held, to, subject })
        this.logger.info({ ...traceOf(email), kind: email.kind, heldFor: held }, 'email held')
        return
      }
      try {
        const { file, raw } = await this.mailer.send(message, `${email.createdAt.replace(/[:.]/g, '-')}-${email.kind}-${email.id.slice(0, 8)}`)
        this.serverFailures = 0
        const sentAt = this.now().toISOString()
        await this.store.updateEmail(email.id, { state: 'sent', attempts, sentAt, to, subject, ...(file ? { file } : {}), ...(raw ? { message: raw } : {}) })
        if (this.mailer.kind === 'folder') {
          // Every time, not only at start: an operator who reads "sent" looks no further.
          this.logger.warn({ ...traceOf(email), kind: email.kind, attempts, file }, 'email written to a folder, not sent')
          this.observer?.writtenToFolder()
        } else this.logger.info({ ...traceOf(email), kind: email.kind, attempts }, 'email sent')
      } catch (error) {
        await this.failed(email, attempts, error as Error, { to, subject }, pausesBefore)
      }
    } catch (error) {
      // A template that cannot render, or a store that cannot write: logged, tried again later.
      this.logger.error({ err: error, ...traceOf(email) }, 'email delivery failed')
    } finally {
      this.sending.delete(email.id)
    }
  }

  private async failed(email: EmailRecord, attempts: number, error: Error, sent: { to: string; subject: string }, pausesBefore: number): Promise<void> {
    const now = this.now().getTime()
    const delay = Math.min(this.options.retryBaseMs * 2 ** (attempts - 1), this.options.retryMaxMs)
    const queuedAt = Date.parse(email.queuedAt ?? email.createdAt)
    const lastError = error.message.slice(0, 500)
    const reason = sendFailureReason(error)
    // The server itself is down: every other email would fail the same way, so none is tried (or
    // rendered) until the pause is over. Visitors' requests then cost the sender nothing. The sends in
    // flight beside this one fail the same way and add nothing: one pass is one failure, not one per send.
    if (isUnreachable(error) && pausesBefore === this.pauses) {
      this.pauses++
      this.serverFailures++
      const pause = Math.min(this.options.retryBaseMs * 2 ** (this.serverFailures - 1), this.options.retryMaxMs)
      this.pausedUntil = now + pause
      this.logger.warn({ reason, retryInMs: pause }, 'outbox: cannot reach the mail server; no email is tried until the pause is over')
    }
    this.observer?.sendFailed(reason)
    this.logger.warn({ ...traceOf(email), kind: email.kind, attempts, reason, err: lastError }, 'email not sent')
    await this.recipients?.bounced(refusedRecipients(error), this.now())
    if (isPermanent(error) || now + delay - queuedAt > this.options.giveUpAfterMs) {
      await this.store.updateEmail(email.id, { state: 'failed', attempts, lastError, ...sent })
    } else {
      await this.store.updateEmail(email.id, { attempts, lastError, nextAttemptAt: new Date(now + delay).toISOString(), ...sent })
    }
  }

  /**
   * Wakes up when the next queued email falls due (a retry), and at least every `pollMs`: other
   * replicas sharing the store queue emails this one hears nothing of.
   */
  private schedule(): void {
    if (this.stopped) return
    const now = this.now().getTime()
    // A timer that fires soon enough already covers what a new one would (every queued email wakes
    // the sender itself); looking for the next due email costs a pass over the queue.
    if (this.timer && this.timerAt <= now + Math.min(this.options.pollMs, this.options.retryBaseMs)) return
    const resumeAt = this.resumeAt()
    if (resumeAt) {
      this.setTimer(resumeAt)
      return
    }
    void this.store.nextEmailDue().then(
      (due) => this.setTimer(Math.min(this.now().getTime() + this.options.pollMs, due ? due.getTime() : Number.POSITIVE_INFINITY)),
      (error: Error) => {
        this.storeFailed(error)
        this.setTimer(this.storePausedUntil)
      },
    )
  }

  private setTimer(at: number): void {
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timerAt = at
    this.timer = setTimeout(
      () => {
        this.timer = null
        this.wake()
      },
      Math.max(0, at - this.now().getTime()),
    ).unref()
  }
}

// 'ann@example.com', { name: 'Ann', address: 'ann@example.com' } or a list of them -> 'ann@example.com'
function addressesOf(to: Mail.Options['to']): string {
  if (!to) return ''
  if (Array.isArray(to)) return to.map(addressesOf).join(', ')
  return typeof to === 'string' ? to : (to.address ?? '')
}

/** What names an email on a log line: itself, its record, and the request that queued it (as `requestId`, like that request's own lines). */
const traceOf = (email: EmailRecord) => ({
  email: email.id,
  about: email.about.id,
  ...(email.queuedByRequest ? { requestId: email.queuedByRequest } : {}),
})
