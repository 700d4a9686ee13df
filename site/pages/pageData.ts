import type { PageContextServer } from 'vike/types'
import type { SiteContent } from '../content'
import { siteContent } from '../content/siteContent'

/** A page's head: what the page shell (renderer/head.ts) writes into `<head>`. Its address is the page's own. */
export type Head = {
  title: string
  description: string
  /** An image ref from content, e.g. '/images/blog/foo.svg'; the site's default card otherwise. */
  image?: string
  type?: 'website' | 'article'
  jsonLd?: object[]
  noindex?: boolean
}

/** What the page shell reads of every page's data (renderer/+onRenderHtml.tsx), beside what the page shows. */
export type PageData = {
  /** The page is a redirect document to this address. */
  redirectTo?: string
  /** What the page itself shows (its +Page.tsx reads it, typed by the `Data` of its +data.ts). */
  [shown: string]: unknown
}

/**
 * Every page's `+data` hook is made by this: what it returns must hold what the shell reads
 * (`PageData`), and stays typed as it is for the page (`Data` of its +data.ts). The shell can then
 * read `pageContext.data` as `PageData` without a cast.
 *
 *     export const data = pageData(async (pageContext) => ({ posts }))
 */
export const pageData = <D extends PageData>(load: (pageContext: PageContextServer) => D | Promise<D>) => load

/**
 * The `head` setting (renderer/+config.ts), which each page sets in its +head.ts, or inherits from a
 * folder above it. A method's type, so that a page's setting, typed by its own data, is one.
 */
export type HeadSetting = { head(pageContext: PageContextServer<PageData>): Head }['head']

/**
 * A page's `+head.ts` is made by this: its head from its data (`Data` of its +data.ts, which leaves out a
 * redirect: the shell writes no head for one) and the content.
 *
 *     export const head = pageHead<Data>(({ post }) => ({ title: post.title, description: post.description }))
 */
export const pageHead =
  <D extends PageData>(head: (data: D, content: SiteContent) => Head): HeadSetting =>
  (pageContext: PageContextServer<D>) =>
    head(pageContext.data, siteContent(pageContext.globalContext))
