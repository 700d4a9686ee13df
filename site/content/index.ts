import path from 'node:path'
import { loadBlogPosts, type BlogPost } from './blog.ts'
import { caseStudyRedirects, loadCaseStudies, type CaseStudy } from './caseStudies.ts'
import { readJson, displayPath } from './files.ts'
import { loadImageManifest, type ImageManifest } from './images.ts'
import { loadLegalPages, type LegalPage } from './legal.ts'
import { internalTargets, type Tokens } from './markdown.ts'
import * as schemas from './schemas.ts'
import { loadServices, type Service } from './services.ts'
import { uiSchema, type UiStrings } from './ui.ts'
import { ContentProblems, validate } from './validate.ts'

export type { BlogPost, CaseStudy, LegalPage, Service }

export type SiteContent = {
  site: schemas.Site
  navigation: schemas.Navigation
  stats: schemas.Stat[]
  testimonials: schemas.Testimonial[]
  analysis: schemas.Analysis
  offer: schemas.Offer
  values: schemas.Value[]
  ui: UiStrings
  services: Service[]
  caseStudies: CaseStudy[]
  /** Newest first. */
  posts: BlogPost[]
  /** The same posts by slug: a page of a blog of thousands finds its article without a scan. */
  postsBySlug: ReadonlyMap<string, BlogPost>
  legal: LegalPage[]
  redirects: { from: string; to: string }[]
  images: ImageManifest
  /**
   * Settles once every article body is rendered and its links are checked; rejects with a ContentError
   * listing every broken one. Everything else is checked before the content is returned.
   */
  articlesChecked: Promise<void>
}

type LoadOptions = {
  /**
   * Return as soon as everything but the article bodies is read and checked; each post's `html` then
   * arrives as it is rendered, and `articlesChecked` tells of their links. Otherwise (the default)
   * return only when everything is rendered and checked.
   */
  streamArticles?: boolean
}

/** Reads, validates and renders everything in `contentDir`; throws one ContentError listing every problem. */
export async function loadContent(contentDir: string, { streamArticles = false }: LoadOptions = {}): Promise<SiteContent> {
  const problems = new ContentProblems()
  const json = async <T>(name: string, schema: object): Promise<T> => {
    const file = path.join(contentDir, name)
    const data = await readJson(file, problems)
    validate<T>(schema, data, displayPath(file), problems)
    return data as T
  }
  const [site, navigation, stats, testimonials, analysis, offer, values, ui, images] = await Promise.all([
    json<schemas.Site>('site.json', schemas.siteSchema),
    json<schemas.Navigation>('navigation.json', schemas.navigationSchema),
    json<schemas.Stat[]>('stats.json', schemas.statsSchema),
    json<schemas.Testimonial[]>('testimonials.json', schemas.testimonialsSchema),
    json<schemas.Analysis>('analysis.json', schemas.analysisSchema),
    json<schemas.Offer>('offer.json', schemas.offerSchema),
    json<schemas.Value[]>('values.json', schemas.valuesSchema),
    json<UiStrings>('ui.json', uiSchema),
    loadImageManifest(contentDir),
  ])
  // Markdown can only be rendered once the token values are known to be valid.
  problems.throwIfAny()

  const tokens = markdownTokens(site, analysis)
  const [services, caseStudies, posts, legal] = await Promise.all([
    loadServices(contentDir, tokens, problems),
    loadCaseStudies(contentDir, tokens, problems),
    loadBlogPosts(contentDir, tokens, problems),
    loadLegalPages(contentDir, tokens, problems),
  ])
  // Links and ids are checked once every file is valid: a dropped file would make links to it look broken.
  problems.throwIfAny()
  const content: SiteContent = {
    site, navigation, stats, testimonials, analysis, offer, values, ui,
    services, caseStudies, posts, legal, redirects: caseStudyRedirects(caseStudies), images,
    postsBySlug: new Map(posts.map((post) => [post.slug, post])),
    articlesChecked: Promise.resolve(),
  }
  checkUnique(content, problems)
  const resolves = linkResolver(content)
  checkLinks(content, resolves, problems)
  if (!streamArticles) {
    await checkArticleLinks(posts, resolves, problems)
    problems.throwIfAny()
    return content
  }
  problems.throwIfAny()
  const later = new ContentProblems()
  content.articlesChecked = checkArticleLinks(posts, resolves, later).then(() => later.throwIfAny())
  return content
}

function markdownTokens(site: schemas.Site, analysis: schemas.Analysis): Tokens {
  return {
    'site.name': site.name,
    'site.email': site.email,
    'site.phone': site.phone,
    'site.city': `${site.address.locality}, ${site.address.region}`,
    'analysis.meetingLength': analysis.meetingLength,
    'analysis.meetingLengthAdjective': analysis.meetingLengthAdjective,
    'analysis.reportWithin': analysis.reportWithin,
    'analysis.format': analysis.format,
  }
}

