import fs from 'node:fs/promises'
import path from 'node:path'
import type { SiteContent } from '../content/index.ts'
import { rssFeed } from '../feeds/rss.ts'
import { redirectsFile, robotsTxt, sitemapXml } from '../feeds/sitemapXml.ts'

// Not-found screens per path prefix: rendered as routes (/service/404), published where hosts look for them.
const notFoundPages = ['service', 'case-study']

type Published = { pages: number }

/**
 * Makes Vike's output the flat site a plain static host serves, in place of the previous `distDir`:
 *
 *     .vike-out/client/blog/x/index.html    -> dist/blog/x/index.html
 *     .vike-out/client/service/404/index.html -> dist/service/404.html
 *     .vike-out-images/assets/img/*.webp     -> dist/assets/img/*.webp
 *     (from the content)                     -> dist/sitemap.xml, robots.txt, blog/rss.xml, _redirects
 */
export async function publish({ content, clientDir, imagesDir, distDir }: { content: SiteContent; clientDir: string; imagesDir: string; distDir: string }): Promise<Published> {
  await fs.rm(distDir, { recursive: true, force: true })
  // A rename is instant; DIST_DIR on another file system needs a copy.
  await fs.rename(clientDir, distDir).catch(() => fs.cp(clientDir, distDir, { recursive: true }))
  await fs.cp(imagesDir, distDir, { recursive: true })
  for (const prefix of notFoundPages) {
    await fs.rename(path.join(distDir, prefix, '404', 'index.html'), path.join(distDir, prefix, '404.html'))
    await fs.rmdir(path.join(distDir, prefix, '404'))
  }
  await writeSiteFiles(content, distDir)
  const pages = (await fs.readdir(distDir, { recursive: true })).filter((entry) => entry.endsWith('.html')).length
  await fs.writeFile(path.join(distDir, '.build-stamp'), `${pages} pages\n`)
  return { pages }
}

/** The files next to the pages: sitemap.xml, robots.txt, the RSS feed and _redirects. */
async function writeSiteFiles(content: SiteContent, outDir: string) {
  await fs.mkdir(path.join(outDir, 'blog'), { recursive: true })
  await Promise.all([
    fs.writeFile(path.join(outDir, 'sitemap.xml'), sitemapXml(content)),
    fs.writeFile(path.join(outDir, 'robots.txt'), robotsTxt(content)),
    fs.writeFile(path.join(outDir, 'blog', 'rss.xml'), rssFeed(content)),
    fs.writeFile(path.join(outDir, '_redirects'), redirectsFile(content)),
  ])
}
