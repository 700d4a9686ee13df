import { hydrateIsland } from '../hydrate'
import type { OfferPopupProps } from './OfferPopup'
import { OFFER_DELAY_MS, offerRunning, shownThisSession } from './offerSchedule'

/**
 * Decides in a few lines, without React, whether this page will show the offer: only then, when it is
 * due, is the popup's code loaded. Marks the island `data-offer="due"` or `"off"` (tests wait on it).
 */
export function scheduleOfferPopup() {
  const island = document.querySelector<HTMLElement>('[data-island="offer-popup"]')
  if (!island) return
  const { offer } = JSON.parse(island.dataset.props ?? '{}') as OfferPopupProps
  if (!offer || !offerRunning(offer.endDate, new Date()) || shownThisSession()) {
    island.dataset.offer = 'off'
    return
  }
  island.dataset.offer = 'due'
  // The delay counts from the page's load (performance.now() is time since navigation).
  setTimeout(() => void hydrateIsland(island), Math.max(0, OFFER_DELAY_MS - performance.now()))
}
