// Plain JavaScript: the build's launcher (build.js) starts the content check before anything compiles
// TypeScript, so that it runs while Vite and Vike start and bundle (two seconds and more of the main
// thread), in another thread; siteBuild.ts asks the launcher for the outcome, or starts the check itself
// when Vike was run without the launcher.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { vikeOutDirOption } from './outDir.js'

const entry = fileURLToPath(new URL('./contentWorker.ts', import.meta.url))

/** Set by the launcher in the full build's environment: the content check's outcome comes over its IPC channel. */
export const fromLauncher = 'SITE_CONTENT_CHECK_FROM_LAUNCHER'
/** What the build sends the launcher when it wants the outcome. */
export const wanted = 'content check wanted'

/**
 * Bundles the TypeScript module `input` by Rolldown (Vite's bundler; the packages stay in node_modules) into
 * `file`, one module a worker thread runs without a TypeScript loader. `file` must be inside the project,
 * where those packages resolve.
 * @param {string} input
 * @param {string} file
 */
export async function bundleForWorker(input, file) {
  // Loaded here, not with the launcher (build.js): an incremental build bundles nothing (~30 ms).
  const { build } = await import('rolldown')
  await build({
    input,
    platform: 'node',
    external: (id) => !/^[./\0]/.test(id) && !path.isAbsolute(id),
    output: { file, format: 'esm' },
    logLevel: 'warn',
  })
}

/**
 * contentWorker.ts, bundled (bundleForWorker()), then run on the content of `env` (CONTENT_DIR, …).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<import('./checkContent.ts').ContentCheck>}
 */
async function checkContentOnWorker(env = process.env) {
  const file = path.resolve(vikeOutDirOption(env), 'content-worker.mjs')
  await bundleForWorker(entry, file)
  const worker = new Worker(file, { workerData: env })
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`the content check stopped (exit code ${code})`)))
    })
  } finally {
    await worker.terminate()
  }
}

/**
 * The outcome, also when the check could not run (a bug, an unreadable image): the build stops with the stack.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<import('./checkContent.ts').ContentCheck>}
 */
export const contentCheck = (env = process.env) => checkContentOnWorker(env).catch((error) => ({ stop: String(error instanceof Error ? error.stack : error) }))
