import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * `npm run build` (builder/build.js: incremental when no code changed, else `vike build`, see
 * builder/siteBuild.ts) as a command for the scripts and tests that build the site: without npm in
 * between, in the project folder. Environment: CONTENT_DIR, DIST_DIR, VIKE_OUT_DIR (inside the project),
 * IMAGE_CACHE_DIR, SITE_URL, VITE_API_URL.
 */
export const buildCommand = { command: process.execPath, args: [path.join(root, 'builder', 'build.js')], cwd: root }
