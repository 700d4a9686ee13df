import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server HTML and during hydration, true once the island runs in the browser: controls
 * that need JavaScript render disabled until then (a form's submit button does not: the HTML form
 * posts without it).
 *
 *     const hydrated = useHydrated()
 *     <button type="button" onClick={unsubscribe} disabled={!hydrated}>…</button>
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
