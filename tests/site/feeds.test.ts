import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { distDir } from './dist'

const read = (file: string) => fs.readFileSync(path.join(distDir, file), 'utf8')

it('lists every indexable page in sitemap.xml and leaves out redirects, the admin screen and the form outcome pages', () => {
  const locs = [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
  expect(locs).toEqual(expect.arrayContaining(['/', '/portfolio', '/blog', '/sitemap', '/privacy-policy', '/terms-of-service', '/service/ai-agents', '/case-study/growsmart', '/blog/free-business-analysis']))
  // home, services, portfolio, /consultation, case studies, blog, articles, legal pages, sitemap
  expect(locs).toHaveLength(1 + 5 + 1 + 1 + 7 + 1 + 7 + 2 + 1)
  expect(locs).toContain('/consultation')
  expect(locs.some((loc) => loc.startsWith('/thank-you') || loc.startsWith('/forms'))).toBe(false)
  expect(locs).not.toContain('/case-study/smart-support-ai')
  expect(locs.some((loc) => loc.startsWith('/admin'))).toBe(false)
})

it('publishes the blog as an RSS feed, newest first', () => {
  const rss = read('blog/rss.xml')
  const items = [...rss.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((match) => new URL(match[1]!).pathname)
  expect(items).toHaveLength(7)
  expect(items[0]).toBe('/blog/website-design-trends')
  expect(rss).toContain('<title>Bluebonnet Digital Blog</title>')
})

it('points crawlers at the sitemap and away from the admin screen', () => {
  expect(read('robots.txt')).toMatch(/Disallow: \/admin\/\n[\s\S]*Sitemap: https:\/\/[^\s]+\/sitemap\.xml/)
})
