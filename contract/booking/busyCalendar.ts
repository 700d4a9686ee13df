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
  /** Reads that failed since the service started. */
  failedReads: number
}

/** GET /api/admin/busy-calendars: in the order of BUSY_CALENDAR_URLS; empty when none is set. */
export interface BusyCalendars {
  calendars: BusyCalendarState[]
}
