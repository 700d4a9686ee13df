import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'

let work = ''
afterAll(() => fs.rm(work, { recursive: true, force: true }))

it('stops the build at a content mistake with one line naming the file, the field and the problem, and writes nothing', async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'content-error-'))
  await fs.cp('content', path.join(work, 'content'), { recursive: true })
  const article = path.join(work, 'content/blog/automation-workflows.md')
  await fs.writeFile(article, (await fs.readFile(article, 'utf8')).replace(/^readTime: .*$/m, 'readTime: ten'))
  const dist = path.join(work, 'dist')

  const build = spawnSync(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    env: { ...process.env, CONTENT_DIR: path.join(work, 'content'), DIST_DIR: dist, VIKE_OUT_DIR: '.cache/vike-out-content-error' },
    encoding: 'utf8',
  })

  expect(build.status).toBe(1)
  const problems = build.stderr.split('\n').filter((line) => line.includes('content/'))
  expect(problems).toHaveLength(1)
  expect(problems[0]).toMatch(/content\/blog\/automation-workflows\.md: readTime must be a number \(got "ten"\)$/)
  await expect(fs.stat(dist)).rejects.toThrow()
}, 120_000)
