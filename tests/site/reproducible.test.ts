import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { fixtureContentDir } from '../fixtures/fixture'
import { distDir, fileHashes } from './dist'

const secondDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-again-'))
const vikeOutDir = '.cache/vike-out-reproducible'
afterAll(() => {
  fs.rmSync(secondDist, { recursive: true, force: true })
  fs.rmSync(vikeOutDir, { recursive: true, force: true })
})

it('builds the same bytes from the same content', () => {
  execFileSync(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    env: { ...process.env, CONTENT_DIR: fixtureContentDir, DIST_DIR: secondDist, VIKE_OUT_DIR: vikeOutDir },
    stdio: 'pipe',
  })
  const first = fileHashes(distDir)
  const second = fileHashes(secondDist)
  expect(Object.keys(second)).toEqual(Object.keys(first))
  expect(second).toEqual(first)
}, 180_000)
