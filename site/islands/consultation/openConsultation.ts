import { hydrateIsland } from '../hydrate'

type Listener = (opener: HTMLElement | null) => void

let listener: Listener | undefined
let pending: { opener: HTMLElement | null } | undefined

/**
 * Opens the site's one consultation dialog. Its island hydrates on first use; the request is delivered
 * as soon as it has mounted, so no click is lost.
 */
export function openConsultation(opener: HTMLElement | null) {
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

let dialogOpen = false
let whenClosed: (() => void)[] = []

/** Kept up to date by the dialog, so that other overlays (the offer popup) never open on top of it. */
export function setConsultationOpen(open: boolean) {
  dialogOpen = open
  if (open) return
  const waiting = whenClosed
  whenClosed = []
  for (const run of waiting) run()
}

/** Runs `run` now, or once the consultation dialog has closed if it is open. */
export function whenConsultationClosed(run: () => void) {
  if (dialogOpen) whenClosed.push(run)
  else run()
}
