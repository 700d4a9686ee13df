import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { SiteContent } from '../site/content/index.ts'
import { htmlProblems, isProductionUrl, isStrictBuild } from '../site/content/launchCheck.ts'
import { rssFeed } from '../site/feeds/rss.ts'
import { redirectsFile, robotsTxt, sitemapXml } from '../site/feeds/sitemapXml.ts'
import { notFoundSections, urls } from '../contract/wire/urls.ts'
import { criticalCss } from './criticalCss.ts'
import { entryPreloads } from './modulePreload.ts'
import { compressionQueue, precompress } from './precompress.ts'
import { linkedCopy, linkedCopyFrom, removeEmptyFolders, replaceFile, stagingDir, swapIn } from './staging.ts'

type Published = { pages: number }

/**
 * Makes Vike's output the flat site a plain static host serves, in place of the previous `distDir`:
 *
 *     .vike-out/client/blog/x/index.html    -> dist/blog/x/index.html
 *     .vike-out/client/service/404/index.html -> dist/service/404.html
 *     .vike-out-images/assets/img/*.webp     -> dist/assets/img/*.webp
 *     (from the content)                     -> dist/sitemap.xml, robots.txt, blog/rss.xml, _redirects
 *     every page                             -> its critical CSS inline, the rest deferred (criticalCss.ts),
 *                                               the client entry's imports preloaded (modulePreload.ts)
 *     every text file of 1 kB or more        -> beside it, its .br and .gz (precompress.ts)
 *
 * What publishEarly() has published already, as Vike wrote it, is only moved. All of it is written beside
 * `distDir` and swapped in whole (staging.ts): a build that fails leaves the previous dist/ as it was. Only a
 * first build, with no dist/ to keep, swaps its pages in before the images are converted.
 */
