import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { todayInDallas } from '../../site/content'
import { fixtureContentDir } from '../fixtures/fixture'
import { readRoute } from './dist'

// `npm run build` of the fixture content after two editor changes: a service renamed with its old
// address kept (redirectFrom), and an article dated next year (a year typo, or written ahead).
let work = ''
let dist = ''
let printed = ''
const held = `${Number(todayInDallas().slice(0, 4)) + 1}-03-01`

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'editor-build-'))
  const content = path.join(work, 'content')
  await fs.cp(fixtureContentDir, content, { recursive: true })
  const service = await fs.readFile(path.join(content, 'services/automation-creation.md'), 'utf8')
  await fs.rm(path.join(content, 'services/automation-creation.md'))
  await fs.writeFile(path.join(content, 'services/automations.md'), service.replace(/^id: .*$/m, 'id: automations\nredirectFrom:\n  - automation-creation'))
  const article = path.join(content, 'blog/automation-workflows.md')
  await fs.writeFile(article, (await fs.readFile(article, 'utf8')).replace(/^date: .*$/m, `date: ${held}`))

  dist = path.join(work, 'dist')
  const build = spawnSync(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    // The editor's own build, not a strict one: CI sets CI=true, which would stop at the date instead
    // (tests/site/editor-messages.test.ts covers that). Node leaves out variables set to undefined.
    env: { ...process.env, CI: undefined, STRICT_CONTENT: undefined, CONTENT_DIR: content, DIST_DIR: dist, VIKE_OUT_DIR: '.cache/vike-out-editor-build' },
    encoding: 'utf8',
  })
  printed = stripVTControlCharacters(build.stdout + build.stderr)
  expect(build.status, printed).toBe(0)
}, 180_000)

afterAll(() => fs.rm(work, { recursive: true, force: true }))

it('says in its summary line which article it held back, until when', () => {
  expect(printed).toMatch(
    new RegExp(`^Built \\d+ pages into .* in [\\d.]+ s; 1 article held back until its date: \\S*content/blog/automation-workflows\\.md \\(${held}\\)$`, 'm'),
  )
})

it('leaves the held-back article out of the blog, its page, the feed and the sitemap', async () => {
  expect(readRoute('/blog', dist)).not.toContain('/blog/automation-workflows')
  expect(readRoute('/blog/rss.xml', dist)).not.toContain('/blog/automation-workflows')
  expect(readRoute('/sitemap.xml', dist)).not.toContain('/blog/automation-workflows')
  await expect(fs.stat(path.join(dist, 'blog/automation-workflows'))).rejects.toThrow()
  // The article that named it as `next` links to none until then.
  expect(readRoute('/blog/website-design-trends', dist)).not.toContain('href="/blog/automation-workflows"')
})

it('keeps a renamed service’s old address as a redirect, as a case study’s', async () => {
  expect(readRoute('/service/automations', dist)).toContain('Automation Creation')
  const old = readRoute('/service/automation-creation', dist)
  expect(old).toContain('<meta http-equiv="refresh" content="0; url=/service/automations" />')
  expect(old).toContain('<meta name="robots" content="noindex" />')
  expect((await fs.readFile(path.join(dist, '_redirects'), 'utf8')).split('\n')).toEqual(
    expect.arrayContaining(['/service/automation-creation /service/automations 301']),
  )
  expect(readRoute('/sitemap.xml', dist)).not.toContain('/service/automation-creation<')
})
