import { labelOf, timeSlots } from '../../../contract/forms/options'

/**
 * The chosen day and slot as the thank-you repeats them, from the `successRecap` text of ui.json:
 *
 *     consultationRecap('{date} · {slot}, Central time', '2026-12-01', 'morning')
 *     // 'Tuesday, December 1 · Morning (9AM-12PM), Central time'
 */
export function consultationRecap(template: string, date: string, slot: string): string {
  const [year, month, day] = date.split('-').map(Number)
  const dateLabel = new Date(year!, month! - 1, day!).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' })
  return template.replace('{date}', dateLabel).replace('{slot}', labelOf(timeSlots, slot))
}
