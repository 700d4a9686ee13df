import { rememberVisit } from '../site/forms/visitSource'
import { listen, send, type IslandEvents } from '../site/islands/channel'
import { interceptConsultationButtons } from '../site/islands/consultation/interceptConsultationButtons'
import { enableHistoryBack } from '../site/islands/historyBack'
import { markScrolled } from '../site/islands/header/markScrolled'
import { hydrateIsland, hydrateIslands } from '../site/islands/hydrate'
import { whenIdle } from '../site/islands/idle'
import { scheduleOfferPopup } from '../site/islands/offer-popup/scheduleOfferPopup'
import type { IslandName } from '../site/islands/registry'
import { revealOnScroll } from '../site/islands/reveal'
import { showNotFoundVariant } from '../site/islands/showNotFoundVariant'
import { wholeStylesheet } from '../site/islands/stylesheet'

const island = (name: IslandName) => document.querySelector<HTMLElement>(`[data-island="${name}"]`)

// Open from the request on: the dialog may still be loading, and nothing may open over it meanwhile.
let consultationOpen = false

rememberVisit()
showNotFoundVariant()
wireConsultationDialog()
hydrateIslands()
enableHistoryBack()
wireOfferPopup()
wireWholeStylesheet()

/**
 * The whole stylesheet (site/islands/stylesheet.ts) loads when the browser is idle or the visitor first
 * scrolls, whichever is first: not before the page's own text and image. The solid header and the scroll
 * reveal use rules the page's inline CSS may leave out, so they start once it applies.
 */
function wireWholeStylesheet() {
  let asked = false
  const load = () => {
    if (asked) return
    asked = true
    void wholeStylesheet().then(() => {
      markScrolled()
      revealOnScroll()
    })
  }
  whenIdle(load)
  addEventListener('scroll', load, { once: true, passive: true })
}

/**
 * The consultation dialog (every page of the Layout has it) hydrates at its first use; a request made
 * before it has mounted is delivered as soon as it has, so no click is lost.
 */
function wireConsultationDialog() {
  const dialog = island('consultation')
  if (!dialog) return
  let ready = false
  let waiting: IslandEvents['consultation:open'] | undefined
  listen('consultation:prepare', () => void hydrateIsland(dialog))
  listen('consultation:open', (request) => {
    consultationOpen = true
    if (ready) return
    waiting = request
    void hydrateIsland(dialog)
  })
  listen('consultation:ready', () => {
    ready = true
    const request = waiting
    waiting = undefined
    // After the dialog's mount, which announced it, has finished.
    if (request) queueMicrotask(() => send('consultation:open', request))
  })
  listen('consultation:closed', () => (consultationOpen = false))
  interceptConsultationButtons()
}

/** The offer popup loads when it is due, and opens once the consultation dialog is closed. */
function wireOfferPopup() {
  const popup = island('offer-popup')
  if (!popup) return
  listen('offer:ready', () => {
    if (!consultationOpen) return send('offer:open')
    const stop = listen('consultation:closed', () => {
      stop()
      send('offer:open')
    })
  })
  scheduleOfferPopup(popup, () => void hydrateIsland(popup))
}
