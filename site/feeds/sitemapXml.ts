import { siteUrl } from '../content/siteUrl.ts'
import { consultationPagePath } from '../forms/pages.ts'
import type { SiteContent } from '../content/index.ts'

/**
 * Pages a search engine should index: every route except redirects, feeds, the admin screens,
 * /unsubscribe and the forms' thank-you and error pages.
 */
export function indexablePages(content: SiteContent): { path: string; lastmod?: string }[] {
  return [
    { path: '/' },
    ...content.services.map((service) => ({ path: `/service/${service.id}` })),
    { path: '/portfolio' },
    { path: consultationPagePath },
    ...content.caseStudies.map((study) => ({ path: `/case-study/${study.id}` })),
    { path: '/blog', lastmod: content.posts[0]?.date },
    ...content.posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.date })),
    ...content.legal.map((page) => ({ path: `/${page.slug}`, lastmod: page.lastUpdated })),
    { path: '/sitemap' },
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
  return `User-agent: *\nDisallow: /admin/\n\nSitemap: ${siteUrl(content)}/sitemap.xml\n`
}

/** For hosts that read a `_redirects` file (Netlify, Cloudflare Pages); others get the HTML redirect pages. */
export function redirectsFile(content: SiteContent): string {
  return content.redirects.map(({ from, to }) => `${from} ${to} 301\n`).join('')
}
