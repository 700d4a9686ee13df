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
const open = (contentDir = 'content') => openMarkdownCache(cacheDir, contentDir)
/** The one file the cache keeps for the content folder. */
const cacheFile = async () => path.join(cacheDir, (await fs.readdir(cacheDir))[0]!)

it('gives the next load of the same folder what this one rendered, and drops what loads stopped using once it outnumbers the rest', async () => {
  const first = await open()
  first.cache.set('a', rendered('<p>A</p>'))
  first.cache.set('b', rendered('<p>B</p>'))
  await first.save()

  // 'b' unused, as many as the used: kept.
  const second = await open()
  expect(second.cache.get('a')).toEqual(rendered('<p>A</p>'))
  await second.save()
  const third = await open()
  expect(third.cache.get('b')).toEqual(rendered('<p>B</p>'))

  // 'b' and 'c' unused, more than the one used: the file is written afresh with 'a' only.
  third.cache.set('c', rendered('<p>C</p>'))
  await third.save()
  const fourth = await open()
  expect(fourth.cache.get('a')).toEqual(rendered('<p>A</p>'))
  await fourth.save()
  const fifth = await open()
  expect(fifth.cache.get('a')).toEqual(rendered('<p>A</p>'))
  expect(fifth.cache.get('b')).toBeUndefined()
  expect(fifth.cache.get('c')).toBeUndefined()
  // Another content folder has its own entries.
  expect((await open('other-content')).cache.get('a')).toBeUndefined()
})

it('remembers what passed its schema for the next load', async () => {
  const first = await open()
  for (const key of ['pair-a', 'pair-b', 'pair-c']) first.validated.add(key)
  await first.save()
  const second = await open()
  expect(second.validated.has('pair-a')).toBe(true)
  expect(second.validated.has('pair-d')).toBe(false)
  await second.save()
  const third = await open()
  expect(third.validated.has('pair-a')).toBe(true)
  expect(third.validated.has('pair-b')).toBe(false)
})

it('appends what an edit rendered, leaving the rest of the file as it was', async () => {
  const first = await open()
  for (const key of ['a', 'b', 'c']) first.cache.set(key, rendered(`<p>${key}</p>`))
  await first.save()
  const file = await cacheFile()
  const before = await fs.readFile(file, 'utf8')

  const edited = await open()
  for (const key of ['a', 'b']) edited.cache.get(key)
  edited.cache.set('c2', rendered('<p>c, edited</p>'))
  await edited.save()
  const after = await fs.readFile(file, 'utf8')
  expect(after.startsWith(before)).toBe(true)
  expect(after.slice(before.length).trim().split('\n')).toHaveLength(1)
  expect((await open()).cache.get('c2')).toEqual(rendered('<p>c, edited</p>'))
})

it('keeps the whole lines of a file whose last line was cut short, and writes it afresh', async () => {
  const first = await open()
  first.cache.set('a', rendered('<p>A</p>'))
  await first.save()
  const file = await cacheFile()
  await fs.appendFile(file, '["markdown","b",{"html":"<p>')

  const next = await open()
  expect(next.cache.get('a')).toEqual(rendered('<p>A</p>'))
  expect(next.cache.get('b')).toBeUndefined()
  next.cache.set('b', rendered('<p>B</p>'))
  await next.save()
  const text = await fs.readFile(file, 'utf8')
  for (const line of text.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow()
  expect((await open()).cache.get('b')).toEqual(rendered('<p>B</p>'))
})

it('keeps the entries a load stopped by a mistake did not reach', async () => {
  const first = await open()
  first.cache.set('a', rendered('<p>A</p>'))
  await first.save()

  const stopped = await open()
  stopped.cache.set('b', rendered('<p>B</p>'))
  await stopped.save({ prune: false })
  const next = await open()
  expect(next.cache.get('a')).toEqual(rendered('<p>A</p>'))
  expect(next.cache.get('b')).toEqual(rendered('<p>B</p>'))
})

it('starts afresh from an unreadable file', async () => {
  const first = await open()
  first.cache.set('a', rendered('<p>A</p>'))
  await first.save()
  const file = await cacheFile()
  await fs.writeFile(file, '{"dependencies":')
  expect((await open()).cache.get('a')).toBeUndefined()
})
