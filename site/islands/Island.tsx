import { createContext, use, useId, type ComponentType, type ReactElement } from 'react'
import type { IslandComponent, IslandName, IslandProps } from './registry'
import { PagePath } from '../forms/pagePath'

/**
 * 'on-demand' islands hydrate only at first use: when the client entry asks (hydrateIsland), or at the
 * visitor's first focus or pointer on them (a form at the end of a page loads nothing until then).
 */
export type HydrateWhen = 'load' | 'idle' | 'visible' | 'on-demand'

export type LoadedIslands = { [N in IslandName]: IslandComponent<N> }

/**
 * How the server renders islands (renderer/+onRenderHtml.tsx): their components (loadIslands.ts), and React's
 * renderToString, which renders one as a root of its own. Given here so that the pages, which import Island,
 * never bundle react-dom/server.
 */
export type IslandServer = {
  components: Partial<LoadedIslands>
  renderRoot: (island: ReactElement, options: { identifierPrefix: string }) => string
  /** The page's path, for the forms' hidden field of the page they are sent from (pagePath.ts). */
  page?: string
}
export const IslandServer = createContext<IslandServer | undefined>(undefined)

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
 *
 * The browser hydrates an island as a root of its own (hydrate.ts), and the ids of React's useId depend on
 * a component's place in its tree: the island is rendered here as a root too, and both sides give it the
 * same `identifierPrefix` (`data-ids`), so its ids are the browser's and never another island's.
 */
export function Island<N extends IslandName>({ name, props, hydrate = 'load' }: IslandElementProps<N>) {
  const server = use(IslandServer)
  const ids = `${useId().replace(/[^\w-]/g, '')}-`
  // The registry types each component by its name; TypeScript cannot follow that through a generic N.
  const Component = server?.components[name] as ComponentType<object> | undefined
  if (!server || !Component)
    throw new Error(`The island "${name}" is not loaded: render pages inside <IslandServer value={{ components: await loadIslands(), renderRoot }}>`)
  const html = server.renderRoot(
    <PagePath value={server.page}>
      <Component {...props} />
    </PagePath>,
    { identifierPrefix: ids },
  )
  return (
    <div
      data-island={name}
      data-hydrate={hydrate}
      data-props={JSON.stringify(props)}
      data-ids={ids}
      style={{ display: 'contents' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island, not text from outside
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
