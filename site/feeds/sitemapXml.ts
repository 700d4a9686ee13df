import { collectionList } from '../content/collections.ts'
import type { SiteContent } from '../content/index.ts'
import { fixedPages } from '../content/routes.ts'
import { siteUrl, urls } from '../../contract/wire/urls.ts'

/** The fixed pages sitemap.xml lists, in its order; each collection's pages follow the one its `sitemap.after` names, or come last. */
const listedPages = fixedPages.filter(({ sitemap }) => sitemap === 'listed').map(({ address }) => address)

/** Pages a search engine should index: the listed fixed pages (routes.ts) and every collection's entries, not their redirects. */
export function indexablePages(content: SiteContent): { path: string; lastmod?: string }[] {
  const entriesAfter = (page: string | undefined) =>
    collectionList
      .filter(([, collection]) => collection.sitemap.after === page)
      .flatMap(([name, collection]) =>
        content[name].map((entry) => ({ path: collection.address(collection.idOf(entry)), lastmod: collection.sitemap.lastmod?.(entry) })),
      )
  const lastmod = (page: string) => (page === urls.blog ? content.posts[0]?.date : undefined)
  return listedPages.flatMap((page) => [
    ...(page === urls.sitemap ? entriesAfter(undefined) : []),
    { path: page, lastmod: lastmod(page) },
    ...entriesAfter(page),
  ])
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
