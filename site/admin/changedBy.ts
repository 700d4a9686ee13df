import { format } from '../content/ui'

/**
 * "by Ana" for a change someone at the desk made (contract/wire/records.ts ChangedBy), from the names the view
 * carries; null for one the visitor or the service made.
 */
export const changedBy = (by: string | undefined, names: Record<string, string>, words: string): string | null =>
  by === undefined ? null : format(words, { name: names[by] ?? by })
