import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { fixtureContentDir } from '../fixtures/fixture'
import { fileHashes, readRoute, visibleText } from './dist'

// After a content change with no code change, `npm run build` renders and publishes only the pages the
// change touches (builder/incrementalBuild.ts), and dist/ is byte for byte what a full build of the
// same content makes.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'incremental-'))
const content = path.join(work, 'content')
const dist = path.join(work, 'dist')
const fullDist = path.join(work, 'full-dist')
// Vike needs its output folders inside the project.
const vikeOutDir = '.cache/vike-out-incremental'
const fullVikeOutDir = '.cache/vike-out-incremental-full'

function build(distDir: string, outDir: string): string {
  return execFileSync(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    // With Vite's report, a full build says why it is one: the reason shows in a failed assertion below.
    env: { ...process.env, BUILD_LOG_LEVEL: 'info', CONTENT_DIR: content, DIST_DIR: distDir, VIKE_OUT_DIR: outDir },
    encoding: 'utf8',
  })
}

/** A full build of the content as it is now, from nothing (no earlier build to start from). */
function fullBuild() {
  fs.rmSync(fullVikeOutDir, { recursive: true, force: true })
  fs.rmSync(fullDist, { recursive: true, force: true })
  build(fullDist, fullVikeOutDir)
  return fileHashes(fullDist)
}

const rendered = (output: string) => {
  const count = Number(/Built \d+ pages into .* \((\d+) rendered again, \d+ removed\)/.exec(output)?.[1] ?? Number.NaN)
  if (Number.isNaN(count)) console.log(/^Full build: .*$/m.exec(output)?.[0] ?? output)
  return count
}
const mtime = (route: string) => fs.statSync(path.join(dist, route, 'index.html')).mtimeMs
const article = (slug: string) => path.join(content, 'blog', `${slug}.md`)
const edit = (file: string, change: (text: string) => string) => fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')))

beforeAll(() => {
  fs.cpSync(fixtureContentDir, content, { recursive: true })
  fs.rmSync(vikeOutDir, { recursive: true, force: true })
  // The first build has nothing to start from: a full one.
  expect(rendered(build(dist, vikeOutDir))).toBeNaN()
}, 180_000)
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true })
  for (const dir of [vikeOutDir, fullVikeOutDir]) fs.rmSync(dir, { recursive: true, force: true })
})

it('publishes an article whose text changed, and leaves the pages that do not show it as they are', () => {
  const untouched = mtime('case-study/growsmart')
  const pageCount = fs.readdirSync(dist, { recursive: true }).filter((file) => String(file).endsWith('.html')).length
  edit(article('automation-workflows'), (text) => `${text}\nA paragraph added by the editor, with a [link](/service/ai-agents).\n`)

  const count = rendered(build(dist, vikeOutDir))
  expect(count).toBeGreaterThan(0)
  expect(count).toBeLessThan(pageCount / 2)
  expect(visibleText(readRoute('/blog/automation-workflows', dist))).toContain('A paragraph added by the editor')
  expect(mtime('case-study/growsmart')).toBe(untouched)
  expect(fileHashes(dist)).toEqual(fullBuild())
}, 180_000)

it('publishes a changed title everywhere it is shown: the lists, the neighbour that links to it, the feeds', () => {
  edit(article('digital-marketing-roi'), (text) => text.replace(/^title: .*$/m, 'title: Marketing Figures That Matter'))

  expect(rendered(build(dist, vikeOutDir))).toBeGreaterThan(1)
  // automation-workflows names digital-marketing-roi as its next article.
  expect(readRoute('/blog/automation-workflows', dist)).toContain('Marketing Figures That Matter')
  expect(readRoute('/blog', dist)).toContain('Marketing Figures That Matter')
  expect(fs.readFileSync(path.join(dist, 'blog/rss.xml'), 'utf8')).toContain('Marketing Figures That Matter')
  expect(fileHashes(dist)).toEqual(fullBuild())
}, 180_000)

