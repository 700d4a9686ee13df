import type { Logger } from 'pino'
import { minutesOfClock, zonedDateTime, zonedInstant } from '../contract/booking/booking.js'
import type { FormStore } from './store/formStore.js'
import type { RetentionSummary } from '../contract/wire/records.js'

/** How often the erasure runs: at start, then once a day. */
export const retentionIntervalMs = 24 * 60 * 60 * 1000

/**
 * The instant `months` calendar months before `now` in the agency's zone (contract/booking/booking.ts): the same
 * wall-clock time that day, the month's last day where it is shorter (March 31 less one month is
 * February 28). What is older is erased.
 */
export function retentionCutoff(now: Date, months: number): string {
  const { date, time } = zonedDateTime(now)
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(year, month - 1 - months, 1))
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  const then = `${first.toISOString().slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, '0')}`
  // The seconds and milliseconds, which the wall clock's minute leaves out.
  return new Date(zonedInstant(then, minutesOfClock(time)).getTime() + (now.getTime() % 60_000)).toISOString()
}

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
