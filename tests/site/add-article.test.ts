import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parse } from 'yaml'
import { buildCommand } from '../../scripts/buildCommand'
import { fixtureContentDir, fixtureFrontMatter, fixtureIds } from '../fixtures/fixture'
import { readRoute, visibleText } from './dist'

// An editor adds one article exactly as the editors' guide says (docs/editors.md, "Add an article"), to a copy
// of the fixture content; with no code change the build passes and the article appears everywhere
// articles are listed.
const guide = /\*\*Add an article:\*\* create `content\/(blog\/[a-z0-9-]+\.md)`:\s*```markdown\n([\s\S]*?)```/.exec(
  await fs.readFile('docs/editors.md', 'utf8'),
)
if (!guide) throw new Error('docs/editors.md no longer shows "**Add an article:** create `content/blog/<slug>.md`:" with its example; follow the guide here')
const articleFile = guide[1]!
const article = guide[2]!
const slug = path.basename(articleFile, '.md')
const frontMatter: { title: string; date: string; image: string } = parse(article.split('---')[1]!)
// "Put the image in content/images/blog/": any small picture will do.
const picture = '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 16 9"><rect width="16" height="9" fill="#0f766e"/></svg>\n'

let work: string
let dist: string
// Vike needs its output folder inside the project.
const vikeOutDir = '.cache/vike-out-add-article'

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'add-article-'))
  dist = path.join(work, 'dist')
  const content = path.join(work, 'content')
  await fs.cp(fixtureContentDir, content, { recursive: true })
  await fs.writeFile(path.join(content, articleFile), article)
  await fs.writeFile(path.join(content, frontMatter.image), picture)
  // Throws, with the build's problems, if the build refuses the article.
  execFileSync(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist, VIKE_OUT_DIR: vikeOutDir },
    stdio: 'pipe',
  })
}, 180_000)
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true })
  await fs.rm(vikeOutDir, { recursive: true, force: true })
})

it('adds the new article to its page, the blog list, the sitemap page, sitemap.xml and the feed', async () => {
  expect(visibleText(readRoute(`/blog/${slug}`, dist))).toContain(frontMatter.title)
  expect(readRoute('/blog', dist)).toContain(`href="/blog/${slug}"`)
  expect(readRoute('/sitemap', dist)).toContain(`href="/blog/${slug}"`)
  expect(await fs.readFile(path.join(dist, 'sitemap.xml'), 'utf8')).toContain(`/blog/${slug}</loc>`)
  // The feed: the fixture's articles and the new one, newest first.
  const rss = await fs.readFile(path.join(dist, 'blog/rss.xml'), 'utf8')
  const items = [...rss.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((match) => new URL(match[1]!).pathname)
  const dated = [...fixtureIds('blog').map((id) => ({ slug: id, date: String(fixtureFrontMatter('blog', id).date) })), { slug, date: frontMatter.date }]
  expect(items).toEqual(dated.sort((a, b) => b.date.localeCompare(a.date)).map((post) => `/blog/${post.slug}`))
})
