import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { fixtureFrontMatter, fixtureIds, fixtureJson, fixturePages } from '../fixtures/fixture'
import { fixedPages } from '../../site/content/routes'
import { distDir, readRoute } from './dist'

const read = (file: string) => fs.readFileSync(path.join(distDir, file), 'utf8')

// The site is built from tests/fixtures/content: a page per file there, besides the fixed pages.
const posts = fixtureIds('blog')

it('lists every indexable page in sitemap.xml and leaves out redirects, the admin screen and the form outcome pages', () => {
  const locs = [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
  expect([...locs].sort()).toEqual(['/', '/portfolio', '/consultation', '/blog', '/sitemap', ...fixturePages()].sort())
  expect(locs.some((loc) => loc.startsWith('/thank-you') || loc.startsWith('/forms'))).toBe(false)
  expect(locs).not.toContain('/case-study/smart-support-ai')
  expect(locs.some((loc) => loc.startsWith('/admin'))).toBe(false)
})

it('lists the fixed pages the table lists (site/content/routes.ts), and marks every other one noindex', () => {
  const locs = [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
  const listed = fixedPages.filter(({ sitemap }) => sitemap === 'listed').map(({ address }) => address)
  expect(locs.filter((loc) => !fixturePages().includes(loc))).toEqual(listed)
  for (const { address, file, sitemap } of fixedPages.filter(({ file }) => !file.startsWith('builder/'))) {
    // The not-found pages are published as files of their own (dist/404.html, dist/service/404.html).
    const html = readRoute(address.endsWith('/404') ? `${address}.html` : address)
    expect(html.includes('<meta name="robots" content="noindex" />'), `${address} (${file})`).toBe(sitemap === 'unlisted')
  }
})

it('publishes the blog as an RSS feed, newest first', () => {
  const rss = read('blog/rss.xml')
  const items = [...rss.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((match) => new URL(match[1]!).pathname)
  const date = (slug: string) => String(fixtureFrontMatter('blog', slug).date)
  const newestFirst = [...posts].sort((a, b) => date(b).localeCompare(date(a)))
  expect(items).toEqual(newestFirst.map((slug) => `/blog/${slug}`))
  expect(rss).toContain('<title>Bluebonnet Digital Blog</title>')
  // Built with SITE_URL empty (tests/globalSetup.ts): the links are the content's address.
  const origin = new URL(fixtureJson<{ url: string }>('site.json').url).origin
  for (const link of rss.matchAll(/<link>([^<]+)<\/link>/g)) expect(new URL(link[1]!).origin).toBe(origin)
})

it('points crawlers at the sitemap and away from the admin screen', () => {
  expect(read('robots.txt')).toMatch(/Disallow: \/admin\/\n[\s\S]*Sitemap: https:\/\/[^\s]+\/sitemap\.xml/)
})
