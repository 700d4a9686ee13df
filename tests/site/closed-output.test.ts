import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { fixtureContentDir } from '../fixtures/fixture'

// `npm run build 2>&1 | head -1`: the reader goes away after the first line, and the build's writes fail
// with EPIPE (builder/closedOutput.js). The build has to finish all the same, and not spin.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'closed-output-'))
const vikeOutDir = '.cache/vike-out-closed-output'
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true })
  fs.rmSync(vikeOutDir, { recursive: true, force: true })
})

it('finishes the build and exits when its output is closed after the first line', async () => {
  const dist = path.join(work, 'dist')
  const build = spawn(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    // Vite's report too: many more lines to write after the reader has gone.
    env: { ...process.env, BUILD_LOG_LEVEL: 'info', CONTENT_DIR: fixtureContentDir, DIST_DIR: dist, VIKE_OUT_DIR: vikeOutDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so that a build that never ends is stopped with `vike build` below it.
    detached: true,
  })
  await once(build.stdout, 'data')
  build.stdout.destroy()
  build.stderr.destroy()

  const exited = once(build, 'exit').then(([code]) => code as number | null)
  const outcome = await Promise.race([exited, sleep(150_000, 'still running')])
  if (outcome === 'still running') process.kill(-build.pid!, 'SIGKILL')
  expect(outcome).toBe(0)
  expect(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')).toContain('<!DOCTYPE html>')
}, 180_000)
