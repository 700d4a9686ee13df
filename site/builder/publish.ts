import fs from 'node:fs/promises'
import path from 'node:path'
import type { SiteContent } from '../content/index.ts'
import { rssFeed } from '../feeds/rss.ts'
import { redirectsFile, robotsTxt, sitemapXml } from '../feeds/sitemapXml.ts'
import { notFoundSections, urls } from '../../contract/urls.ts'
import { criticalCss } from './criticalCss.ts'
import { entryPreloads } from './modulePreload.ts'
import { precompress } from './precompress.ts'

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
 */
export async function publish({
  content,
  clientDir,
  imagesDir,
  distDir,
  compressedCacheDir,
}: {
  content: SiteContent
  clientDir: string
  imagesDir: string
  distDir: string
  compressedCacheDir?: string
}): Promise<Published> {
  await fs.rm(distDir, { recursive: true, force: true })
  // A rename is instant; DIST_DIR on another file system needs a copy.
  await fs.rename(clientDir, distDir).catch(() => fs.cp(clientDir, distDir, { recursive: true }))
  await fs.cp(imagesDir, distDir, { recursive: true })
  // Not-found screens are rendered as routes (/service/404) and published where hosts look for them.
  for (const section of notFoundSections) {
    const route = path.join(distDir, urls.notFound(section))
    await fs.rename(path.join(route, 'index.html'), `${route}.html`)
    await fs.rmdir(route)
  }
  await writeSiteFiles(content, distDir)
  await rewritePages(distDir, [criticalCss(distDir), entryPreloads(distDir)])
  await precompress(distDir, { cacheDir: compressedCacheDir })
  const pages = (await fs.readdir(distDir, { recursive: true })).filter((entry) => entry.endsWith('.html')).length
  await fs.writeFile(path.join(distDir, '.build-stamp'), `${pages} pages\n`)
  return { pages }
}

/** The files next to the pages: sitemap.xml, robots.txt, the RSS feed and _redirects. */
async function writeSiteFiles(content: SiteContent, outDir: string) {
  await fs.mkdir(path.join(outDir, urls.blog), { recursive: true })
  await Promise.all([
    fs.writeFile(path.join(outDir, urls.sitemapXml), sitemapXml(content)),
    fs.writeFile(path.join(outDir, urls.robotsTxt), robotsTxt(content)),
    fs.writeFile(path.join(outDir, urls.rss), rssFeed(content)),
    fs.writeFile(path.join(outDir, '_redirects'), redirectsFile(content)),
  ])
}

/** Reads each page of `dir` once, passes it through `steps` in turn, and writes back what changed; returns how many pages changed. */
export async function rewritePages(dir: string, steps: ((page: string) => Promise<string>)[]): Promise<number> {
  const pages = (await fs.readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html'))
  let changed = 0
  for (const page of pages) {
    const file = path.join(dir, page)
    const html = await fs.readFile(file, 'utf8')
    let rewritten = html
    for (const step of steps) rewritten = await step(rewritten)
    if (rewritten === html) continue
    await fs.writeFile(file, rewritten)
    changed++
  }
  return changed
}
