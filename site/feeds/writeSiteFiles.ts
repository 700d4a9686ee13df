import fs from 'node:fs/promises'
import path from 'node:path'
import type { SiteContent } from '../content'
import { urls } from '../urls'
import { rssFeed } from './rss'
import { redirectsFile, robotsTxt, sitemapXml } from './sitemapXml'

/** The files next to the pages: sitemap.xml, robots.txt, the RSS feed and _redirects. */
export async function writeSiteFiles(content: SiteContent, outDir: string) {
  await fs.mkdir(path.join(outDir, urls.blog), { recursive: true })
  await Promise.all([
    fs.writeFile(path.join(outDir, urls.sitemapXml), sitemapXml(content)),
    fs.writeFile(path.join(outDir, urls.robotsTxt), robotsTxt(content)),
    fs.writeFile(path.join(outDir, urls.rss), rssFeed(content)),
    fs.writeFile(path.join(outDir, '_redirects'), redirectsFile(content)),
  ])
}

/** Once per build: what an editor should know although nothing is broken. */
export function contentWarnings(content: SiteContent, today = new Date()): string[] {
  const warnings: string[] = []
  if (content.offer.endDate < today.toISOString().slice(0, 10)) {
    warnings.push(`content/offer.json: the offer ended on ${content.offer.endDate}; the popup will not show (change endDate to run it again).`)
  }
  if (!content.site.analyticsId) {
    warnings.push('content/site.json: no analyticsId (Google Analytics measurement ID) is set, so no analytics code is shipped.')
  }
  return warnings
}
