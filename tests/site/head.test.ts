import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { fixturePages } from '../fixtures/fixture'
import { attribute, distDir, htmlFiles, readRoute } from './dist'

it('gives every page its own title, description, canonical URL, Open Graph tags and lang', () => {
  const titles = new Map<string, string>()
  const pages = htmlFiles().filter((file) => !fs.readFileSync(file, 'utf8').includes('http-equiv="refresh"'))
  // At least the pages of the fixture's files and the fixed ones (home, portfolio, blog, sitemap, /consultation).
  expect(pages.length).toBeGreaterThanOrEqual(fixturePages().length + 5)
  for (const file of pages) {
    const html = fs.readFileSync(file, 'utf8')
    const where = path.relative(distDir, file)
    expect(html, where).toMatch(/^<!DOCTYPE html>\s*<html lang="en-US">/)
    const title = attribute(html, /<title>([^<]+)<\/title>/)
    expect(title, where).toBeTruthy()
    if (!where.endsWith('404.html')) {
      expect(titles.get(title!), `${where} repeats the title of ${titles.get(title!)}`).toBeUndefined()
      titles.set(title!, where)
    }
    expect(attribute(html, /<meta name="description" content="([^"]+)"/), where).toBeTruthy()
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), where).toMatch(/^https:\/\//)
    for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:image']) {
      expect(html, `${where} ${property}`).toContain(`property="${property}"`)
    }
  }
})

it('describes the organisation and each article with JSON-LD', () => {
  const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!))
  expect(jsonLd(readRoute('/'))[0]).toMatchObject({ '@type': 'ProfessionalService', address: { addressLocality: 'Dallas', addressRegion: 'TX' } })
  expect(jsonLd(readRoute('/blog/automation-workflows'))[0]).toMatchObject({ '@type': 'BlogPosting', datePublished: '2025-05-12' })
})

it('sets width and height on every image', () => {
  for (const file of htmlFiles()) {
    for (const img of fs.readFileSync(file, 'utf8').match(/<img [^>]+>/g) ?? []) {
      expect(img).toMatch(/ width="\d+"/)
      expect(img).toMatch(/ height="\d+"/)
      expect(img).toMatch(/ alt="/)
    }
  }
})

it('gives every page a social card that card sites can show: a published WebP, 600 px wide or more', async () => {
  const sharp = (await import('sharp')).default
  const cards = new Set<string>()
  for (const file of htmlFiles()) {
    const html = fs.readFileSync(file, 'utf8')
    if (html.includes('http-equiv="refresh"')) continue
    const card = attribute(html, /<meta property="og:image" content="https?:\/\/[^/"]+(\/[^"]+)"/)
    expect(card, path.relative(distDir, file)).toMatch(/^\/assets\/img\/[\w-]+\.webp$/)
    cards.add(card!)
  }
  // The article's card is its own picture's, not the site's default.
  expect(readRoute('/blog/automation-workflows')).toMatch(/property="og:image" content="[^"]+\/automation-workflows-[0-9a-f]{8}-\d+\.webp"/)
  for (const card of cards) {
    const { format, width } = await sharp(path.join(distDir, card)).metadata()
    expect(format, card).toBe('webp')
    expect(width, card).toBeGreaterThanOrEqual(600)
  }
})
