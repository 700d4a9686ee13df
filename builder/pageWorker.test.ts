import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { bundleForWorker } from './contentCheck.js'
import { publishEarly } from './publish'

/** Where the worker is bundled for the test in `dir`: inside the project, where its packages resolve. */
const workerFileFor = (dir: string) => path.resolve('.cache', 'test-page-worker', `${path.basename(dir)}.mjs`)

// The page worker as the build runs it (publishEarly()), bundled as a worker is bundled, handed many pages at once.
async function run(dir: string, pages: string[]): Promise<string[]> {
  await bundleForWorker(path.resolve('builder/pageWorker.ts'), workerFileFor(dir))
  const early = publishEarly(workerFileFor(dir), path.join(dir, 'client'))
  for (const page of pages) early.page(page)
  return [...(await early.finish())].sort()
}

describe('the page worker', () => {
  let dir = ''
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true })
    await fs.rm(workerFileFor(dir), { force: true })
  })

  it('publishes every page it is handed exactly once, with its compressed copies, and compresses the hashed files', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'page-worker-'))
    const client = path.join(dir, 'client')
    await fs.mkdir(path.join(client, 'assets'), { recursive: true })
    const css = `.page{color:red}.unused{color:blue}${'.filler{margin:0}'.repeat(100)}`
    await fs.writeFile(path.join(client, 'assets', 'site.css'), css)
    const pages = Array.from({ length: 200 }, (_, index) => path.join('blog', `post-${index}`, 'index.html'))
    for (const page of pages) {
      await fs.mkdir(path.dirname(path.join(client, page)), { recursive: true })
      const text = `<p class="page">${'Words of the article. '.repeat(100)}</p>`
      await fs.writeFile(
        path.join(client, page),
        `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"></head><body>${text}</body></html>`,
      )
    }

    const published = await run(dir, pages)
    expect(published).toEqual([path.join('assets', 'site.css'), ...pages].sort())
    for (const page of pages) {
      const html = await fs.readFile(path.join(client, page), 'utf8')
      // Rewritten once: its rules inline once, the link deferred once.
      expect(html.match(/<style>/g), page).toHaveLength(1)
      expect(html, page).toContain('<style>.page{color:red}</style>')
      expect(html.match(/<template data-whole-stylesheet>/g), page).toHaveLength(1)
      await expect(fs.stat(path.join(client, `${page}.br`))).resolves.toBeDefined()
      await expect(fs.stat(path.join(client, `${page}.gz`))).resolves.toBeDefined()
    }
    await expect(fs.stat(path.join(client, 'assets', 'site.css.br'))).resolves.toBeDefined()
  })
})
