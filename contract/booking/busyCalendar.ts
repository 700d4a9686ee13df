/**
 * What reading one calendar may cost, each a reason it is refused: the time and memory of its worker thread,
 * the occurrences of its repeating events (forms-service/booking/calendarExpansion.ts sets how much).
 */
export const busyCalendarBudgets = ['time', 'memory', 'occurrences'] as const
export type BusyCalendarBudget = (typeof busyCalendarBudgets)[number]

/**
 * One of the agency's busy calendars (BUSY_CALENDAR_URLS) as the admin sees it. Only the host of its
 * address: the path of a Google or Outlook address is the secret that opens the calendar.
 */
export interface BusyCalendarState {
  /** 'calendar.google.com'. */
  host: string
  /** The last read that gave a calendar (a 304 counts: the copy is still current), if any. */
  lastReadAt: string | null
  /** The busy stretches of the copy in force, from yesterday to a month ahead. */
  busyTimes: number
  /** Why the latest read failed, a sentence; `null` when it succeeded. The copy read before stays in force. */
  error: string | null
  /** The budget the latest read went over: its calendar was refused, and the copy read before stays; `null` if none. */
  overBudget: BusyCalendarBudget | null
  /** Reads that failed since the service started. */
  failedReads: number
  /** Of those, the reads refused for going over each budget. */
  overBudgetReads: Record<BusyCalendarBudget, number>
}

/** GET /api/admin/busy-calendars: in the order of BUSY_CALENDAR_URLS; empty when none is set. */
export interface BusyCalendars {
  calendars: BusyCalendarState[]
}
