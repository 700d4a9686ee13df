import { createContext, use, type ComponentType } from 'react'
import type { IslandComponent, IslandName, IslandProps } from './registry'

/**
 * 'on-demand' islands hydrate only at first use: when the client entry asks (hydrateIsland), or at the
 * visitor's first focus or pointer on them (a form at the end of a page loads nothing until then).
 */
export type HydrateWhen = 'load' | 'idle' | 'visible' | 'on-demand'

export type LoadedIslands = { [N in IslandName]: IslandComponent<N> }

/** The components Island renders on the server (loadIslands.ts). */
export const IslandComponents = createContext<Partial<LoadedIslands>>({})

type IslandElementProps<N extends IslandName> = {
  name: N
  props: NoInfer<IslandProps<N>>
  /**
   * 'visible' and 'idle' keep widgets the visitor does not need yet off the main thread; either also
   * hydrates at the visitor's first focus or pointer on it (hydrate.ts).
   */
  hydrate?: HydrateWhen
}

/**
 * Server-renders the island `name` in full and marks it for hydration, with its props as plain JSON.
 * `display: contents` keeps the marker out of the layout.
 */
export function Island<N extends IslandName>({ name, props, hydrate = 'load' }: IslandElementProps<N>) {
  // The registry types each component by its name; TypeScript cannot follow that through a generic N.
  const Component = use(IslandComponents)[name] as ComponentType<object> | undefined
  if (!Component) throw new Error(`The island "${name}" is not loaded: render pages inside <IslandComponents value={await loadIslands()}>`)
  return (
    <div data-island={name} data-hydrate={hydrate} data-props={JSON.stringify(props)} style={{ display: 'contents' }}>
      <Component {...props} />
    </div>
  )
}
