import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { buildCommand } from '../../scripts/buildCommand'
import { fixtureContentDir } from '../fixtures/fixture'

let work = ''
afterEach(() => fs.rm(work, { recursive: true, force: true }))

// The tests' own build (tests/globalSetup.ts) runs with the empty variables .env.example has: an empty
// SITE_URL is an unset one there.
it.each([
  ['SITE_URL', 'www.example.com'],
  ['VITE_API_URL', 'api.example.com'],
])(
  'stops at a bad %s with one line naming it and its fix, before writing anything',
  async (name, value) => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'build-environment-'))
    const dist = path.join(work, 'dist')
    await fs.mkdir(dist)
    await fs.writeFile(path.join(dist, 'index.html'), 'the site before')
    const build = spawnSync(buildCommand.command, buildCommand.args, {
      cwd: buildCommand.cwd,
      env: { ...process.env, CONTENT_DIR: fixtureContentDir, DIST_DIR: dist, VIKE_OUT_DIR: '.cache/vike-out-build-environment', [name]: value },
      encoding: 'utf8',
    })
    expect(build.status).toBe(1)
    expect(build.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^The build stops: ${name} must be an http\\(s\\) address like https://www\\.example\\.com \\(got "${value}"\\); leave it empty to use `),
      ),
    ])
    expect(await fs.readdir(dist)).toEqual(['index.html'])
    expect(await fs.readFile(path.join(dist, 'index.html'), 'utf8')).toBe('the site before')
  },
  60_000,
)
