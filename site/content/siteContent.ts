import type { GlobalContext } from 'vike/types'
import type { BookingSettings } from '../../contract/booking/booking.ts'
import type { BlogPost } from './collections.ts'
import type { ImageAsset } from './imageManifest.ts'
import type { CollectionEntries } from './loadCollections.ts'
import type * as schemas from './schemas.ts'
import type { UiStrings } from './ui.ts'

/** What the pages render: every file of content/, checked and rendered (index.ts loads it). */
export type SiteContent = CollectionEntries & {
  site: schemas.Site
  navigation: schemas.Navigation
  stats: schemas.Stat[]
  testimonials: schemas.Testimonial[]
  analysis: schemas.Analysis
  offer: schemas.Offer
  /** YYYY-MM-DD of the days the agency is closed (content/closed-days.json). */
  closedDays: string[]
  /** Meeting length, buffer, meetings at once and the windows' hours (content/booking.json). */
  booking: BookingSettings
  values: schemas.Value[]
  ui: UiStrings
  /** The posts by slug: a page of a blog of thousands finds its article without a scan. */
  postsBySlug: ReadonlyMap<string, BlogPost>
  /** Every collection's earlier addresses (collections.ts `redirectsOf`), each to its entry's page. */
  redirects: { from: string; to: string }[]
  /** The published WebP versions of every image in content/images, by the ref content uses ('/images/blog/x.svg'). */
  images: ReadonlyMap<string, ImageAsset>
  /** Articles dated after today (in Dallas), left out of every page, the feed and the sitemap until their date. */
  heldBack: { file: string; slug: string; date: string }[]
}

/** What the build hands to the pages: the checked content, or the text that stops the build. */
export type BuiltContent = { content: SiteContent; stop?: undefined } | { content?: undefined; stop: string }

declare global {
  namespace Vike {
    interface GlobalContextServer {
      /** Set by renderer/+onCreateGlobalContext.server.ts; read it with siteContent(). */
      builtContent: BuiltContent
    }
  }
}

/**
 * The content the pages render, from Vike's globalContext:
 *
 *     const content = siteContent(pageContext.globalContext)      // +data.ts
 *     const { posts } = siteContent(await getGlobalContext())     // +onBeforePrerenderStart.ts
 *
 * When the build found mistakes, the first page to ask stops it with the editor's lines.
 */
export function siteContent(globalContext: GlobalContext): SiteContent {
  if (globalContext.isClientSide) throw new Error('The site content exists only on the server')
  const { builtContent } = globalContext
  if (builtContent.stop !== undefined) throw new BuildStopped(builtContent.stop)
  return builtContent.content
}

/** Its message is what the editor reads; Vike prints only the message of an error with `hideStack` (its logErrorServer()). */
export class BuildStopped extends Error {
  override name = 'BuildStopped'
  readonly hideStack = true
}
