import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { fromCache } from './fileCache.ts'

// Precompressed copies of the text files of dist/, `.br` and `.gz` beside each one. Hosts that look for
// them (nginx `gzip_static`/`brotli_static`, Caddy's `precompressed`, most CDNs, and the forms service:
// koa-send picks one by Accept-Encoding) send them as they are, with no work per request; a host that
// does not just ignores them.

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const textFile = /\.(?:html|js|mjs|css|svg|xml|txt|json|webmanifest)$/
/** Below this, a compressed copy saves less than a packet. */
const minBytes = 1024
/** zlib runs on libuv's thread pool (4 threads): more files in flight only queue there. */
const inFlight = 8
/** How many added files may wait for their turn before room() holds the caller back. */
const maxWaiting = 32

/**
 * Files under assets/ are named by their content's hash and cached by browsers for a year: the smallest
 * brotli (quality 11) pays, and it is kept in `cacheDir` for the next build. Pages change with every
 * build and a large blog has thousands: quality 5 is within about 13 % of 11 at a thirtieth of the time
 * (measured on this site's HTML). Their gzip copy, for the few clients without brotli, is made at level 6:
 * 0.25 % larger than at 9 for a 65 kB article, in three quarters of the time (0.88 against 1.16 ms).
 */
const isHashed = (relative: string) => relative.startsWith(`assets${path.sep}`)

/**
 * Writes `file.br` and `file.gz` beside every text file of `dir` of at least 1 kB (a copy is kept only if
 * smaller than the file), or only beside `files` (relative to `dir`). Returns how many files it compressed.
 */
export async function precompress(dir: string, { cacheDir, files: only }: { cacheDir?: string; files?: string[] } = {}): Promise<number> {
  const files = only ?? (await fs.readdir(dir, { recursive: true }))
  const queue = compressionQueue(dir, { cacheDir })
  for (const file of files) queue.add(file)
  return queue.done()
}

/**
 * Compresses files as they are added, `inFlight` at a time on libuv's threads, so the caller's own work (the
 * pages' rewriting, publish.ts) goes on beside it on the main thread. `add` takes the file's bytes when the
 * caller has them, so they are not read again; `done` settles once every added file is compressed, with
 * how many were. Files that are not text are skipped.
 */
export function compressionQueue(dir: string, { cacheDir }: { cacheDir?: string } = {}) {
  const waiting: { relative: string; content?: Buffer }[] = []
  let running = 0
  let compressed = 0
  let failure: unknown
  let settle: (() => void) | undefined
  /** Waiting for the queue to shorten (room()). */
  let roomMade: (() => void) | undefined
  const madeCacheDir = cacheDir ? fs.mkdir(cacheDir, { recursive: true }) : undefined

  const next = () => {
    while (running < inFlight && waiting.length > 0) {
      const { relative, content } = waiting.shift()!
      const cached = cacheDir && isHashed(relative) ? path.join(cacheDir, path.basename(relative)) : undefined
      running++
      Promise.resolve(madeCacheDir)
        .then(() => compressOne(path.join(dir, relative), cached, content))
        .then(
          (done) => {
            if (done) compressed++
          },
          (error: unknown) => {
            failure ??= error
          },
        )
        .finally(() => {
          running--
          next()
          if (waiting.length < maxWaiting) roomMade?.()
          if (running === 0 && waiting.length === 0) settle?.()
        })
    }
  }

  return {
    add(relative: string, content?: Buffer) {
      if (!textFile.test(relative)) return
      waiting.push({ relative, content })
      next()
    },
    /**
     * Settles once few enough files wait: a caller that adds faster than zlib compresses (pageWorker.ts) waits
     * here, rather than holding every page it has rewritten in memory (5,000 articles: 1.5 GiB at the peak).
     */
    async room(): Promise<void> {
      while (waiting.length >= maxWaiting) await new Promise<void>((resolve) => (roomMade = resolve))
    },
    async done(): Promise<number> {
      if (running > 0 || waiting.length > 0) await new Promise<void>((resolve) => (settle = resolve))
      if (failure !== undefined) throw failure
      return compressed
    },
  }
}

async function compressOne(file: string, cached: string | undefined, known?: Buffer): Promise<boolean> {
  const content = known ?? (await fs.readFile(file))
  if (content.length < minBytes) return false
  const [br, gz] = cached
    ? await Promise.all([fromCache(`${cached}.br`, () => brotliOf(content, 11)), fromCache(`${cached}.gz`, () => gzip(content, { level: 9 }))])
    : await Promise.all([brotliOf(content, 5), gzip(content, { level: 6 })])
  // A copy no smaller than the file would only cost the host a lookup.
  await Promise.all([br.length < content.length && fs.writeFile(`${file}.br`, br), gz.length < content.length && fs.writeFile(`${file}.gz`, gz)])
  return true
}

const brotliOf = (content: Buffer, quality: number) =>
  brotli(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(content.length),
    },
  })

/**
 * The smallest window that holds the whole file, as brotli's own command line chooses it. The default
 * window (22 bits, 4 MiB) gives the same bytes to within a few, but its tables are allocated and cleared on
 * every call: for the 1,049 pages of a 1,000-article build at quality 5, 2.19 s of CPU against 1.07 s.
 */
function windowBits(bytes: number): number {
  let bits = zlib.constants.BROTLI_MIN_WINDOW_BITS
  // A window of `bits` reaches back (1 << bits) - 16 bytes (brotli's BROTLI_MAX_BACKWARD_LIMIT).
  while ((1 << bits) - 16 < bytes && bits < zlib.constants.BROTLI_MAX_WINDOW_BITS) bits++
  return bits
}
