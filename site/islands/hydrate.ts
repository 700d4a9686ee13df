import { islands, type IslandName } from './registry'
import type { HydrateWhen } from './Island'
import { whenIdle } from './idle'
import { wholeStylesheet } from './stylesheet'

/**
 * Finds the islands in the server-rendered page and hydrates each when its strategy says so, or at the
 * visitor's first contact with it (focus, a pointer over it or pressing it), whichever comes first; an
 * 'on-demand' island also when the client entry asks.
 */
export function hydrateIslands(root: ParentNode = document) {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const when = (element.dataset.hydrate ?? 'load') as HydrateWhen
    whenReady(element, when, () => void hydrateIsland(element))
    if (when !== 'load') onFirstContact(element, () => void hydrateIsland(element))
  }
}

// Bubbling events, so the `display: contents` marker hears them from whatever it holds.
const contactEvents = ['focusin', 'pointerdown', 'pointerover'] as const

function onFirstContact(element: HTMLElement, run: () => void) {
  const listening = new AbortController()
  const contact = () => {
    listening.abort()
    run()
  }
  for (const type of contactEvents) element.addEventListener(type, contact, { passive: true, signal: listening.signal })
}

function whenReady(element: HTMLElement, when: HydrateWhen, run: () => void) {
  if (when === 'on-demand') return
  if (when === 'idle') whenIdle(run)
  else if (when === 'visible' && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          run()
        }
      },
      { rootMargin: '200px' },
    )
    // The marker is `display: contents` and has no box of its own to intersect: watch what it holds.
    for (const child of element.children.length > 0 ? element.children : [element]) observer.observe(child)
  } else {
    run()
  }
}

const hydrating = new WeakMap<HTMLElement, Promise<void>>()

/** Hydrates one island at most once, e.g. at first use before its idle or visible moment comes. */
export function hydrateIsland(element: HTMLElement): Promise<void> {
  let done = hydrating.get(element)
  if (!done) {
    done = hydrate(element)
    hydrating.set(element, done)
  }
  return done
}

async function hydrate(element: HTMLElement) {
  const name = element.dataset.island as IslandName
  const load = islands[name]
  if (!load) throw new Error(`Unknown island "${name}"`)
  // An island's states (open, invalid, sent) may use rules the server-rendered markup did not.
  const [{ createElement }, { hydrateRoot }, module] = await Promise.all([import('react'), import('react-dom/client'), load(), wholeStylesheet()])
  // With the prefix the server rendered it with (Island.tsx), so that its useId values are the same.
  hydrateRoot(element, createElement(module.default as React.ComponentType<object>, JSON.parse(element.dataset.props ?? '{}')), {
    identifierPrefix: element.dataset.ids,
  })
  element.dataset.hydrated = ''
}
