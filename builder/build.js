// `npm run build`. Plain JavaScript, so that it starts at once: when the last full build left its state and
// no code changed since, the bundled incremental build (incrementalBuild.ts) renders and publishes only
// what the content's change touches; otherwise, or when it finds anything it cannot be sure of, this runs
// the full build, `vike build` (siteBuild.ts), in a process of its own, and checks the content meanwhile
// (contentCheck.js).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import module from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { lockBuilds } from './buildLock.js'
import { contentCheck, fromLauncher, wanted } from './contentCheck.js'
import { buildStateFile, vikeOutDirOption } from './outDir.js'
import { buildWithoutClosedOutput } from './closedOutput.js'
import { buildEnvironmentProblems, unsetEmpty } from './environment.js'

const vike = fileURLToPath(new URL('../node_modules/vike/bin.js', import.meta.url))

/** @returns {Promise<string>} why the build must be a full one, once the incremental build has said so */
async function incremental() {
  let builder
  try {
    builder = JSON.parse(fs.readFileSync(path.resolve(vikeOutDirOption(), buildStateFile), 'utf8')).builder
  } catch {
    return 'no earlier build to start from'
  }
  try {
    const { incrementalBuild } = await import(pathToFileURL(builder).href)
    const outcome = await incrementalBuild()
    // The server code it loaded may keep timers; the build is done.
    if (outcome.built) process.exit(0)
    return outcome.fallback
  } catch (error) {
    // A bug of the incremental build: the full build makes dist/ right, and the developer should know.
    console.warn(`note: the incremental build stopped, building everything: ${error instanceof Error ? error.stack : String(error)}`)
    return 'the incremental build stopped'
  }
}

// Vike loads vite.config.ts six times; each time Vite bundles it and, unless this is set, parses every bundled
// file again to list what its future `configLoader: 'native'` would not support (a warning printed only when
// something is found, and nothing is): ~0.5 s of the full build's start. Set before the incremental build,
// which counts VITE_* variables among the build's settings (codeKey.ts), as the full build does.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'
// Before anything is written: a bad address would otherwise stop the build deep inside a page or the feed.
unsetEmpty()
const problems = buildEnvironmentProblems()
if (problems.length > 0) {
  for (const problem of problems) console.error(`The build stops: ${problem}`)
  process.exit(1)
}
buildWithoutClosedOutput()
lockBuilds()
// Node 22.1 and later keep the compiled code of the modules an incremental build loads (the builder, the server
// code, Vike, React) beside the build's state, so that the next build does not compile them again: one edited
// article of 1,000 built in 0.74-0.77 s instead of 0.80-0.84 (node 24). This process only: a full build's own
// process compiles afresh, and a truly cold build (the out dir deleted) has no such cache. Node 20 has none.
module.enableCompileCache?.(path.resolve(vikeOutDirOption(), 'compile-cache'))
const reason = await incremental()
// BUILD_LOG_LEVEL=info (vite.config.ts) also says why a build renders everything.
if (process.env.BUILD_LOG_LEVEL === 'info') console.log(`Full build: ${reason}`)
// Checked here, on a thread of this process, while the full build starts and bundles; it asks for the outcome
// over the IPC channel (siteBuild.ts). 'advanced': the content's Maps travel as they are.
const check = contentCheck()
const full = spawn(process.execPath, [vike, 'build'], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  serialization: 'advanced',
  env: { ...process.env, [fromLauncher]: '1' },
})
full.on('message', (message) => {
  if (message === wanted) void check.then((outcome) => full.send(outcome))
})
full.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