function checkUnique(content: SiteContent, problems: ContentProblems) {
  const seen = new Map<string, string>()
  const claim = (key: string, file: string) => {
    const owner = seen.get(key)
    if (owner) problems.add(file, `${key} is already used by ${owner}`)
    else seen.set(key, file)
  }
  for (const service of content.services) claim(`service id "${service.id}"`, service.file)
  for (const study of content.caseStudies) {
    claim(`case study id "${study.id}"`, study.file)
    for (const oldId of study.redirectFrom ?? []) claim(`case study id "${oldId}"`, study.file)
  }
  for (const post of content.posts) claim(`blog slug "${post.slug}"`, post.file)
  for (const page of content.legal) claim(`page "${page.slug}"`, page.file)
  for (const testimonial of content.testimonials) claim(`testimonial id "${testimonial.id}"`, 'content/testimonials.json')
}

/** Every route the build writes, for link checking: '/', '/blog/automation-workflows', … */
export function routePaths(content: SiteContent): Set<string> {
  return new Set([
    '/', '/portfolio', '/blog', '/sitemap', '/admin', '/admin/consultations', '/admin/messages', '/admin/newsletter', '/blog/rss.xml', '/sitemap.xml',
    ...content.services.map((service) => `/service/${service.id}`),
    ...content.caseStudies.map((study) => `/case-study/${study.id}`),
    ...content.posts.map((post) => `/blog/${post.slug}`),
    ...content.legal.map((page) => `/${page.slug}`),
    ...content.redirects.map((redirect) => redirect.from),
  ])
}

type LinkResolver = (target: string) => boolean

function linkResolver(content: SiteContent): LinkResolver {
  const routes = routePaths(content)
  return (target) => {
    const pathname = target.split(/[?#]/)[0]!
    if (target.startsWith('/images/')) return content.images.get(pathname) !== undefined
    return routes.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname)
  }
}

function checkLinks(content: SiteContent, resolves: LinkResolver, problems: ContentProblems) {
  const check = (file: string, field: string, target: string | undefined) => {
    if (target?.startsWith('/') && !resolves(target)) problems.add(file, `${field} points to ${target}, which does not exist`)
  }
  for (const link of [...content.navigation.main, ...content.navigation.quickLinks, ...content.navigation.legal]) {
    check('content/navigation.json', `link "${link.label}"`, link.href)
  }
  for (const service of content.services) {
    check(service.file, 'heroImage', service.heroImage)
    service.features.forEach((feature, index) => check(service.file, `features[${index}].image`, feature.image))
    for (const target of internalTargets(service.overviewHtml)) check(service.file, 'a link', target)
  }
  for (const study of content.caseStudies) {
    check(study.file, 'mainImage', study.mainImage)
    study.galleryImages.forEach((image, index) => check(study.file, `galleryImages[${index}].src`, image.src))
    for (const target of internalTargets(study.challengeHtml + study.solutionHtml)) check(study.file, 'a link', target)
  }
  for (const post of content.posts) check(post.file, 'image', post.image)
  for (const page of content.legal) {
    for (const target of internalTargets(page.html)) check(page.file, 'a link', target)
  }
}

/** The links in article bodies, checked as the bodies arrive. */
async function checkArticleLinks(posts: BlogPost[], resolves: LinkResolver, problems: ContentProblems): Promise<void> {
  const bodies = await Promise.all(posts.map((post) => post.html))
  posts.forEach((post, index) => {
    for (const target of internalTargets(bodies[index]!)) {
      if (!resolves(target)) problems.add(post.file, `a link points to ${target}, which does not exist`)
    }
  })
}

type ContentCache = { key: string; content: Promise<SiteContent> }

// On globalThis, not in a module variable: the build (scripts/vite-site-build.ts) starts loading the
// content while Vite bundles, and the bundled server code that renders the pages is a second copy of
// this module in the same process; both must find the same load.
const cacheSlot = Symbol.for('bluebonnet.site-content')
const processCache = globalThis as { [cacheSlot]?: ContentCache }

/**
 * The content of this build, loaded once per process. In `npm run dev` the content-reload plugin
 * (scripts/vite-content-reload.ts) bumps CONTENT_GENERATION on every save, so the next page reloads it.
 * The first call decides how it loads: the build starts it with `streamArticles` (and waits for
 * `articlesChecked` before it publishes anything); a page that comes first gets everything checked.
 */
export function getContent(options: LoadOptions = {}): Promise<SiteContent> {
  const dir = path.resolve(process.env.CONTENT_DIR ?? 'content')
  const key = `${dir}#${process.env.CONTENT_GENERATION ?? 0}`
  if (processCache[cacheSlot]?.key !== key) processCache[cacheSlot] = { key, content: loadContent(dir, options) }
  return processCache[cacheSlot].content
}
