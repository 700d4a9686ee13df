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
