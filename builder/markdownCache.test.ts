import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openMarkdownCache } from './markdownCache.ts'

let cacheDir = ''
beforeEach(async () => {
  cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'markdown-cache-'))
})
afterEach(() => fs.rm(cacheDir, { recursive: true, force: true }))

const rendered = (html: string) => ({ html, targets: [] })

it('gives the next load of the same folder what this one rendered, and keeps only what it used', async () => {
  const first = await openMarkdownCache(cacheDir, 'content')
  first.cache.set('a', rendered('<p>A</p>'))
  first.cache.set('b', rendered('<p>B</p>'))
  await first.save()

  const second = await openMarkdownCache(cacheDir, 'content')
  expect(second.cache.get('a')).toEqual(rendered('<p>A</p>'))
  await second.save()
  const third = await openMarkdownCache(cacheDir, 'content')
  expect(third.cache.get('a')).toEqual(rendered('<p>A</p>'))
  expect(third.cache.get('b')).toBeUndefined()
  // Another content folder has its own entries.
  expect((await openMarkdownCache(cacheDir, 'other-content')).cache.get('a')).toBeUndefined()
})

it('remembers what passed its schema for the next load, and only what this load used', async () => {
  const first = await openMarkdownCache(cacheDir, 'content')
  first.validated.add('pair-a')
  first.validated.add('pair-b')
  await first.save()
  const second = await openMarkdownCache(cacheDir, 'content')
  expect(second.validated.has('pair-a')).toBe(true)
  expect(second.validated.has('pair-c')).toBe(false)
  await second.save()
  const third = await openMarkdownCache(cacheDir, 'content')
  expect(third.validated.has('pair-a')).toBe(true)
  expect(third.validated.has('pair-b')).toBe(false)
})

it('keeps the entries a load stopped by a mistake did not reach', async () => {
  const first = await openMarkdownCache(cacheDir, 'content')
  first.cache.set('a', rendered('<p>A</p>'))
  await first.save()

  const stopped = await openMarkdownCache(cacheDir, 'content')
  stopped.cache.set('b', rendered('<p>B</p>'))
  await stopped.save({ prune: false })
  const next = await openMarkdownCache(cacheDir, 'content')
  expect(next.cache.get('a')).toEqual(rendered('<p>A</p>'))
  expect(next.cache.get('b')).toEqual(rendered('<p>B</p>'))
})

it('starts afresh from an unreadable file', async () => {
  const first = await openMarkdownCache(cacheDir, 'content')
  first.cache.set('a', rendered('<p>A</p>'))
  await first.save()
  const [file] = await fs.readdir(cacheDir)
  await fs.writeFile(path.join(cacheDir, file!), '{"dependencies":')
  expect((await openMarkdownCache(cacheDir, 'content')).cache.get('a')).toBeUndefined()
})
