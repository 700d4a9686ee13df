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
 *     await markdown.save() // appends this load's new entries ({ prune: false }: never drops any)
 *
 * One file per content folder: builds of other folders (tests, benchmarks) never evict each other's entries.
 * It is JSON lines, a header then an entry a line, so that a save appends only what this load added: one
 * edited article adds a few kilobytes, where writing afresh the 7 MB of a 1,000-article blog took ~50 ms of
 * its one-edit build. It is written afresh when the entries no load used any more outnumber the others, when
 * its last line was cut short (a build stopped while appending), or when package-lock.json changed, since an
 * upgraded Markdown package may render differently.
 */
export async function openMarkdownCache(cacheDir: string, contentDir: string) {
  const file = path.join(cacheDir, `${hash(path.resolve(contentDir)).slice(0, 16)}.jsonl`)
  const dependencies = await fs.readFile('package-lock.json').then(hash, () => 'no lockfile')
  const stored = await readEntries(file, dependencies)
  const used = new Map<string, RenderedText>()
  const usedValid = new Set<string>()
  /** Entries this load made (documents rendered, data found valid), as the lines that record them. */
  const added: Line[] = []

  const cache: MarkdownCache = {
    get(key) {
      const entry = stored.entries.get(key)
      if (entry) used.set(key, entry)
      return entry
    },
    set(key, value) {
      used.set(key, value)
      added.push(['markdown', key, value])
    },
  }
  const validated: ValidationMemo = {
    has(key) {
      const known = stored.valid.has(key)
      if (known) usedValid.add(key)
      return known
    },
    add(key) {
      usedValid.add(key)
      added.push(['valid', key])
    },
  }

  return {
    cache,
    validated,
    /**
     * Appends this load's new entries. A load stopped by a mistake may have rendered only some documents:
     * `prune: false` never writes the file afresh without the others.
     */
    async save({ prune = true } = {}) {
      const live = used.size + usedValid.size
      const unused = (stored.lines ?? 0) + added.length - live
      if (stored.lines === undefined || (prune && unused > live)) {
        const lines: Line[] = [...used].map(([key, value]) => ['markdown', key, value] as Line)
        for (const key of usedValid) lines.push(['valid', key])
        if (!prune) {
          for (const [key, value] of stored.entries) if (!used.has(key)) lines.push(['markdown', key, value])
          for (const key of stored.valid) if (!usedValid.has(key)) lines.push(['valid', key])
        }
        await fs.mkdir(cacheDir, { recursive: true })
        // Under a temporary name and renamed, so a build running beside this one never reads half a file.
        const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
        await fs.writeFile(temporary, linesOf([{ dependencies }, ...lines]))
        await fs.rename(temporary, file)
      } else if (added.length > 0) {
        await fs.appendFile(file, linesOf(added))
      }
    },
  }
}

type Line = ['markdown', string, RenderedText] | ['valid', string]

const linesOf = (lines: unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('')

/** The file's entries, and how many lines hold them (undefined: no usable file, or one to write afresh). */
async function readEntries(file: string, dependencies: string): Promise<{ entries: Map<string, RenderedText>; valid: Set<string>; lines: number | undefined }> {
  const entries = new Map<string, RenderedText>()
  const valid = new Set<string>()
  const text = await fs.readFile(file, 'utf8').catch(() => '')
  const [header = '', ...lines] = text.split('\n')
  // Ending with its newline, the file splits into a last empty string; anything else is a line cut short,
  // left out here and gone when the save writes the file afresh.
  const whole = lines.pop() === ''
  try {
    if ((JSON.parse(header) as { dependencies?: unknown }).dependencies !== dependencies) throw new Error('other packages')
    for (const line of lines) {
      const entry = JSON.parse(line) as Line
      if (entry[0] === 'markdown') entries.set(entry[1], entry[2])
      else valid.add(entry[1])
    }
  } catch {
    // No file, an unreadable one, or one of other packages: everything is rendered, and written afresh.
    return { entries: new Map(), valid: new Set(), lines: undefined }
  }
  return { entries, valid, lines: whole ? lines.length : undefined }
}

const hash = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
