import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { Shell } from './shell'
import { siteUrl, urls } from '../contract/wire/urls'
import type { Head } from '../site/pages/pageData'
import { defaultCardImage } from '../site/content/imageFor'

/** The `<head>` of the page at `path` (site-relative, e.g. '/blog/automation-workflows'). */
export function renderHead(head: Head, path: string, content: Pick<Shell, 'site' | 'images'>) {
  const origin = siteUrl(content)
  const title = path === urls.home ? `${content.site.name} | ${content.site.tagline}` : `${head.title} | ${content.site.name}`
  const canonical = origin + path
  const image = content.images.get(head.image ?? defaultCardImage)
  const jsonLd = (head.jsonLd ?? []).map(
    // '<' is escaped so that no text in content can close the script element.
    (data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
  )
  return escapeInject`<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <meta name="description" content="${head.description}" />
    <link rel="canonical" href="${canonical}" />
    ${head.noindex ? dangerouslySkipEscape('<meta name="robots" content="noindex" />') : ''}
    <meta name="theme-color" content="#312e81" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="alternate" type="application/rss+xml" title="${content.site.name}" href="${urls.rss}" />
    <meta property="og:site_name" content="${content.site.name}" />
    <meta property="og:type" content="${head.type ?? 'website'}" />
    <meta property="og:title" content="${head.title}" />
    <meta property="og:description" content="${head.description}" />
    <meta property="og:url" content="${canonical}" />
    ${image ? escapeInject`<meta property="og:image" content="${origin + image.card}" />` : ''}
    <meta name="twitter:card" content="summary_large_image" />
    ${dangerouslySkipEscape(jsonLd.join(''))}`
}
