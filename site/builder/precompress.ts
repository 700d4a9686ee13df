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

/**
 * Files under assets/ are named by their content's hash and cached by browsers for a year: the smallest
 * brotli (quality 11) pays, and it is kept in `cacheDir` for the next build. Pages change with every
 * build and a large blog has thousands: quality 5 is within about 13 % of 11 at a thirtieth of the time
 * (measured on this site's HTML).
 */
const isHashed = (relative: string) => relative.startsWith(`assets${path.sep}`)

/**
 * Writes `file.br` and `file.gz` beside every text file of `dir` of at least 1 kB (a copy is kept only if
 * smaller than the file), or only beside `files` (relative to `dir`). Returns how many files it compressed.
 */
export async function precompress(dir: string, { cacheDir, files: only }: { cacheDir?: string; files?: string[] } = {}): Promise<number> {
  const files = (only ?? (await fs.readdir(dir, { recursive: true }))).filter((file) => textFile.test(file))
  if (cacheDir) await fs.mkdir(cacheDir, { recursive: true })
  let compressed = 0
  let next = 0
  const worker = async () => {
    while (next < files.length) {
      const relative = files[next++]!
      const cached = cacheDir && isHashed(relative) ? path.join(cacheDir, path.basename(relative)) : undefined
      if (await compressOne(path.join(dir, relative), cached)) compressed++
    }
  }
  await Promise.all(Array.from({ length: inFlight }, worker))
  return compressed
}

async function compressOne(file: string, cached: string | undefined): Promise<boolean> {
  const content = await fs.readFile(file)
  if (content.length < minBytes) return false
  const [br, gz] = cached
    ? await Promise.all([fromCache(`${cached}.br`, () => brotliOf(content, 11)), fromCache(`${cached}.gz`, () => gzip(content, { level: 9 }))])
    : await Promise.all([brotliOf(content, 5), gzip(content, { level: 9 })])
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
    },
  })
