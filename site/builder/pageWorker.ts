// Publishing's work on the pages (publish.ts: each page's critical CSS and preloads, and the compressed copies
// of every text file) in a thread of its own, started as Vike starts prerendering (publishEarly() starts it):
// a page is published as soon as Vike has written it, on the core that prerendering (one thread) leaves idle,
// rather than all of them after it. Bundled as an entry of the server code (siteBuild.ts).
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { compressionQueue } from './precompress.ts'
import { pageSteps, rewritePage } from './publish.ts'

/** What the build sends: a page Vike has written (relative to `dir`), or that there will be no more. */
export type PageWorkerMessage = { page: string } | { end: true }
/**
 * What the worker answers to `end`: first the pages it leaves to the build (the later half of a long
 * backlog, so that two threads finish it), then every file it published; or, whenever it happens, why it stopped.
 */
export type PageWorkerReply = { leftOver: string[] } | { published: string[] } | { error: string }

/** Below this many pages still to do at the end, handing half over costs the build more than it saves (the stylesheet's index). */
const minLeftOver = 64

const { dir, cacheDir } = workerData as { dir: string; cacheDir?: string }
const steps = pageSteps(dir)
const compressing = compressionQueue(dir, { cacheDir })
const published: string[] = []
// The client bundle's hashed files are written before prerendering starts and stay as they are: they are
// compressed meanwhile. Anything else is publish()'s, once Vike has finished (it removes .vite/manifest.json
// as it ends, and a copy compressed before that would stay behind).
const assets = path.join(dir, 'assets')
for (const entry of existsSync(assets) ? readdirSync(assets, { recursive: true, withFileTypes: true }) : []) {
  const file = path.relative(dir, path.join(entry.parentPath, entry.name))
  if (!entry.isFile()) continue
  compressing.add(file)
  published.push(file)
}

const reply = (message: PageWorkerReply) => parentPort!.postMessage(message)
const pending: string[] = []
let ending = false
let working = false
let failed = false

/** Publishes the pending pages in turn; once the build has said there are no more, answers with what it published. */
async function work() {
  working = true
  try {
    while (pending.length > 0) {
      const page = pending.shift()!
      const { bytes } = await rewritePage(dir, page, steps)
      compressing.add(page, bytes)
      published.push(page)
      await compressing.room()
    }
    if (ending) {
      await compressing.done()
      reply({ published })
    }
  } catch (error) {
    // The build stops with it (publishEarly().finish()).
    failed = true
    reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  } finally {
    working = false
  }
}

parentPort!.on('message', (message: PageWorkerMessage) => {
  if (failed) return
  if ('end' in message) {
    ending = true
    reply({ leftOver: pending.length >= minLeftOver ? pending.splice(Math.ceil(pending.length / 2)) : [] })
  } else pending.push(message.page)
  if (!working) void work()
})
