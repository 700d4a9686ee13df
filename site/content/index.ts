import path from 'node:path'
import { collectionList, type BlogPost, type CaseStudy, type LegalPage, type Service } from './collections.ts'
import { checkAddresses, checkLinks, linkResolver } from './crossChecks.ts'
import type { SiteContent } from './siteContent.ts'
import { displayPath, readJson } from './files.ts'
import { loadImageManifest, type ImageManifest } from './imageManifest.ts'
import { bookingSettings, bookingSettingsProblems, bookingZone, bookingSettingsSchema, type BookingSettingsFile } from '../../contract/booking/booking.ts'
import { futureArticle } from '../../contract/content/editorMessages.ts'
import { timeSlots } from '../../contract/forms/options.ts'
import { fillPlaceholders, placeholderValues } from '../../contract/content/placeholders.ts'
import { markdownRenderer, type MarkdownCache } from './markdown.ts'
import { slotsOutsideHours } from './openingHours.ts'
import { ContentProblems } from '../../contract/content/problems.ts'
import * as schemas from './schemas.ts'
import { loadCollections } from './loadCollections.ts'
import type { UiStrings } from './ui.ts'
import { type ValidationMemo, validate } from './validate.ts'

export type { BlogPost, CaseStudy, LegalPage, Service }
export type { SiteContent }

type LoadOptions = {
  /** The scan of content/images, when the caller converts the images too; read here otherwise. */
  images?: ImageManifest
  /** Markdown rendered by an earlier load (builder/markdownCache.ts). */
  markdownCache?: MarkdownCache
  /** What passed its schema in an earlier load (the same cache). */
  validated?: ValidationMemo
  /** An article dated after `today` is held back until its date ('hold back'), or is a problem ('stop': strict builds). */
  futureArticles?: 'hold back' | 'stop'
  /** YYYY-MM-DD; today in Dallas unless given. */
  today?: string
}

/** Today's date where the agency is (the meetings' zone, contract/booking/booking.ts): 'YYYY-MM-DD'. */
export const todayInDallas = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: bookingZone }).format(now)

/** Reads, validates and renders everything in `contentDir`; throws one ContentError listing every problem. */
export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<SiteContent> {
  const problems = new ContentProblems()
  const json = async <T>(name: string, schema: object): Promise<T> => {
    const file = path.join(contentDir, name)
    const data = await readJson(file, problems)
    // A file that cannot be read is reported once, not also as a file of the wrong shape.
    if (data !== undefined) validate<T>(schema, data, displayPath(file), problems, options.validated)
    return data as T
  }
  const [site, navigation, stats, testimonials, analysis, offer, values, ui, closedDays, booking, images] = await Promise.all([
    json<schemas.Site>('site.json', schemas.siteSchema),
    json<schemas.Navigation>('navigation.json', schemas.navigationSchema),
    json<schemas.Stat[]>('stats.json', schemas.statsSchema),
    json<schemas.Testimonial[]>('testimonials.json', schemas.testimonialsSchema),
    json<schemas.Analysis>('analysis.json', schemas.analysisSchema),
    json<schemas.Offer>('offer.json', schemas.offerSchema),
    json<schemas.Value[]>('values.json', schemas.valuesSchema),
    json<UiStrings>('ui.json', schemas.uiSchema),
    json<schemas.ClosedDay[]>('closed-days.json', schemas.closedDaysSchema),
    json<BookingSettingsFile>('booking.json', bookingSettingsSchema),
    options.images ?? loadImageManifest(contentDir),
  ])
  if (site?.openingHours) {
    for (const problem of slotsOutsideHours(site.openingHours, timeSlots))
      problems.add(displayPath(path.join(contentDir, 'site.json')), problem, { field: '/openingHours' })
  }
  // Markdown can only be rendered once the token values are known to be valid.
  await problems.throwIfAny()
  for (const { file, field, message } of bookingSettingsProblems(bookingSettings(booking), site.openingHours ?? { from: '00:00', to: '24:00' }, analysis))
    problems.add(displayPath(path.join(contentDir, file)), message, { field })
  await problems.throwIfAny()

  const tokens = placeholderValues({ site, analysis })
  // ui.json's words take the same placeholders as Markdown: a promise such as "within
  // {{site.answerWithinHours}} hours" reads the figure the forms service's overdue rule reads.
  const words = fillPlaceholders(ui, tokens, (name, field) =>
    problems.add(displayPath(path.join(contentDir, 'ui.json')), `unknown token {{${name}}}`, { field }),
  )
  const markdown = await markdownRenderer(tokens, images, problems, options.markdownCache)
  const entries = await loadCollections(contentDir, markdown, problems, options.validated)
  // An article dated next year is most often a typo: it waits for its date rather than topping the blog.
  const today = options.today ?? todayInDallas()
  const heldBack = entries.posts.filter((post) => post.date > today).map(({ file, slug, date }) => ({ file, slug, date }))
  if (options.futureArticles === 'stop') {
    for (const { file, date } of heldBack) problems.add(file, futureArticle(date, today), { field: '/date' })
  }
  entries.posts = entries.posts.filter((post) => post.date <= today)
  // Links and ids are checked once every file is valid: a dropped file would make links to it look broken.
  await problems.throwIfAny()
  const content: SiteContent = {
    site,
    navigation,
    stats,
    testimonials,
    analysis,
    offer,
    values,
    ui: words,
    closedDays: closedDays.map((day) => day.date),
    booking: bookingSettings(booking),
    ...entries,
    redirects: collectionList.flatMap(([name, collection]) =>
      entries[name].flatMap((entry) => (collection.redirectsOf?.(entry) ?? []).map((from) => ({ from, to: collection.address(collection.idOf(entry)) }))),
    ),
    postsBySlug: new Map(entries.posts.map((post) => [post.slug, post])),
    images: new Map(images.refs().map((ref) => [ref, images.get(ref)!])),
    heldBack,
  }
  checkAddresses(content, displayPath(path.join(contentDir, 'testimonials.json')), problems)
  checkLinks(content, linkResolver(content), displayPath(path.join(contentDir, 'navigation.json')), problems)
  await problems.throwIfAny()
  return content
}
