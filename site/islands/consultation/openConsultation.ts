import { hydrateIsland } from '../hydrate'

type Listener = (opener: HTMLElement | null) => void

let listener: Listener | undefined
let pending: { opener: HTMLElement | null } | undefined
let dialogOpen = false
let whenClosed: (() => void)[] = []

/**
 * Opens the site's one consultation dialog. Its island hydrates on first use; the request is delivered
 * as soon as it has mounted, so no click is lost.
 */
export function openConsultation(opener: HTMLElement | null) {
  // Open from the request on: the dialog may still be loading, and nothing may open on top of it meanwhile.
  dialogOpen = true
  if (listener) return listener(opener)
  pending = { opener }
  prepareConsultation()
}

/** Loads and mounts the dialog (closed), once. */
export function prepareConsultation() {
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

/** Called by the dialog when it closes, so that other overlays (the offer popup) wait for it. */
export function consultationClosed() {
  dialogOpen = false
  const waiting = whenClosed
  whenClosed = []
  for (const run of waiting) run()
}

/** Runs `run` now, or once the consultation dialog has closed if it is open. */
export function whenConsultationClosed(run: () => void) {
  if (dialogOpen) whenClosed.push(run)
  else run()
}
