import os from 'node:os'
import { Worker } from 'node:worker_threads'

// Markdown is the slowest step of a build with thousands of articles (~3 ms each), and every article
// is independent, so large batches are spread over one worker thread per core. The worker is eval'd
// source rather than a file because the build bundles this module; it builds the same pipeline as
// markdown.ts, from the packages the project installs.
const workerSource = `
const { parentPort } = require('node:worker_threads')
const processor = Promise.all([import('unified'), import('remark-parse'), import('remark-rehype'), import('rehype-stringify')])
  .then(([{ unified }, parse, toHast, stringify]) => unified().use(parse.default).use(toHast.default).use(stringify.default).freeze())
parentPort.on('message', async (sources) => {
  const markdown = await processor
  parentPort.postMessage(sources.map((source) => String(markdown.processSync(source))))
})
`

/** Below this many documents, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 200

export async function markdownToHtmlInWorkers(sources: string[]): Promise<string[]> {
  const workerCount = Math.max(1, Math.min(os.availableParallelism(), Math.ceil(sources.length / WORKER_THRESHOLD)))
  const chunkSize = Math.ceil(sources.length / workerCount)
  const chunks = Array.from({ length: workerCount }, (_, index) => sources.slice(index * chunkSize, (index + 1) * chunkSize))
  const results = await Promise.all(chunks.map(renderInWorker))
  return results.flat()
}

function renderInWorker(sources: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true })
    worker.once('message', (html: string[]) => {
      resolve(html)
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.postMessage(sources)
  })
}
