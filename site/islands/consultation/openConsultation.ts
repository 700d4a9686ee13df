import { hydrateIsland } from '../hydrate'

type Listener = (opener: HTMLElement | null) => void

let listener: Listener | undefined
let pending: { opener: HTMLElement | null } | undefined

/**
 * Opens the site's one consultation dialog. Its island hydrates on idle; a request made earlier loads
 * it at once and is delivered as soon as it has mounted, so no click is lost.
 */
export function openConsultation(opener: HTMLElement | null) {
  if (listener) return listener(opener)
  pending = { opener }
  const island = document.querySelector<HTMLElement>('[data-island="consultation"]')
  if (island) void hydrateIsland(island)
}

/** Called by the mounted dialog; returns the function that stops listening. */
export function listenForConsultationRequests(next: Listener) {
  listener = next
  if (pending) {
    const { opener } = pending
    pending = undefined
    next(opener)
  }
  return () => {
    if (listener === next) listener = undefined
  }
}

/** Whether the page has the dialog at all (every page rendered by the Layout does). */
export const hasConsultationDialog = () => document.querySelector('[data-island="consultation"]') !== null
