import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, it } from 'vitest'

// The page shell reads every page's data as PageData without a cast (renderer/+onRenderHtml.tsx): that
// holds because every +data hook is made by pageData(), which the type check then holds to PageData.
it('makes every page’s +data hook with pageData()', async () => {
  const pages = import.meta.dirname
  const files = (await readdir(pages, { recursive: true })).filter((file) => path.basename(file) === '+data.ts')
  expect(files.length).toBeGreaterThan(20)
  for (const file of files) {
    expect(await readFile(path.join(pages, file), 'utf8'), file).toMatch(/^export const data = pageData\(/m)
  }
})

// The shell writes no page without a head (renderer/+onRenderHtml.tsx throws): each page's folder, or one
// above it, has a +head.ts, made by pageHead() or naming a head made by it.
it('gives every page a +head.ts', async () => {
  const pages = import.meta.dirname
  const files = await readdir(pages, { recursive: true })
  const heads = new Set(files.filter((file) => path.basename(file) === '+head.ts').map((file) => path.dirname(file)))
  const folders = files.filter((file) => path.basename(file) === '+Page.tsx').map((file) => path.dirname(file))
  expect(folders.length).toBeGreaterThan(20)
  const headOf = (folder: string): string | undefined => (heads.has(folder) ? folder : folder === '.' ? undefined : headOf(path.dirname(folder)))
  for (const folder of folders) expect(headOf(folder), folder).toBeDefined()
  for (const folder of heads) {
    expect(await readFile(path.join(pages, folder, '+head.ts'), 'utf8'), folder).toMatch(/^export const head = (pageHead(<[^>]+>)?\(|\w+Head$)/m)
  }
})
