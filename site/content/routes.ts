import { formNames } from '../../contract/wire/api.ts'
import { urls } from '../../contract/wire/urls.ts'
import { type AnyCollection, collectionList } from './collections.ts'

/** A page whose address comes from no content file. */
export type FixedPage = {
  address: string
  /** The file that makes it: links may point to it, and a legal page (/<file name>) must not take its address. */
  file: string
  /** sitemap.xml lists it (in this order), or not: a page reached from an email, a form or the admin (its head says noindex). */
  sitemap: 'listed' | 'unlisted'
}

/** The page of a fixed address: its folder is the address ('/blog': site/pages/blog/, '/': site/pages/index/). */
const page = (address: string, sitemap: FixedPage['sitemap'], file = `site/pages${address === urls.home ? '/index' : address}/+Page.tsx`) => ({
  address,
  file,
  sitemap,
})

/**
 * Every page the build writes that no content file makes, with the file that makes it. The link checks and the
 * address checks (crossChecks.ts) and sitemap.xml (site/feeds/sitemapXml.ts) read this table; routes.test.ts
 * keeps it in step with site/pages, tests/site/feeds.test.ts with the heads' noindex.
 */
export const fixedPages: readonly FixedPage[] = [
  page(urls.home, 'listed'),
  page(urls.portfolio, 'listed'),
  page(urls.consultation, 'listed'),
  page(urls.blog, 'listed'),
  page(urls.sitemap, 'listed'),
  page(urls.consultationHold, 'unlisted'),
  ...formNames.map((form) => page(urls.thankYou(form), 'unlisted', 'site/pages/thank-you/@form/+Page.tsx')),
  page(urls.formError, 'unlisted'),
  page(urls.unsubscribe, 'unlisted'),
  page(urls.meetingCancel, 'unlisted'),
  page(urls.meetingReschedule, 'unlisted'),
  page(urls.meetingCancelled, 'unlisted'),
  page(urls.meetingMoved, 'unlisted'),
  page(urls.notFound('service'), 'unlisted'),
  page(urls.notFound('case-study'), 'unlisted'),
  page(urls.notFoundPage, 'unlisted', 'site/pages/_error/+Page.tsx'),
  // One page for every screen, chosen by the address (site/admin/screenTable.tsx).
  ...Object.values(urls.admin).map((address) => page(address, 'unlisted', 'site/pages/admin/+route.ts')),
  page(urls.sitemapXml, 'unlisted', 'builder/publish.ts'),
  page(urls.robotsTxt, 'unlisted', 'builder/publish.ts'),
  page(urls.rss, 'unlisted', 'builder/publish.ts'),
]

/** The fixed addresses, each with the file that makes it. */
export const fixedRoutes: ReadonlyMap<string, string> = new Map(fixedPages.map(({ address, file }) => [address, file]))

/** A page as Vike routes it: its folder ('/site/pages/blog/@slug'), its route string ('/blog/@slug'), and whether an +onBeforePrerenderStart hook gives its addresses. */
export type RoutedPage = { pageId: string; route: string; prerenderHook: boolean }

/**
 * What the build refuses, one line per collection (collections.ts) whose entries no page renders, as Astro
 * refuses a dynamic route without getStaticPaths: its route and the hook that lists its addresses.
 *
 *     collectionPageProblems([]) // ['site/content/collections.ts: posts has no page: add site/pages/blog/@slug/+Page.tsx, …', …]
 */
export function collectionPageProblems(pages: readonly RoutedPage[]): string[] {
  // '/blog/@slug' and '/blog/@id' are one route: the parameter's name is the page's own.
  const anyParameter = (route: string) => route.replace(/@[^/]+/g, '@')
  return collectionList.flatMap(([name, collection]) => {
    const route = anyParameter(collection.address('@'))
    const routed = pages.filter((candidate) => anyParameter(candidate.route) === route)
    const folder = `site/pages${collection.address(`@${parameterOf(collection)}`)}`
    const hook = `+onBeforePrerenderStart.ts (export const onBeforePrerenderStart = prerenderCollection('${name}'))`
    if (routed.length === 0) return [`site/content/collections.ts: ${name} has no page: add ${folder}/+Page.tsx, +data.ts, +head.ts and ${hook}`]
    if (!routed.some((candidate) => candidate.prerenderHook))
      return [`site/content/collections.ts: the page of ${name} lists no addresses: add ${routed[0]!.pageId.replace(/^\//, '')}/${hook}`]
    return []
  })
}

/** The route parameter a collection's page is named with: its id's. */
const parameterOf = (collection: AnyCollection) => (collection.id === 'id field' ? 'id' : 'slug')
