import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

// docs/architecture.md draws the folders as trees (a folder at the start of a line, what it holds beside
// it): each folder it draws exists where it draws it, and each file or folder its words name is found
// in the top folder the line is in, so that the map cannot drift from the house unseen.

const root = path.resolve(import.meta.dirname, '..')
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')

// What the repository holds (a clean clone has no dist/ or build output): its files and their folders.
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)
const paths = new Set(
  tracked.flatMap((file) => [
    file,
    ...file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`),
  ]),
)
/** What the build or a run writes (dist/, forms-service/build/): named by the map, ignored by git. */
const generated = (name: string) => {
  try {
    execFileSync('git', ['check-ignore', '-q', name], { cwd: root })
    return true
  } catch {
    return false
  }
}

/** The folders each tree draws (with their place) and, by the top folder of their line, the names its words give. */
function drawn() {
  const folders: string[] = []
  const named: Array<{ top: string; name: string; line: string }> = []
  const blocks = doc.split('```').filter((_, index) => index % 2 === 1)
  for (const block of blocks) {
    const lines = block.split('\n')
    if (!lines.some((line) => /^[\w.+-]+\/\s/.test(line))) continue
    const stack: Array<{ indent: number; name: string }> = []
    for (const line of lines) {
      const folder = /^( *)([\w.+-]+\/)(?:\s|$)/.exec(line)
      let words = line
      if (folder) {
        const indent = folder[1]!.length
        while (stack.length > 0 && stack.at(-1)!.indent >= indent) stack.pop()
        stack.push({ indent, name: folder[2]! })
        folders.push(stack.map((entry) => entry.name).join(''))
        words = line.slice(folder[0].length)
      }
      const top = stack[0]?.name
      if (!top) continue
      for (const match of words.matchAll(/(?<![\w/.{@-])((?:[\w+-]+\/)*[\w+-]+(?:\.(?:ts|tsx|js|mjs|json|md|yaml|css|conf)|\/))(?![\w-])/g)) {
        named.push({ top, name: match[1]!, line: line.trim() })
      }
    }
  }
  return { folders, named }
}

it('draws only folders that exist, where it draws them, and names only files that are in their folder', () => {
  const { folders, named } = drawn()
  expect(folders.length).toBeGreaterThan(10)
  expect(named.length).toBeGreaterThan(50)
  expect(folders.filter((folder) => !paths.has(folder))).toEqual([])
  // A path from the root ('contract/wire/urls.ts'), a name found in the line's top folder, or what a build writes.
  const lost = named.filter(
    ({ top, name }) =>
      !paths.has(name) && ![...paths].some((file) => file.startsWith(top) && (file === `${top}${name}` || file.endsWith(`/${name}`))) && !generated(name),
  )
  expect(lost.map(({ top, name, line }) => `${top}: ${name} (${line})`)).toEqual([])
})
