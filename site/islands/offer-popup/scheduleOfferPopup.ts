import type { OfferPopupProps } from './OfferPopup'
import { OFFER_DELAY_MS, offerRunning, shownThisSession } from './offerSchedule'

/**
 * Decides in a few lines, without React, whether this page will show the offer, and calls `due` when it
 * is time (only then need the popup's code load). Marks the island `data-offer="due"` or `"off"` (tests
 * wait on it).
 */
export function scheduleOfferPopup(island: HTMLElement, due: () => void) {
  const { offer } = JSON.parse(island.dataset.props ?? '{}') as OfferPopupProps
  if (!offer || !offerRunning(offer.endDate, new Date()) || shownThisSession()) {
    island.dataset.offer = 'off'
    return
  }
  island.dataset.offer = 'due'
  // The delay counts from the page's load (performance.now() is time since navigation).
  setTimeout(due, Math.max(0, OFFER_DELAY_MS - performance.now()))
}
