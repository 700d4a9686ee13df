import { overdueAfterMs } from '../../contract/wire/inbox.js'
import { overviewFigures, overviewWindow, resolvePeriod } from '../overview/figures.js'
import type { FormStore } from '../store/formStore.js'

/**
 * The digest's line about the day before `date` (YYYY-MM-DD), by the overview's own figures: its new
 * leads (requests, messages, sign-ups), its meetings held, and of its requests and messages come due
 * by `at` (the digest's time), how many were answered within the promise's hours.
 */
export async function yesterdayValues(store: FormStore, date: string, at: Date, answerWithinHours: number) {
  const yesterday = new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  const period = resolvePeriod({ period: 'custom', from: yesterday, to: yesterday }, at)
  if (typeof period === 'string') throw new Error(period)
  const { current } = overviewFigures(await store.overviewData(overviewWindow(period, at, overdueAfterMs(answerWithinHours))), period, at, answerWithinHours)
  const { leads, meetings, promise } = current
  return {
    yesterdayLeads: String(leads.consultations + leads.contacts + leads.newsletter),
    yesterdayHeld: String(meetings.held),
    yesterdayKept: String(promise.kept),
    yesterdayDue: String(promise.due),
  }
}
