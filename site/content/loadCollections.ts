import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { type CheckedFile, type Collection, type CollectionName, collections, collectionList, type EntryBase, type EntryOf } from './collections.ts'
import { readMarkdownDir } from './files.ts'
import type { MarkdownRenderer } from './markdown.ts'
import type { ContentProblems } from '../../contract/content/problems.ts'
import { type ValidationMemo, validate } from './validate.ts'

export type CollectionEntries = { [Name in CollectionName]: EntryOf<Name>[] }

/** Bodies rendered between two turns of the event loop: a large blog then never stalls the bundler's hooks for long. */
const BODIES_PER_TURN = 20

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Reads, checks and renders the files of one collection (collections.ts), in its order. */
export async function loadCollection<Data, Entry extends EntryBase>(
  collection: Collection<Data, Entry>,
  contentDir: string,
  markdown: MarkdownRenderer,
  problems: ContentProblems,
  validated?: ValidationMemo,
): Promise<Entry[]> {
  const files = await readMarkdownDir(path.join(contentDir, collection.folder), problems)
  const checked: CheckedFile<Data>[] = []
  for (const { file, name, data, body, bodyLine } of files) {
    if (collection.id !== 'id field' && !slugPattern.test(name)) problems.add(file, `file name must be a lowercase slug, e.g. ${collection.id.fileName}`)
    if (!data || !validate<Data>(collection.schema, data, file, problems, validated)) continue
    const id = (data as { id?: unknown }).id
    if (collection.id === 'id field' && id !== name) problems.add(file, `id must equal the file name "${name}" (got "${id}")`, { field: '/id' })
    checked.push({ file, name, data, body, bodyLine })
  }
  const entries: Entry[] = []
  for (const [index, file] of checked.entries()) {
    if (index > 0 && index % BODIES_PER_TURN === 0) await nextTurn()
    entries.push(await collection.entry(file, markdown))
  }
  if (collection.order) entries.sort(collection.order)
  collection.check?.(entries, new Set(files.map((file) => file.name)), (file, message, field) => problems.add(file, message, { field }))
  return entries
}

/** Every collection of the table, loaded side by side. */
export async function loadCollections(
  contentDir: string,
  markdown: MarkdownRenderer,
  problems: ContentProblems,
  validated?: ValidationMemo,
): Promise<CollectionEntries> {
  const loaded = await Promise.all(
    collectionList.map(async ([name, collection]) => [name, await loadCollection(collection, contentDir, markdown, problems, validated)] as const),
  )
  // Each list is its own collection's entries (loadCollection keeps the declaration's Entry type); the
  // table is iterated as a list, which TypeScript cannot pair back with the keys.
  return Object.fromEntries(loaded) as unknown as CollectionEntries
}

export { collections }
