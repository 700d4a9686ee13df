import type { LoadedIslands } from './Island'
import { islands, type IslandName } from './registry'

/**
 * Every island's component, for the server to render pages with (renderer/+onRenderHtml.tsx). Apart from
 * Island.tsx, which pages import, so that the registry stays in the client entry alone.
 */
export async function loadIslands(): Promise<LoadedIslands> {
  const names = Object.keys(islands) as IslandName[]
  const modules = await Promise.all(names.map((name) => islands[name]()))
  return Object.fromEntries(names.map((name, index) => [name, modules[index]!.default])) as LoadedIslands
}
