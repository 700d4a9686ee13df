import { minutesOfClock, zonedDate, zonedInstant } from '../../contract/booking.js'
import type { FormStore } from '../store/formStore.js'
import type { BookingRules } from './schedule.js'

const hourMs = 3_600_000

/**
 * Queues the agency's agenda email (`meeting-agenda`, to NOTIFY_TO) of today and the next two days in
 * Dallas, each working day at `agendaAt`, through the outbox: durable, sent once however many replicas
 * queue it (the store keeps one per day). An agenda whose time has passed is not queued.
 */
export async function queueAgendas(store: FormStore, rules: BookingRules): Promise<void> {
  const now = rules.now()
  const today = zonedDate(now)
  for (let offset = 0; offset < 3; offset++) {
    const date = new Date(Date.parse(`${today}T12:00:00Z`) + offset * 24 * hourMs).toISOString().slice(0, 10)
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay()
    if (weekday === 0 || weekday === 6 || rules.closedDays.includes(date)) continue
    const due = zonedInstant(date, minutesOfClock(rules.settings.agendaAt))
    // An agenda is for the morning: one whose time has passed (the service was down then) is not sent late.
    if (due.getTime() <= now.getTime()) continue
    await store.queueAgenda(date, due.toISOString())
  }
}

/** Queues the agendas now and every hour until stopped; a failure is logged and tried again the next hour. */
export function scheduleAgendas(store: FormStore, rules: BookingRules, onError: (error: Error) => void): () => void {
  const run = () => void queueAgendas(store, rules).catch(onError)
  run()
  const timer = setInterval(run, hourMs).unref()
  return () => clearInterval(timer)
}
