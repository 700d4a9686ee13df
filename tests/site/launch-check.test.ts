import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { fixtureContentDir } from '../fixtures/fixture'
import { fileHashes } from './dist'

// The launch check over the built pages (site/content/launchCheck.ts htmlProblems, run by builder/publish.ts):
// content can make a page invalid although each file is valid on its own, here two sitemap headings an editor
// gave the same words (their ids are made from them). A build for a real domain lists what html-validate
// finds; a strict one stops before dist/ is replaced.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'launch-check-'))
const content = path.join(work, 'content')
const dist = path.join(work, 'dist')
const vikeOutDir = '.cache/vike-out-launch-check'
const article = path.join(content, 'blog/automation-workflows.md')
const uiFile = path.join(content, 'ui.json')
const problem = /^warning: \S*sitemap\/index\.html:\d+: no-dup-id: /m

/** A new title for the article: the sitemap page lists it, so an incremental build renders that page again. */
const retitle = (title: string) => fs.writeFileSync(article, fs.readFileSync(article, 'utf8').replace(/^title: .*$/m, `title: ${title}`))
/** content/ui.json's sitemap heading of the case studies. */
function caseStudiesHeading(words: (ui: { sitemap: Record<string, string> }) => string) {
  const ui = JSON.parse(fs.readFileSync(uiFile, 'utf8'))
  ui.sitemap.caseStudies = words(ui)
  fs.writeFileSync(uiFile, JSON.stringify(ui, null, 2))
}

function build(env: Record<string, string | undefined>) {
  const run = spawnSync(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    env: {
      ...process.env,
      CI: undefined,
      STRICT_CONTENT: undefined,
      SITE_URL: 'https://www.bluebonnet-digital.com',
      CONTENT_DIR: content,
      DIST_DIR: dist,
      VIKE_OUT_DIR: vikeOutDir,
      ...env,
    },
    encoding: 'utf8',
  })
  return { status: run.status, output: stripVTControlCharacters(run.stdout + run.stderr) }
}

beforeAll(() => {
  fs.cpSync(fixtureContentDir, content, { recursive: true })
  fs.rmSync(vikeOutDir, { recursive: true, force: true })
  // The agency's real details, so that a strict build has no placeholder to stop at first.
  const siteFile = path.join(content, 'site.json')
  const site = JSON.parse(fs.readFileSync(siteFile, 'utf8'))
  Object.assign(site, {
    url: 'https://www.bluebonnet-digital.com',
    email: 'hello@bluebonnet-digital.com',
    phone: '(214) 867-5309',
    social: [{ label: 'Bluebonnet Digital on LinkedIn', href: 'https://www.linkedin.com/company/bluebonnet-digital', icon: 'linkedin' }],
  })
  fs.writeFileSync(siteFile, JSON.stringify(site, null, 2))
  caseStudiesHeading((ui) => ui.sitemap.services!)
})

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true })
  fs.rmSync(vikeOutDir, { recursive: true, force: true })
})

it('lists the invalid HTML of a build for a real domain, full or incremental, and publishes it', () => {
  const full = build({})
  expect(full.status, full.output).toBe(0)
  expect(full.output).toMatch(problem)
  // Only the page that has it.
  expect(full.output.match(/^warning: .*: no-dup-id: /gm)).toHaveLength(1)
  expect(fs.existsSync(path.join(dist, 'sitemap/index.html'))).toBe(true)

  retitle('Five Automation Workflows')
  const incremental = build({})
  expect(incremental.status, incremental.output).toBe(0)
  expect(incremental.output).toMatch(/rendered again/)
  expect(incremental.output).toMatch(problem)
}, 300_000)

it('stops a strict build at it, leaving dist/ as it was', () => {
  const before = fileHashes(dist)
  retitle('Five Automations')
  const strict = build({ STRICT_CONTENT: '1' })
  expect(strict.status).not.toBe(0)
  expect(strict.output).toMatch(/\S*sitemap\/index\.html:\d+: no-dup-id: /)
  expect(strict.output).toContain(
    'The build stops: 1 HTML problem(s) in the pages for https://www.bluebonnet-digital.com (strict: CI=true or STRICT_CONTENT=1).',
  )
  expect(fileHashes(dist)).toEqual(before)

  // Fixed, the strict build publishes.
  caseStudiesHeading(() => 'Our Work')
  const fixed = build({ STRICT_CONTENT: '1' })
  expect(fixed.status, fixed.output).toBe(0)
  expect(fixed.output).not.toMatch(/no-dup-id/)
}, 300_000)
