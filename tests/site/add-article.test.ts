import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { readRoute, visibleText } from './dist'

// An editor adds one Markdown file; with no code change it appears everywhere articles are listed.
let work: string
let dist: string
// Vike needs its output folder inside the project.
const vikeOutDir = '.cache/vike-out-add-article'
const article = `---
title: Hiring Your First Marketing Freelancer
description: What to ask, what to pay and how to measure a freelancer's first 90 days.
date: 2025-06-02
readTime: 4
image: /images/blog/digital-marketing-roi.svg
imageAlt: Abstract chart
---

Hiring help is a big step for a small business. ${'Start with one clear goal and a budget you can keep for three months. '.repeat(60)}
`

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'add-article-'))
  dist = path.join(work, 'dist')
  await fs.cp('content', path.join(work, 'content'), { recursive: true })
  await fs.writeFile(path.join(work, 'content/blog/hiring-a-marketing-freelancer.md'), article)
  execFileSync(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    env: { ...process.env, CONTENT_DIR: path.join(work, 'content'), DIST_DIR: dist, VIKE_OUT_DIR: vikeOutDir },
    stdio: 'pipe',
  })
}, 180_000)
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true })
  await fs.rm(vikeOutDir, { recursive: true, force: true })
})

it('adds the new article to its page, the blog list, the sitemap page, sitemap.xml and the feed', async () => {
  expect(visibleText(readRoute('/blog/hiring-a-marketing-freelancer', dist))).toContain('Hiring Your First Marketing Freelancer')
  expect(readRoute('/blog', dist)).toContain('href="/blog/hiring-a-marketing-freelancer"')
  expect(readRoute('/sitemap', dist)).toContain('href="/blog/hiring-a-marketing-freelancer"')
  expect(await fs.readFile(path.join(dist, 'sitemap.xml'), 'utf8')).toContain('/blog/hiring-a-marketing-freelancer</loc>')
  const rss = await fs.readFile(path.join(dist, 'blog/rss.xml'), 'utf8')
  expect(rss.match(/<item>/g)).toHaveLength(8)
  expect(rss.indexOf('hiring-a-marketing-freelancer')).toBeLessThan(rss.indexOf('website-design-trends'))
})
