/**
 * The one way islands reach each other and the client entry: events on `document`, typed by IslandEvents.
 * It imports nothing, so no island imports another to talk to it. A message nobody listens to is lost:
 * renderer/+client.ts loads the island a message is for and delivers it once that island is ready.
 */
export type IslandEvents = {
  /** Open the consultation dialog; focus returns to `opener` when it closes (none: the dialog's default). */
  'consultation:open': { opener: HTMLElement | null }
  /** A visitor is about to press a consultation button: load the dialog now, so that it opens at once. */
  'consultation:prepare': undefined
  /** The consultation dialog has mounted: from now on it hears 'consultation:open'. */
  'consultation:ready': undefined
  'consultation:closed': undefined
  /** The offer popup has mounted, closed: it opens at 'offer:open'. */
  'offer:ready': undefined
  'offer:open': undefined
}

export type IslandEvent = keyof IslandEvents

type Detail<E extends IslandEvent> = IslandEvents[E] extends undefined ? [] : [detail: IslandEvents[E]]

export function send<E extends IslandEvent>(event: E, ...[detail]: Detail<E>) {
  document.dispatchEvent(new CustomEvent(event, { detail }))
}

/** Calls `handle` with each `event`'s detail until the returned function is called. */
export function listen<E extends IslandEvent>(event: E, handle: (detail: IslandEvents[E]) => void): () => void {
  const listener = (message: Event) => handle((message as CustomEvent<IslandEvents[E]>).detail)
  document.addEventListener(event, listener)
  return () => document.removeEventListener(event, listener)
}