it('publishes an added article, and removes a deleted one', () => {
  fs.writeFileSync(
    article('a-new-article'),
    [
      '---',
      'title: A New Article',
      'description: What changed this week.',
      'date: 2025-06-30',
      'image: /images/blog/automation-workflows.svg',
      'imageAlt: Abstract artwork',
      '---',
      '',
      'The new article, with its own words.',
      '',
    ].join('\n'),
  )
  const output = build(dist, vikeOutDir)
  expect(rendered(output)).toBeGreaterThan(1)
  expect(visibleText(readRoute('/blog/a-new-article', dist))).toContain('The new article, with its own words.')
  expect(fileHashes(dist)).toEqual(fullBuild())

  fs.rmSync(article('a-new-article'))
  expect(build(dist, vikeOutDir)).toMatch(/\(\d+ rendered again, 1 removed\)/)
  expect(fs.existsSync(path.join(dist, 'blog/a-new-article'))).toBe(false)
  expect(fileHashes(dist)).toEqual(fullBuild())
}, 300_000)

it('starts from the dist/ the last build replaced only while that one is as it was left', () => {
  const previous = `${dist}.old`
  edit(article('automation-workflows'), (text) => `${text}\nOne more sentence for the kept copy.\n`)
  build(dist, vikeOutDir)
  expect(fs.existsSync(previous)).toBe(true)
  // Something else wrote into the kept copy: it is not used, and nothing of it reaches dist/.
  fs.writeFileSync(path.join(previous, 'stray.html'), '<!doctype html><title>Stray</title>')
  edit(article('automation-workflows'), (text) => `${text}\nAnd another.\n`)
  expect(rendered(build(dist, vikeOutDir))).toBeGreaterThanOrEqual(1)
  expect(fs.existsSync(path.join(dist, 'stray.html'))).toBe(false)
  expect(fileHashes(dist)).toEqual(fullBuild())
  // Two builds in a row from the kept copies: still the full build's files.
  edit(article('automation-workflows'), (text) => `${text}\nA third.\n`)
  build(dist, vikeOutDir)
  edit(article('automation-workflows'), (text) => `${text}\nA fourth.\n`)
  build(dist, vikeOutDir)
  expect(fileHashes(dist)).toEqual(fullBuild())
}, 300_000)

it('builds everything again when the code changed', () => {
  // What an incremental build trusts is recorded with the code's key: a changed key means a full build.
  const state = path.join(vikeOutDir, 'build-state.json')
  fs.writeFileSync(state, JSON.stringify({ ...JSON.parse(fs.readFileSync(state, 'utf8')), codeKey: 'another' }))
  edit(article('website-design-trends'), (text) => `${text}\nOne more line.\n`)
  expect(rendered(build(dist, vikeOutDir))).toBeNaN()
  expect(fileHashes(dist)).toEqual(fullBuild())
}, 300_000)

it('builds everything again when a page is shared with an image that had no card, and publishes the card', () => {
  // The home page's hero is no page's card in the fixture, so no card of it was drawn (imageFor.ts cardImages).
  const hero = /<img[^>]+src="(\/assets\/img\/hero-[0-9a-f]{8})\.svg"/.exec(readRoute('/', dist))?.[1]
  expect(hero).toBeDefined()
  expect(fs.existsSync(path.join(dist, `${hero}-800.webp`))).toBe(false)
  edit(article('website-design-trends'), (text) => text.replace(/^image: .*$/m, 'image: /images/home/hero.svg'))
  expect(rendered(build(dist, vikeOutDir))).toBeNaN()
  expect(readRoute('/blog/website-design-trends', dist)).toMatch(new RegExp(`<meta property="og:image" content="[^"]+${hero}-800\\.webp"`))
  expect(fs.existsSync(path.join(dist, `${hero}-800.webp`))).toBe(true)
  expect(fileHashes(dist)).toEqual(fullBuild())
}, 300_000)
