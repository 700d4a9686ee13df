import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterEach, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { fixtureContentDir } from '../fixtures/fixture'

let work = ''
afterEach(() => fs.rm(work, { recursive: true, force: true }))

// The build checks front matter before it renders anything, and article bodies (rendered while pages
// are built) before it publishes anything.
it.each([
  {
    mistake: 'a front-matter field of the wrong type',
    change: (text: string) => text.replace(/^(date: .*)$/m, '$1\nreadTime: ten'),
    problem: /content\/blog\/automation-workflows\.md:\d+: readTime must be a whole number \(got "ten"\)$/,
  },
  {
    // Links in article bodies go the same way (site/content/index.test.ts).
    mistake: 'an image in an article body that is not in content/images',
    change: (text: string) => `${text}\n![A chart](/images/missing.png)\n`,
    problem: /content\/blog\/automation-workflows\.md:\d+: an image points to \/images\/missing\.png, which does not exist$/,
  },
  {
    mistake: 'an email template with an unknown placeholder',
    file: 'content/emails/contact-acknowledgement.md',
    change: (text: string) => `${text}\nSee you, {{nmae}}.\n`,
    problem: /content\/emails\/contact-acknowledgement\.md:\d+: unknown placeholder \{\{nmae\}\} in body: did you mean name\? \(allowed: .*\)$/,
  },
])(
  'stops the build at $mistake with one line naming the file and the problem, and writes nothing',
  async ({ file = 'content/blog/automation-workflows.md', change, problem }) => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'content-error-'))
    await fs.cp(fixtureContentDir, path.join(work, 'content'), { recursive: true })
    const article = path.join(work, file)
    await fs.writeFile(article, change(await fs.readFile(article, 'utf8')))
    const dist = path.join(work, 'dist')

    const build = spawnSync(buildCommand.command, buildCommand.args, {
      cwd: buildCommand.cwd,
      env: { ...process.env, CONTENT_DIR: path.join(work, 'content'), DIST_DIR: dist, VIKE_OUT_DIR: '.cache/vike-out-content-error' },
      encoding: 'utf8',
    })

    expect(build.status).toBe(1)
    // A terminal that takes colour (FORCE_COLOR, as on CI) gets the lines in red; the words are what count.
    const problems = stripVTControlCharacters(build.stderr)
      .split('\n')
      .filter((line) => line.includes('content/'))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(problem)
    await expect(fs.stat(dist)).rejects.toThrow()
  },
  120_000,
)
