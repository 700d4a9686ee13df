import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { SiteContent } from '../site/content/index.ts'
import { publishChanges } from './publish'

// The incremental build's publishing (publish.ts) changes a hard-linked copy of dist/ and swaps it in
// (staging.ts): a failure half-way leaves dist/ as it was, byte for byte.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'staging-'))
afterEach(() => fs.rmSync(work, { recursive: true, force: true }))

const files = (dir: string) =>
  Object.fromEntries(
    (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => fs.statSync(path.join(dir, file)).isFile())
      .sort()
      .map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]),
  )

it('leaves dist/ whole when publishing the changed pages fails after it began', async () => {
  const dist = path.join(work, 'dist')
  fs.mkdirSync(path.join(dist, 'blog/old'), { recursive: true })
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Home</title>')
  fs.writeFileSync(path.join(dist, 'blog/old/index.html'), '<!doctype html><title>Old</title>')
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n')
  const before = files(dist)

  // The removal is done before a page is found that cannot be written (under a file, not a folder).
  const publishing = publishChanges({
    content: {} as SiteContent,
    distDir: dist,
    pages: new Map([
      ['index.html', '<!doctype html><title>Home, changed</title>'],
      ['robots.txt/index.html', '<!doctype html><title>Nowhere</title>'],
    ]),
    removed: ['blog/old/index.html'],
    pageCount: 1,
  })
  await expect(publishing).rejects.toThrow()
  expect(files(dist)).toEqual(before)
})
