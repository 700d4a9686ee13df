import { DateTime } from 'luxon'
import type { Logger } from 'pino'
import { consultationZone } from './email/slots.js'
import type { FormStore } from './store/formStore.js'
import type { RetentionSummary } from '../contract/wire/records.js'

/** How often the erasure runs: at start, then once a day. */
export const retentionIntervalMs = 24 * 60 * 60 * 1000

/** The instant `months` calendar months before `now` in the agency's zone: what is older is erased. */
export const retentionCutoff = (now: Date, months: number): string => DateTime.fromJSDate(now, { zone: consultationZone }).minus({ months }).toUTC().toISO()!

/**
 * Erases requests and messages older than content/site.json's `retentionMonths` (the privacy policy
 * quotes the same number), with the emails about them, at start and then once a day. Every replica
 * runs it; erasing what is already gone erases nothing, so two replicas agree.
 */
export class Retention {
  private last: { at: string; before: string; erased: number } | null = null
  private timer: NodeJS.Timeout | null = null
  private running: Promise<number> | null = null

  constructor(
    private readonly store: FormStore,
    readonly months: number,
    private readonly now: () => Date,
    private readonly logger: Logger,
  ) {}

  /** Erases what is older than the period now; how many requests and messages went. */
  run(): Promise<number> {
    this.running ??= (async () => {
      const at = this.now()
      const before = retentionCutoff(at, this.months)
      try {
        const erased = await this.store.eraseReceivedBefore(before)
        this.last = { at: at.toISOString(), before, erased }
        if (erased > 0) this.logger.info({ erased, before }, 'retention: erased old requests and messages')
        return erased
      } finally {
        this.running = null
      }
    })()
    return this.running
  }

  start(): void {
    const runLogged = () => this.run().catch((error: Error) => this.logger.error({ err: error }, 'retention failed'))
    void runLogged()
    this.timer = setInterval(runLogged, retentionIntervalMs).unref()
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    await this.running?.catch(() => undefined)
  }

  summary(): RetentionSummary {
    return { months: this.months, before: this.last?.before ?? null, lastRunAt: this.last?.at ?? null, erased: this.last?.erased ?? null }
  }
}
