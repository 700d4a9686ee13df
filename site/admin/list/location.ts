import { useSyncExternalStore } from 'react'

// The admin pages are static files: which record or page of a list they show lives in the query
// string, changed with the History API (a record is a new entry, so Back returns to the list).

const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('popstate', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('popstate', listener)
  }
}

/** The page's query string ('?id=abc', '' for none); null in the server HTML and while hydrating. */
export function useLocationSearch(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => null,
  )
}

/** What a history entry of a record remembers: the list it was opened from. */
export type EntryState = { listSearch?: string } | null

export const entryState = (): EntryState => (window.history.state as EntryState) ?? null

/** Shows another query string of this page: 'push' makes a history entry, 'replace' does not. */
export function navigate(search: string, mode: 'push' | 'replace', state: EntryState = null) {
  const url = window.location.pathname + search
  if (mode === 'push') window.history.pushState(state, '', url)
  else window.history.replaceState(state, '', url)
  for (const listener of listeners) listener()
}
