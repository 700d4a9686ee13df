import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

// docs/architecture.md draws the folders as trees (a folder at the start of a line, what it holds beside
// it): each folder it draws exists where it draws it, and each file or folder its words name is found
// in the top folder the line is in, so that the map cannot drift from the house unseen.

const root = path.resolve(import.meta.dirname, '..')
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')
const skipped = new Set(['node_modules', 'dist', '.cache', '.git'])

/** Every path under `dir`, relative to it, with '/' and folders ending in '/'. */
function tree(dir: string, prefix = ''): string[] {
  const found: string[] = []
  for (const name of readdirSync(path.join(dir, prefix))) {
    if (skipped.has(name) || name.startsWith('.vike-out')) continue
    const relative = `${prefix}${name}`
    if (statSync(path.join(dir, relative)).isDirectory()) found.push(`${relative}/`, ...tree(dir, `${relative}/`))
    else found.push(relative)
  }
  return found
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
  expect(folders.filter((folder) => !existsSync(path.join(root, folder)))).toEqual([])
  const trees = new Map<string, string[]>()
  const lost = named.filter(({ top, name }) => {
    // A path from the root ('contract/wire/urls.ts'), or a name found in the line's top folder.
    if (existsSync(path.join(root, name))) return false
    if (!trees.has(top)) trees.set(top, existsSync(path.join(root, top)) ? tree(path.join(root, top)) : [])
    return !trees.get(top)!.some((file) => file === name || file.endsWith(`/${name}`))
  })
  expect(lost.map(({ top, name, line }) => `${top}: ${name} (${line})`)).toEqual([])
})
