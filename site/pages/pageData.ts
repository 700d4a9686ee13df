import type { PageContextServer } from 'vike/types'

/** A page's head: what the page shell (renderer/head.ts) writes into `<head>`. */
export type Head = {
  title: string
  description: string
  /** Site-relative canonical path, e.g. '/blog/automation-workflows'. */
  path: string
  /** An image ref from content, e.g. '/images/blog/foo.svg'; the site's default card otherwise. */
  image?: string
  type?: 'website' | 'article'
  jsonLd?: object[]
  noindex?: boolean
}

/** What the page shell reads of every page's data (renderer/+onRenderHtml.tsx), beside what the page shows. */
export type PageData = {
  head: Head
  /** The page is a redirect document to this address. */
  redirectTo?: string
  isHome?: boolean
  /** 'admin': an admin page, framed by renderer/AdminLayout.tsx instead of the site's header and footer. */
  layout?: 'admin'
}

/**
 * Every page's `+data` hook is made by this: what it returns must hold what the shell reads
 * (`PageData`), and stays typed as it is for the page (`Data` of its +data.ts). The shell can then
 * read `pageContext.data` as `PageData` without a cast.
 *
 *     export const data = pageData(async (pageContext) => ({ head: { … }, posts }))
 */
export const pageData = <D extends PageData>(load: (pageContext: PageContextServer) => D | Promise<D>) => load
