// Plain JavaScript: taken by the build's launcher (build.js) before anything else, and by `vike build` run
// without it (siteBuild.ts).
//
// Vike records the last build's server entry inside node_modules (the autoImporter.js of
// @brillout/vite-plugin-server-entry), which every build of this installation shares, whatever its
// VIKE_OUT_DIR. Two builds at once then load each other's server code: two test files building at the same
// time failed with "Cannot find module '.cache/vike-out-content-error/server/entry.mjs'". So a build holds
// an exclusive flock(2) on a file beside it for as long as its process runs, and a second build waits.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fsExt from 'fs-ext'

/** Set once held: in this process (whose config Vite may load twice), and in the full build the launcher starts. */
const held = 'SITE_BUILD_LOCK_HELD'

/** Blocks until no other build of this installation runs; the lock is released when the process exits. */
export function lockBuilds() {
  // A second flock on a new descriptor would wait for this process's own.
  if (process.env[held]) return
  // In node_modules itself, through any symlink to it (a copy of the project may link it).
  const nodeModules = fs.realpathSync(fileURLToPath(new URL('../node_modules', import.meta.url)))
  const fd = fs.openSync(path.join(nodeModules, '.site-build.lock'), 'a')
  try {
    fsExt.flockSync(fd, 'exnb')
  } catch (error) {
    if (error.code !== 'EAGAIN' && error.code !== 'EWOULDBLOCK') throw error
    console.log('Waiting for another build of this project to finish…')
    fsExt.flockSync(fd, 'ex')
  }
  process.env[held] = String(process.pid)
}
