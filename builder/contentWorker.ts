// The content check of a full build, on a worker thread (contentCheck.js bundles this file and starts it):
// reading, validating and rendering a blog's Markdown is seconds of JavaScript, which on the build's main
// thread held up the bundler's plugin hooks until it was done.
import { parentPort, workerData } from 'node:worker_threads'
import { checkContent } from './checkContent.ts'
import { buildPaths } from './paths.ts'

const env = workerData as NodeJS.ProcessEnv
const { contentDir, markdownCacheDir } = buildPaths(env)
// The content's own scan of content/images (headers and hashes): the build converts them from another.
parentPort!.postMessage(await checkContent(contentDir, { markdownCacheDir, env }))
