import type { SiteContent } from '../content/index.ts'
import { siteUrl, urls } from '../../contract/urls.ts'

/**
 * Pages a search engine should index: every route except redirects, feeds, the admin screens,
 * /unsubscribe, the meeting pages of the consultation's emails and the forms' thank-you and error pages.
 */
export function indexablePages(content: SiteContent): { path: string; lastmod?: string }[] {
  return [
    { path: urls.home },
    ...content.services.map((service) => ({ path: urls.service(service.id) })),
    { path: urls.portfolio },
    { path: urls.consultation },
    ...content.caseStudies.map((study) => ({ path: urls.caseStudy(study.id) })),
    { path: urls.blog, lastmod: content.posts[0]?.date },
    ...content.posts.map((post) => ({ path: urls.post(post.slug), lastmod: post.date })),
    ...content.legal.map((page) => ({ path: urls.legal(page.slug), lastmod: page.lastUpdated })),
    { path: urls.sitemap },
  ]
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function sitemapXml(content: SiteContent): string {
  const origin = siteUrl(content)
  const urls = indexablePages(content).map(
    ({ path, lastmod }) => `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(content: SiteContent): string {
  return `User-agent: *\nDisallow: /admin/\n\nSitemap: ${siteUrl(content)}${urls.sitemapXml}\n`
}

/** For hosts that read a `_redirects` file (Netlify, Cloudflare Pages); others get the HTML redirect pages. */
export function redirectsFile(content: SiteContent): string {
  return content.redirects.map(({ from, to }) => `${from} ${to} 301\n`).join('')
}
