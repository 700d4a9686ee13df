import type { ComponentType } from 'react'
import type { IslandName } from './registry'

/** 'on-demand' islands hydrate only when their code asks (hydrateIsland): at first use. */
export type HydrateWhen = 'load' | 'idle' | 'visible' | 'on-demand'

type IslandProps<P extends object> = {
  name: IslandName
  component: ComponentType<P>
  props: P
  /**
   * 'visible' and 'idle' keep widgets the visitor does not need yet off the main thread; either also
   * hydrates at the visitor's first focus or pointer on it (hydrate.ts).
   */
  hydrate?: HydrateWhen
}

/**
 * Server-renders a widget in full and marks it for hydration, with its props as plain JSON.
 * `display: contents` keeps the marker out of the layout.
 */
export function Island<P extends object>({ name, component: Component, props, hydrate = 'load' }: IslandProps<P>) {
  return (
    <div data-island={name} data-hydrate={hydrate} data-props={JSON.stringify(props)} style={{ display: 'contents' }}>
      <Component {...props} />
    </div>
  )
}
