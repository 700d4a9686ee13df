import { execFileSync } from 'node:child_process'
import { buildCommand } from '../scripts/buildCommand'
import { fixtureContentDir } from './fixtures/fixture'
import { distDir } from './site/dist'

// The tests build the fixture content, never content/: what an editor changes there breaks no test
// (tests/content.test.ts checks it). Built beside dist/, which stays the site of content/.
export default function setup() {
  if (process.env.SKIP_BUILD === '1') return
  execFileSync(buildCommand.command, buildCommand.args, {
    stdio: 'inherit',
    cwd: buildCommand.cwd,
    // SITE_URL and VITE_API_URL empty, as .env.example leaves them: an empty variable is an unset one.
    env: { ...process.env, CONTENT_DIR: fixtureContentDir, DIST_DIR: distDir, VIKE_OUT_DIR: '.cache/vike-out-tests', SITE_URL: '', VITE_API_URL: '' },
  })
}
