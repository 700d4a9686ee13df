import { Worker } from 'node:worker_threads'
import type { BusyCalendarBudget } from '../../contract/booking/busyCalendar.js'
import { type CalendarTimes, occurrencesPerFile } from './busyTimes.js'
import { NotACalendarError } from './calendarParse.js'

/** What expanding one calendar, once, may cost; over any of them the calendar is refused and its last good copy stays. */
export interface ExpansionBudget {
  timeMs: number
  /** The worker's heap (V8's old generation), in MB. */
  heapMb: number
  /** Occurrences of repeating events looked at (busyTimes.ts). */
  occurrences: number
}

export const expansionBudget: ExpansionBudget = {
  // The largest file a read accepts (20 MB, calendarFetch.ts: 63,000 one-off events) expands in 2 s on an
  // idle core and in 5 s on a loaded machine (a load of 9 on two cores); a real calendar of a few MB, in
  // well under one. Ten seconds of one core at each refresh is the most a hostile file can take.
  timeMs: 10_000,
  // That 20 MB file needs about 250 MB of heap (a file of 3 MB, under 48): the limit admits every file the
  // size limit does, and stops what neither the size nor the occurrences bound (a rule that repeats every
  // second, unbounded, filled 64 MB in 13 s).
  heapMb: 256,
  occurrences: occurrencesPerFile,
}

/** A calendar refused for what reading it would cost. */
export class OverBudgetError extends Error {
  override name = 'OverBudgetError'
  constructor(readonly budget: BusyCalendarBudget) {
    super(`over its ${budget} budget`)
  }
}

/** The worker failed (it could not start, or stopped without an answer): a fault of the service's, not of the calendar's. */
export class WorkerError extends Error {
  override name = 'WorkerError'
}

/** What the worker is given (its workerData) and what it answers (its one message). */
export interface ExpansionRequest {
  text: string
  from: number
  to: number
  occurrences: number
}
export type ExpansionReply = { expanded: CalendarTimes } | { overBudget: 'occurrences' } | { notACalendar: string }

// Compiled (build/, production), the worker is calendarWorker.js beside this file; from the TypeScript
// source, a bootstrap that gives it tsx first (calendarWorkerFromSource.mjs says why).
const workerFile = import.meta.url.endsWith('.ts')
  ? new URL('./calendarWorkerFromSource.mjs', import.meta.url)
  : new URL('./calendarWorker.js', import.meta.url)

/**
 * busyTimes(text, from, to) on a worker thread of its own, within `budget`: past its time the thread is
 * ended, past its heap V8 ends it; either way, as when its occurrences run out, OverBudgetError says which.
 * Aborting `signal` ends the thread too. The service's thread only waits, and answers requests meanwhile.
 */
export function expandOnWorker(text: string, range: { from: number; to: number }, budget: ExpansionBudget, signal: AbortSignal): Promise<CalendarTimes> {
  signal.throwIfAborted()
  const request: ExpansionRequest = { text, ...range, occurrences: budget.occurrences }
  // No flags of the service's (its `--import tsx` in development would load tsx twice).
  const worker = new Worker(workerFile, { workerData: request, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: budget.heapMb } })
  return new Promise<CalendarTimes>((resolve, reject) => {
    const timer = setTimeout(() => settle(() => reject(new OverBudgetError('time'))), budget.timeMs)
    const aborted = () => settle(() => reject(signal.reason))
    signal.addEventListener('abort', aborted)
    const settle = (then: () => void) => {
      clearTimeout(timer)
      signal.removeEventListener('abort', aborted)
      worker.removeAllListeners()
      // An error after this (the thread ending) is of no one's concern.
      worker.on('error', () => {})
      void worker.terminate()
      then()
    }
    worker.once('message', (reply: ExpansionReply) =>
      settle(() => {
        if ('expanded' in reply) resolve(reply.expanded)
        else if ('overBudget' in reply) reject(new OverBudgetError(reply.overBudget))
        else reject(new NotACalendarError(reply.notACalendar))
      }),
    )
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new OverBudgetError('memory') : new WorkerError(error.message, { cause: error }))),
    )
    worker.once('exit', (code) => settle(() => reject(new WorkerError(`the calendar worker stopped (exit code ${code})`))))
  })
}
