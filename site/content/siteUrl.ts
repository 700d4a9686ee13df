import type { SiteContent } from './index.ts'

/** The site's public origin: build configuration (SITE_URL), defaulting to content/site.json. */
export const siteUrl = (content: SiteContent) => (process.env.SITE_URL ?? content.site.url).replace(/\/$/, '')
