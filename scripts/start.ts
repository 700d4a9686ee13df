// `npm start`: builds the site when dist/ is missing or older than its sources, then runs the forms
// service, which serves dist/ and the API on one port (PORT, default 8080). On a fresh clone the service
// starts once the pages are published, while the build converts the images. Reads `.env` when there is one.
import { spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { loadEnvironment } from '../builder/environment.js'
import { pagesBeforeImages } from '../builder/paths.ts'
import { buildCommand } from './buildCommand.ts'

// `.env` first, so that the build and the service both see it (SITE_URL, ADMIN_PASSWORD…).
loadEnvironment()

const root = path.resolve(import.meta.dirname, '..')
const sources = ['content', 'site', 'renderer'].map((dir) => path.join(root, dir))
const stamp = path.join(root, 'dist', '.build-stamp')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

function builtAt(): number | null {
  try {
    return statSync(stamp).mtimeMs
  } catch {
    return null
  }
}

const built = builtAt()
// SKIP_SITE_BUILD=1: serve whatever dist/ holds (the tests of the start command itself).
const stale = process.env.SKIP_SITE_BUILD !== '1' && (built === null || sources.some((dir) => newestMtime(dir) > built))
if (stale) {
  console.log(built === null ? 'dist/ is missing: building the site…' : 'The site sources changed: rebuilding dist/…')
  await build()
}

/**
 * Runs the build; settles when it has finished, or as soon as it says that only the images are left (a first
 * build's conversion takes tens of seconds): the service serves the pages meanwhile, the images follow.
 */
function build(): Promise<void> {
  const child = spawn(buildCommand.command, buildCommand.args, { stdio: ['ignore', 'pipe', 'inherit'], cwd: buildCommand.cwd })
  return new Promise((resolve) => {
    let pending = ''
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      pending += chunk
      if (pending.includes(pagesBeforeImages)) resolve()
      pending = pending.slice(-pagesBeforeImages.length)
    })
    child.on('close', (status) => {
      if (status === 0) return resolve()
      console.error('npm start: the site build failed, see above')
      process.exit(status ?? 1)
    })
  })
}

await import('../forms-service/server.js')
