import { escapeInject } from 'vike/server'
import type { Shell } from './shell'
import { format } from '../site/content/ui'
import { siteUrl } from '../contract/wire/urls'

// Kept for old links such as /case-study/smart-support-ai: on a plain static host a redirect is a
// document that refreshes at once, names the new address as canonical and is not indexed (dist/_redirects
// covers hosts that read one, and the bundled server answers 301).
// Not Vike's `redirects` setting, although Vike 0.4 prerenders a page for each: that page's canonical link
// is the bare path (search engines want the full address), it has no noindex, and its words are fixed
// English rather than content/ui.json's; and the setting is static configuration, while these redirects
// come from content (a case study's redirectFrom).
export function redirectDocument(target: string, content: Pick<Shell, 'site' | 'ui'>) {
  return escapeInject`<!DOCTYPE html>
<html lang="${content.site.lang}">
  <head>
    <meta charset="utf-8" />
    <title>${content.site.name}</title>
    <meta http-equiv="refresh" content="0; url=${target}" />
    <link rel="canonical" href="${siteUrl(content) + target}" />
    <meta name="robots" content="noindex" />
  </head>
  <body><p><a href="${target}">${format(content.ui.redirect.text, { target })}</a></p></body>
</html>`
}
