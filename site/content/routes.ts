import { urls } from '../../contract/wire/urls.ts'

/** The page of a fixed address: its folder is the address ('/blog': site/pages/blog/, '/': site/pages/index/). */
const page = (address: string) => `site/pages${address === urls.home ? '/index' : address}/+Page.tsx`

/**
 * The addresses the build writes that do not come from a content file, each with the file that sets it:
 * links may point to them, and a legal page (/<file name>) must not take one. routes.test.ts keeps this
 * list in step with site/pages.
 */
export const fixedRoutes: ReadonlyMap<string, string> = new Map([
  ...[
    urls.home,
    urls.portfolio,
    urls.blog,
    urls.sitemap,
    urls.unsubscribe,
    urls.meetingCancel,
    urls.meetingReschedule,
    urls.meetingCancelled,
    urls.meetingMoved,
    urls.consultation,
    urls.consultationHold,
    urls.formError,
    urls.notFound('service'),
    urls.notFound('case-study'),
    ...Object.values(urls.admin),
  ].map((address): [string, string] => [address, page(address)]),
  [urls.sitemapXml, 'builder/publish.ts'],
  [urls.robotsTxt, 'builder/publish.ts'],
  [urls.rss, 'builder/publish.ts'],
])
