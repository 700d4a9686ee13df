import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { ImageAsset } from './imageManifest.ts'
import type { RenderedText } from './markdown.ts'
import { remarkSiteLinks } from './remarkSiteLinks.ts'

// Markdown is the slowest step of a build with thousands of articles (~3 ms each), and every article
// is independent, so large batches are spread over one worker thread per core. The worker is eval'd
// source rather than a file because the build bundles this module; it builds the same pipeline as
// markdownProcessors() and renderText() in markdown.ts, from the packages the project installs and the
// source text of our own plugin, with the site's images and gfmSyntax as workerData.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads')
// Lowest CPU priority for this thread (Linux keeps it per thread): Markdown fills the cores Vite's
// bundling and the page rendering leave idle, and never slows them down.
try { require('node:os').setPriority(19) } catch {}
const remarkSiteLinks = ${remarkSiteLinks.toString()}
const gfmSyntax = new RegExp(workerData.gfmSyntax, 'i')
const processors = Promise.all([import('unified'), import('remark-parse'), import('remark-gfm'), import('remark-rehype'), import('rehype-stringify')])
  .then(([{ unified }, parse, gfm, toHast, stringify]) => {
    const pipeline = (withGfm) =>
      unified().use(parse.default).use(withGfm ? [gfm.default] : []).use(remarkSiteLinks, workerData.images).use(toHast.default).use(stringify.default).freeze()
    return { gfm: pipeline(true), commonMark: pipeline(false) }
  })
parentPort.on('message', async ({ batch, sources }) => {
  const { gfm, commonMark } = await processors
  parentPort.postMessage({ batch, results: sources.map((source) => {
    const file = (gfmSyntax.test(source) ? gfm : commonMark).processSync(source)
    return { html: String(file), targets: file.data.targets ?? [] }
  }) })
})
`

/** Below this many documents, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 200

/**
 * Documents go out in batches, in order, dealt to the workers in turn up front (a worker never waits
 * for the main thread, which may be busy rendering pages), and each document's HTML is delivered as soon
 * as its batch is done: pages are rendered from the first articles while the workers are still on the
 * last ones. Large batches are faster, small ones deliver sooner.
 */
const batchSize = (documents: number, workers: number) => Math.min(250, Math.max(25, Math.ceil(documents / workers / 8)))

/** What every source renders to, one promise per source, in order. */
export function markdownInWorkers(sources: string[], workerData: { images: Record<string, ImageAsset>; gfmSyntax: string }): Promise<RenderedText>[] {
  const deliveries = sources.map(() => deferred<RenderedText>())
  const workerCount = Math.max(1, Math.min(os.availableParallelism(), Math.ceil(sources.length / WORKER_THRESHOLD)))
  const size = batchSize(sources.length, workerCount)
  const batches = Math.ceil(sources.length / size)
  const failed = (error: unknown) => {
    for (const delivery of deliveries) delivery.reject(error)
  }

  for (let index = 0; index < Math.min(workerCount, batches); index++) {
    const worker = new Worker(workerSource, { eval: true, workerData })
    let pending = 0
    worker.on('message', ({ batch, results }: { batch: number; results: RenderedText[] }) => {
      results.forEach((result, offset) => deliveries[batch * size + offset]!.resolve(result))
      if (--pending === 0) void worker.terminate()
    })
    worker.on('error', failed)
    for (let batch = index; batch < batches; batch += workerCount) {
      pending++
      worker.postMessage({ batch, sources: sources.slice(batch * size, (batch + 1) * size) })
    }
  }
  return deliveries.map((delivery) => delivery.promise)
}

// Promise.withResolvers() arrives with Node 22.
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve
    reject = onReject
  })
  return { promise, resolve, reject }
}
