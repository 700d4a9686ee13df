import type { LoadedIslands } from './Island'
import { islands, type IslandName } from './registry'

/**
 * Every island's component, for the server to render pages with (renderer/+onRenderHtml.tsx). Apart from
 * Island.tsx, which pages import, so that the registry stays in the client entry alone.
 *
 * Loaded once in a build: every `import()`, even of a module already loaded, is a round trip to the thread
 * of Node's module hooks while a loader is registered, as during the build (~0.8 ms a page, a tenth of a
 * 1,000-article prerender). The dev server loads them again for each page, so an edited island shows.
 */
export function loadIslands(): Promise<LoadedIslands> {
  if (!import.meta.env.PROD) return load()
  loaded ??= load()
  return loaded
}

let loaded: Promise<LoadedIslands> | undefined

async function load(): Promise<LoadedIslands> {
  const names = Object.keys(islands) as IslandName[]
  const modules = await Promise.all(names.map((name) => islands[name]()))
  return Object.fromEntries(names.map((name, index) => [name, modules[index]!.default])) as LoadedIslands
}
