import type { Option } from '../../contract/forms/options.ts'

export type OpeningHours = { from: string; to: string }

/** '9AM' -> 540, '12PM' -> 720, '8PM' -> 1200 (minutes after midnight). */
function minutesOf(hour: string, meridiem: string): number {
  return (Number(hour) % 12) * 60 + (meridiem === 'PM' ? 720 : 0)
}

/** '09:00' -> 540. */
const minutesOfClock = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))

/**
 * The consultation slots that do not lie within the opening hours the site states, as problems for
 * content/site.json: 'the evening slot (6PM-8PM) ends after the opening hours (09:00-18:00)'.
 */
export function slotsOutsideHours(hours: OpeningHours, slots: readonly Option[]): string[] {
  const open = minutesOfClock(hours.from)
  const close = minutesOfClock(hours.to)
  return slots.flatMap((slot) => {
    const times = /(\d{1,2})(AM|PM)-(\d{1,2})(AM|PM)/.exec(slot.label)
    if (!times) return [`the ${slot.value} slot (${slot.label}) has no times to compare with the opening hours`]
    const start = minutesOf(times[1]!, times[2]!)
    const end = minutesOf(times[3]!, times[4]!)
    const range = `${times[0]}`
    if (start < open) return [`the ${slot.value} slot (${range}) starts before the opening hours (${hours.from}-${hours.to})`]
    if (end > close) return [`the ${slot.value} slot (${range}) ends after the opening hours (${hours.from}-${hours.to})`]
    return []
  })
}
