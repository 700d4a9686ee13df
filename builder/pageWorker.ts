// Publishing's work on the pages (publish.ts: each page's critical CSS and preloads, and the compressed copies
// of every text file) in a thread of its own, started as Vike starts prerendering (publishEarly() starts it):
// a page is published as soon as Vike has written it, on the core that prerendering (one thread) leaves idle,
// rather than all of them after it. Bundled as an entry of the server code (siteBuild.ts).
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { compressionQueue } from './precompress.ts'
import { pageSteps, rewritePage, type PageWorkerMessage, type PageWorkerReply } from './publish.ts'

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

let work = Promise.resolve()
let failed = false
parentPort!.on('message', (message: PageWorkerMessage) => {
  work = work
    .then(async () => {
      if ('end' in message) {
        await compressing.done()
        if (!failed) parentPort!.postMessage({ published } satisfies PageWorkerReply)
        return
      }
      const { bytes } = await rewritePage(dir, message.page, steps)
      compressing.add(message.page, bytes)
      published.push(message.page)
      await compressing.room()
    })
    .catch((error: unknown) => {
      // The first failure is the answer; the build stops with it (publishEarly().finish()).
      if (failed) return
      failed = true
      parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies PageWorkerReply)
    })
})
