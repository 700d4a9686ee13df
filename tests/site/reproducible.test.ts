import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { fixtureContentDir } from '../fixtures/fixture'
import { distDir, fileHashes } from './dist'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-again-'))
const vikeOutDirs = ['.cache/vike-out-reproducible', '.cache/vike-out-reproducible-2']
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true })
  for (const dir of vikeOutDirs) fs.rmSync(dir, { recursive: true, force: true })
})

/** A full build (nothing to start from) of the fixture into `distDir`: its exit code and what it printed. */
function build(distDir: string, vikeOutDir: string): Promise<{ code: number | null; output: string }> {
  fs.rmSync(vikeOutDir, { recursive: true, force: true })
  const child = spawn(buildCommand.command, buildCommand.args, {
    cwd: buildCommand.cwd,
    env: { ...process.env, CONTENT_DIR: fixtureContentDir, DIST_DIR: distDir, VIKE_OUT_DIR: vikeOutDir },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })))
}

it('builds the same bytes from the same content, also two builds at once (the second waits for the first)', async () => {
  // Vike keeps the last build's server entry in node_modules: two builds at once loaded each other's server code.
  const dists = [path.join(work, 'one'), path.join(work, 'two')]
  const builds = await Promise.all(dists.map((dist, index) => build(dist, vikeOutDirs[index]!)))
  for (const { code, output } of builds) expect(code, output).toBe(0)
  expect(builds.some(({ output }) => output.includes('Waiting for another build of this project to finish…'))).toBe(true)
  const first = fileHashes(distDir)
  for (const dist of dists) {
    const again = fileHashes(dist)
    expect(Object.keys(again)).toEqual(Object.keys(first))
    expect(again).toEqual(first)
  }
}, 180_000)
