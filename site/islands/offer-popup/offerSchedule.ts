/** The offer appears this long after the page loads, once per browser session. */
export const OFFER_DELAY_MS = 10_000

const SESSION_FLAG = 'limited-offer-shown'

/** Whether the offer still runs on `now`: its end date (YYYY-MM-DD) is the last day, in the visitor's calendar. */
export function offerRunning(endDate: string, now: Date): boolean {
  const [year, month, day] = endDate.split('-').map(Number) as [number, number, number]
  return now < new Date(year, month - 1, day + 1)
}

// Storage can be unavailable (privacy modes); then the popup behaves as if already shown.
export function shownThisSession(): boolean {
  try {
    return sessionStorage.getItem(SESSION_FLAG) !== null
  } catch {
    return true
  }
}

export function markShownThisSession() {
  try {
    sessionStorage.setItem(SESSION_FLAG, '1')
  } catch {
    // Nothing to remember it in; the popup was shown all the same.
  }
}
