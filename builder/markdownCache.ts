import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { MarkdownCache, RenderedText } from '../site/content/markdown.ts'
import type { ValidationMemo } from '../site/content/validate.ts'

/**
 * Rendered Markdown from the previous build of the same content folder, by the hash of what it was rendered
 * from (site/content/markdown.ts makes the keys), so a rebuild renders only the documents that changed; and
 * what passed its schema (site/content/validate.ts), so a rebuild checks only the files that changed.
 *
 *     const markdown = await openMarkdownCache('.cache/markdown', 'content')
 *     await loadContent('content', { markdownCache: markdown.cache, validated: markdown.validated })
 *     await markdown.save() // keeps exactly the entries of this load (or adds them, { prune: false })
 *
 * One file per content folder: builds of other folders (tests, benchmarks) never evict each other's entries.
 * A changed package-lock.json starts the file afresh, since an upgraded Markdown package may render differently.
 */
export async function openMarkdownCache(cacheDir: string, contentDir: string) {
  const file = path.join(cacheDir, `${hash(path.resolve(contentDir)).slice(0, 16)}.json`)
  const dependencies = await fs.readFile('package-lock.json').then(hash, () => 'no lockfile')
  const { entries: previous, valid: previousValid } = await readEntries(file, dependencies)
  const used = new Map<string, RenderedText>()
  const usedValid = new Set<string>()
  /** Entries this load made: documents rendered, data found valid. */
  let added = 0

  const cache: MarkdownCache = {
    get(key) {
      const entry = previous.get(key)
      if (entry) used.set(key, entry)
      return entry
    },
    set(key, value) {
      used.set(key, value)
      added++
    },
  }
  const validated: ValidationMemo = {
    has(key) {
      const known = previousValid.has(key)
      if (known) usedValid.add(key)
      return known
    },
    add(key) {
      usedValid.add(key)
      added++
    },
  }

  return {
    cache,
    validated,
    /**
     * Writes this load's documents, unless they are exactly the ones already on disk. A load stopped by a
     * mistake may have rendered only some documents: `prune: false` keeps the others too.
     */
    async save({ prune = true } = {}) {
      if (added === 0 && (!prune || (used.size === previous.size && usedValid.size === previousValid.size))) return
      const entries = prune ? used : new Map([...previous, ...used])
      const valid = prune ? usedValid : new Set([...previousValid, ...usedValid])
      await fs.mkdir(cacheDir, { recursive: true })
      // Under a temporary name and renamed, so a build running beside this one never reads half a file.
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      await fs.writeFile(temporary, JSON.stringify({ dependencies, entries: Object.fromEntries(entries), valid: [...valid] } satisfies CacheFile))
      await fs.rename(temporary, file)
    },
  }
}

type CacheFile = { dependencies: string; entries: Record<string, RenderedText>; valid: string[] }

async function readEntries(file: string, dependencies: string): Promise<{ entries: Map<string, RenderedText>; valid: Set<string> }> {
  try {
    const stored = JSON.parse(await fs.readFile(file, 'utf8')) as CacheFile
    if (stored.dependencies === dependencies && Array.isArray(stored.valid))
      return { entries: new Map(Object.entries(stored.entries)), valid: new Set(stored.valid) }
  } catch {
    // No cache yet, or an unreadable one: everything is rendered, and the next save replaces it.
  }
  return { entries: new Map(), valid: new Set() }
}

const hash = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