export async function publish({
  content,
  clientDir,
  images,
  imagesDir,
  distDir,
  compressedCacheDir,
  early,
  onPagesPublished,
}: {
  content: SiteContent
  clientDir: string
  /** Settles when the images are in imagesDir; the pages do not wait for it (their sizes come from the scan). */
  images: Promise<unknown>
  imagesDir: string
  distDir: string
  compressedCacheDir?: string
  /** The files of clientDir publishEarly() published, once it has. */
  early?: Promise<ReadonlySet<string>>
  /** Called when every file but the images is in place: a server may start (scripts/start.ts). */
  onPagesPublished?: () => void
}): Promise<Published> {
  const done = new Set(await early)
  const target = await stagingDir(distDir)
  // A rename is instant; DIST_DIR on another file system needs a copy.
  await fs.rename(clientDir, target).catch(() => fs.cp(clientDir, target, { recursive: true }))
  // Not-found screens are rendered as routes (/service/404) and published where hosts look for them.
  for (const section of notFoundSections) {
    const route = urls.notFound(section).slice(1)
    const [from, to] = [path.join(route, 'index.html'), `${route}.html`]
    await fs.rename(path.join(target, from), path.join(target, to))
    if (done.delete(from)) {
      done.add(to)
      // A copy exists only if it came out smaller than the page.
      for (const copy of ['.br', '.gz']) await fs.rename(path.join(target, from + copy), path.join(target, to + copy)).catch(() => {})
    }
    await fs.rmdir(path.join(target, route))
  }
  // What the page worker did not publish (the site files; anything it was not handed): each page is compressed
  // as soon as it is rewritten, on libuv's threads, while the main thread rewrites the next.
  const compressing = compressionQueue(target, { cacheDir: compressedCacheDir })
  await writeSiteFiles(content, target)
  for (const file of readdirSync(target, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html') && !done.has(file)) compressing.add(file)
  }
  await rewritePages(target, pageSteps(target), (page, html) => compressing.add(page, html), done)
  await compressing.done()
  await launchCheck(target, distDir)
  const first = !existsSync(distDir)
  if (first) {
    await swapIn(target, distDir)
    onPagesPublished?.()
  }
  const published = first ? distDir : target
  // WebP files only: nothing of them is compressed or rewritten.
  await images
  await fs.cp(imagesDir, published, { recursive: true })
  // Last: `npm start` builds again while it is missing.
  const pages = await writeStamp(published)
  if (!first) {
    await swapIn(target, distDir)
    onPagesPublished?.()
  }
  return { pages }
}

// The page worker's messages, here beside publishEarly() that sends them: the worker imports this module, not the other way.
/** What the build sends: a page Vike has written (relative to `dir`), or that there will be no more. */
export type PageWorkerMessage = { page: string } | { end: true }
/** What the worker answers to `end`: every file it published (relative to `dir`), or why it stopped. */
export type PageWorkerReply = { published: string[] } | { error: string }

/**
 * Starts publishing the pages in `clientDir` as Vike writes them (pageWorker.ts, bundled as `workerFile`), on
 * a thread of its own: `page()` hands it each page Vike has written (relative to `clientDir`); `finish()`
 * settles once all of them are published, with every file it published, which publish() then only moves.
 */
export function publishEarly(workerFile: string, clientDir: string, cacheDir?: string) {
  const worker = new Worker(workerFile, { workerData: { dir: clientDir, cacheDir } })
  // It keeps the process alive only while finish() waits for it: a build that fails before then still ends.
  worker.unref()
  const reply = new Promise<PageWorkerReply>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the page worker stopped (exit code ${code})`)))
  })
  reply.catch(() => {})
  return {
    page: (page: string) => worker.postMessage({ page } satisfies PageWorkerMessage),
    async finish(): Promise<ReadonlySet<string>> {
      worker.ref()
      worker.postMessage({ end: true } satisfies PageWorkerMessage)
      try {
        const answer = await reply
        if ('error' in answer) throw new Error(`publishing the pages stopped: ${answer.error}`)
        return new Set(answer.published)
      } finally {
        await worker.terminate()
      }
    },
  }
}

/**
 * The same for an incremental build (incrementalBuild.ts): `pages` (Vike's HTML of the pages that changed,
 * by the file publishedFile() names) are published, `removed` files go, the site files are written again;
 * every other file of `distDir` stays as it is. `pageCount` is how many pages dist/ holds afterwards.
 * Returns every file it wrote or removed (relative to `distDir`), so the caller need not read dist/ again.
 */
export async function publishChanges({
  content,
  distDir,
  pages,
  removed,
  pageCount,
  previous,
}: {
  content: SiteContent
  distDir: string
  pages: Map<string, string>
  removed: string[]
  pageCount: number
  /** The dist/ the last build replaced (staging.ts previousDir), and the files in which it differs from dist/. */
  previous?: { dir: string; differing: Iterable<string> }
}): Promise<{ touched: string[] }> {
  const withCopies = (files: string[]) => files.flatMap((file) => [file, `${file}.br`, `${file}.gz`])
  // Changed in a linked copy, then swapped in (staging.ts): a failure half-way leaves dist/ as it was.
  const target = await stagingDir(distDir)
  if (previous) await linkedCopyFrom(previous.dir, distDir, target, previous.differing)
  else linkedCopy(distDir, target)
  for (const file of removed) {
    await Promise.all(withCopies([file]).map((name) => fs.rm(path.join(target, name), { force: true })))
    // A folder the full build would not have made.
    await removeEmptyFolders(target, file)
  }
  const steps = pageSteps(target)
  for (const [file, html] of pages) {
    let rewritten = html
    for (const step of steps) rewritten = await step(rewritten)
    await fs.mkdir(path.dirname(path.join(target, file)), { recursive: true })
    await replaceFile(path.join(target, file), rewritten)
  }
  const written = [...pages.keys(), ...(await writeSiteFiles(content, target))]
  // A compressed copy is written only when smaller: one from before must not stay beside a new file.
  await Promise.all(written.flatMap((file) => ['.br', '.gz'].map((suffix) => fs.rm(path.join(target, `${file}${suffix}`), { force: true }))))
  await precompress(target, { files: written })
  await launchCheck(target, distDir, [...pages.keys()])
  await writeStamp(target, pageCount)
  await swapIn(target, distDir, { keepPrevious: true })
  return { touched: [...withCopies([...removed, ...written]), stampFile] }
}

/** Why a strict build stops after rendering: the lines of the launch check. */
export class LaunchCheckStop extends Error {
  override name = 'LaunchCheckStop'
}

/**
 * The launch check of the pages (launchCheck.ts), on `dir` before it replaces `distDir`: a build for a real
 * domain (SITE_URL) lists each problem html-validate finds in `pages` (every page if not given) as a warning;
 * a strict one (CI=true or STRICT_CONTENT=1) stops, and dist/ stays as it was.
 */
async function launchCheck(dir: string, distDir: string, pages?: string[]) {
  const env = process.env
  if (!isProductionUrl(env.SITE_URL)) return
  const shown = path.relative(process.cwd(), distDir) || distDir
  const problems = (await htmlProblems(dir, pages)).map((line) => `${shown}/${line}`)
  if (problems.length === 0) return
  if (isStrictBuild(env)) {
    const stop = `The build stops: ${problems.length} HTML problem(s) in the pages for ${env.SITE_URL} (strict: CI=true or STRICT_CONTENT=1).`
    throw new LaunchCheckStop([...problems, stop].join('\n'))
  }
  for (const line of problems) console.warn(`warning: ${line}`)
}

/**
 * Where a route's page is published: '/' -> index.html, '/blog/x' -> blog/x/index.html (Vike's layout of
 * prerendered files), the error page -> 404.html, a section's not-found route -> service/404.html.
 */
export function publishedFile(url: string, is404: boolean): string {
  if (is404) return '404.html'
  const route = url.replace(/^\/|\/$/g, '')
  if (notFoundSections.some((section) => urls.notFound(section) === url)) return `${route}.html`
  return route === '' ? 'index.html' : `${route}/index.html`
}

type PageStep = (page: string) => Promise<string>

/** What every page goes through: its critical CSS inline, the rest deferred; the client entry's imports preloaded. */
export const pageSteps = (dir: string): PageStep[] => [criticalCss(dir), entryPreloads(dir)]

const stampFile = '.build-stamp'

/**
 * `.build-stamp`, which `npm start` compares with the sources: how many pages dist/ holds, counted unless
 * the caller knows. Synchronously: the promise API reads a large dist/ a folder per turn, twice as slowly.
 */
async function writeStamp(distDir: string, pages = countPages(distDir)): Promise<number> {
  await replaceFile(path.join(distDir, stampFile), `${pages} pages\n`)
  return pages
}

const countPages = (distDir: string) => readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((entry) => entry.endsWith('.html')).length

/** The files next to the pages: sitemap.xml, robots.txt, the RSS feed and _redirects. Returns their names. */
async function writeSiteFiles(content: SiteContent, outDir: string): Promise<string[]> {
  await fs.mkdir(path.join(outDir, urls.blog), { recursive: true })
  const files: [string, string][] = [
    [urls.sitemapXml, sitemapXml(content)],
    [urls.robotsTxt, robotsTxt(content)],
    [urls.rss, rssFeed(content)],
    ['_redirects', redirectsFile(content)],
  ]
  await Promise.all(files.map(([file, text]) => replaceFile(path.join(outDir, file), text)))
  return files.map(([file]) => file.replace(/^\//, ''))
}

/**
 * Reads each page of `dir` once, passes it through `steps` in turn, writes back what changed, and hands each
 * page as it ends up to `published`; returns how many pages changed. Pages in `skip` (relative to `dir`) were
 * rewritten already (pageWorker.ts). The loop lets the event loop turn after each page, so work `published`
 * started elsewhere (compression) moves on.
 */
export async function rewritePages(
  dir: string,
  steps: PageStep[],
  published: (page: string, html: Buffer) => void = () => {},
  skip: ReadonlySet<string> = new Set(),
): Promise<number> {
  const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html') && !skip.has(file))
  let changed = 0
  for (const page of pages) {
    const { bytes, rewritten } = await rewritePage(dir, page, steps)
    if (rewritten) changed++
    published(page, bytes)
    await nextTurn()
  }
  return changed
}

/**
 * One page of `dir` through `steps`, written back if it changed. Read and written synchronously: the promise
 * API's round trips were most of the waiting.
 */
export async function rewritePage(dir: string, page: string, steps: PageStep[]): Promise<{ bytes: Buffer; rewritten: boolean }> {
  const file = path.join(dir, page)
  const html = readFileSync(file, 'utf8')
  let rewritten = html
  for (const step of steps) rewritten = await step(rewritten)
  const bytes = Buffer.from(rewritten)
  if (rewritten === html) return { bytes, rewritten: false }
  writeFileSync(file, bytes)
  return { bytes, rewritten: true }
}
