import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * What the pages are made with, as opposed to what they say: the code, its dependencies and the settings
 * of the build. When none of it changed since the last full build, its bundles are still right and only
 * the content's changes need rendering (incrementalBuild.ts); when anything did, the build is a full one.
 * `content/` is not here: the build compares it page by page.
 */
const codeInputs = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  // Vite reads VITE_* variables from these.
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
  'builder',
  'site',
  'renderer',
  'contract',
  'public',
]
/** Tests beside the code (`name.test.ts`) build nothing. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

/** Settings a build reads from the environment that change what it writes (Vite bakes VITE_* into the code). */
const buildSettings = (env: NodeJS.ProcessEnv) =>
  Object.entries(env)
    .filter(([name]) => name === 'SITE_URL' || name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b))

/**
 * A hash of every code input under `root` (names and bytes), the build's settings and Node's version.
 * Read synchronously: a few hundred small files cost a few milliseconds so, and a turn of the event loop
 * each otherwise (about 100 ms, a twentieth of an incremental build).
 */
export async function codeKey(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const hash = createHash('sha256')
  hash.update(JSON.stringify({ node: process.version, settings: buildSettings(env) }))
  for (const input of codeInputs) {
    const entries = readOrNothing(() => fs.readdirSync(path.join(root, input), { recursive: true, withFileTypes: true }))
    const files = entries ? entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))) : [input]
    for (const file of files.filter((name) => !isTest(name)).sort()) {
      const bytes = readOrNothing(() => fs.readFileSync(path.join(root, file)))
      if (bytes) hash.update(`\0${file}\0${bytes.length}\0`).update(bytes)
    }
  }
  return hash.digest('hex')
}

/** A missing input (no `.env`) adds nothing; an input that is a file, not a folder, is read as one. */
function readOrNothing<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}
