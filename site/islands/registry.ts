// Each island's code, split into its own chunk; the browser loads only the islands a page contains.
export const islands = {
  header: () => import('./header/Header'),
} as const

export type IslandName = keyof typeof islands
