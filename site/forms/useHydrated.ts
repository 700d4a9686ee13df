import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server HTML and during hydration, true once the island runs in the browser: controls
 * that need JavaScript render disabled until then.
 *
 *     const hydrated = useHydrated()
 *     <button type="submit" disabled={!hydrated}>…</button>
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
