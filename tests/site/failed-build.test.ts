import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { fixtureContentDir } from '../fixtures/fixture'
import { fileHashes } from './dist'

// A build writes dist.next beside dist/ and swaps it in only once it is whole (builder/staging.ts): a
// build killed while it publishes leaves the previous dist/ byte for byte, and the next one succeeds.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'failed-build-'))
const content = path.join(work, 'content')
const dist = path.join(work, 'dist')
// Vike needs its output folders inside the project.
const vikeOutDir = '.cache/vike-out-failed-build'

/** `npm run build` in a process group of its own; `killWhen` is polled while it runs, and kills the whole group once true. */
function build(killWhen: () => boolean = () => false): Promise<{ status: number | null; killed: boolean; output: string }> {
  const child = spawn(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist, VIKE_OUT_DIR: vikeOutDir },
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  let killed = false
  const poll = setInterval(() => {
    if (!killed && killWhen()) {
      killed = true
      process.kill(-child.pid!, 'SIGKILL')
    }
  }, 5)
  return new Promise((resolve) =>
    child.once('exit', (status) => {
      clearInterval(poll)
      resolve({ status, killed, output })
    }),
  )
}

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true })
  fs.rmSync(vikeOutDir, { recursive: true, force: true })
})

it('leaves the previous dist/ whole when a build is killed while it publishes', async () => {
  fs.cpSync(fixtureContentDir, content, { recursive: true })
  fs.rmSync(vikeOutDir, { recursive: true, force: true })
  const first = await build()
  expect(first.output).toMatch(/Built \d+ pages into/)
  const before = fileHashes(dist)
  const article = path.join(content, 'blog', 'automation-workflows.md')
  fs.appendFileSync(article, '\nA paragraph added while a build was killed.\n')

  // A full build (no state to start from), killed once it has begun writing the new dist/ (or, as builds did
  // before, removing the old one).
  fs.rmSync(path.join(vikeOutDir, 'build-state.json'), { force: true })
  const staging = `${dist}.next`
  const killed = await build(() => fs.existsSync(path.join(staging, 'index.html')) || !fs.existsSync(path.join(dist, 'index.html')))
  expect(killed.killed).toBe(true)
  expect(fileHashes(dist)).toEqual(before)

  // The next build starts afresh and publishes the change.
  const next = await build()
  expect(next.output).toMatch(/Built \d+ pages into/)
  expect(fs.existsSync(staging)).toBe(false)
  expect(fs.readFileSync(path.join(dist, 'blog/automation-workflows/index.html'), 'utf8')).toContain('A paragraph added while a build was killed.')
}, 300_000)
