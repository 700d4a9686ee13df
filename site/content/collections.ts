// Every kind of Markdown page, declared once: where its files are, their schema, the address of each, its
// image fields, where it shows in the sitemap and the feed, and its not-found page. The loader
// (loadCollection), the link checks (crossChecks.ts), the sitemap page, sitemap.xml, the RSS feed and
// each page's prerender list (site/pages/prerender.ts) read this table; a new kind of page is an entry
// here and a folder in site/pages (the README's "Add a kind of page" shows one).
import { didYouMean } from '../../contract/content/editorMessages.ts'
import { urls, type NotFoundSection } from '../../contract/wire/urls.ts'
import type { Link, MarkdownRenderer } from './markdown.ts'
import { readTimeMinutes } from './readTime.ts'
import * as schemas from './schemas.ts'
import type { UiStrings } from './ui.ts'

/** A file of a collection whose front matter passed its schema. */
export type CheckedFile<Data> = { file: string; name: string; data: Data; body: string; bodyLine: number }

/** What every entry has, whatever its kind: the checks, the sitemap and the feed need no more. */
export type EntryBase = { file: string; title: string; links: Link[] }

export type Collection<Data = never, Entry extends EntryBase = EntryBase> = {
  /** content/<folder>/*.md */
  folder: string
  schema: object
  /**
   * `{ fileName }`: the file name is the id and must be a slug (`fileName` is the example problems give);
   * 'id field': the front matter's `id` is, and must equal the file name.
   */
  id: 'id field' | { fileName: string }
  /** The entry pages read, from a checked file; the Markdown of the body and any Markdown field is rendered here. */
  entry(file: CheckedFile<Data>, markdown: MarkdownRenderer): Promise<Entry>
  idOf(entry: Entry): string
  /** The page of an entry, by its id: '/blog/automation-workflows'. */
  address(id: string): string
  /** Earlier addresses of an entry, kept as redirects to it; the i-th is the front matter's `/redirectFrom/i` (crossChecks.ts). */
  redirectsOf?(entry: Entry): string[]
  /** The order pages list them in (by file name without it). */
  order?(a: Entry, b: Entry): number
  /** Image fields of the front matter as JSON pointers, `*` for every item of a list: '/features/*\/image'. */
  images: string[]
  /** The image an entry's page is shared with (og:image, renderer/head.ts): only such images get a card drawn (cardImages). */
  card?(entry: Entry): string | undefined
  /** The sitemap page's group (its heading in ui.json's `sitemap`) and sitemap.xml's place: after the fixed page `after`, else last. */
  sitemap: { group: keyof UiStrings['sitemap']; after?: string; lastmod?(entry: Entry): string | undefined }
  /** Its entries are the items of the RSS feed. */
  feed?: { date(entry: Entry): string; description(entry: Entry): string }
  /** The section whose not-found page answers for a missing address below it (contract/wire/urls.ts). */
  notFound?: NotFoundSection
  /** The type's own checks, once all its files are loaded: `names` are the ids of every file, valid or not. */
  check?(entries: Entry[], names: ReadonlySet<string>, report: (file: string, message: string, field?: string) => void): void
}

/** Infers Data and Entry of one declaration. */
const collection = <Data, Entry extends EntryBase>(declaration: Collection<Data, Entry>) => declaration

export type BlogPost = schemas.BlogPostData & { readTime: number; slug: string; html: string; file: string; links: Link[] }
export type Service = schemas.ServiceData & { overviewHtml: string; file: string; links: Link[] }
export type CaseStudy = schemas.CaseStudyData & { challengeHtml: string; solutionHtml: string; file: string; links: Link[] }
export type LegalPage = schemas.LegalPageData & { slug: string; html: string; file: string; links: Link[] }

/** A service's hero image, also its page's card: services without one of their own (ai-agents, and any new one) get the default. */
export const serviceHero = (service: Service) => service.heroImage ?? '/images/services/default-hero.svg'

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order

/**
 * `redirectsOf` of a collection whose front matter may list its old ids (`redirectFrom`, e.g. smart-support-ai
 * after a rename): each old id's address, in the order written (crossChecks.ts reports `/redirectFrom/<index>`).
 */
const redirectFromField =
  (address: (id: string) => string) =>
  (entry: { redirectFrom?: readonly string[] }): string[] =>
    (entry.redirectFrom ?? []).map(address)

/** The collections, in the order of the sitemap page's groups; each is the SiteContent field of its name. */
export const collections = {
  services: collection<schemas.ServiceData, Service>({
    folder: 'services',
    schema: schemas.serviceSchema,
    id: 'id field',
    entry: async ({ file, data, body, bodyLine }, markdown) => {
      const { html, links } = await markdown.render({ file, text: body, line: bodyLine })
      return { ...data, file, overviewHtml: html, links }
    },
    idOf: (service) => service.id,
    address: urls.service,
    redirectsOf: redirectFromField(urls.service),
    order: byOrder,
    images: ['/heroImage', '/features/*/image'],
    card: serviceHero,
    sitemap: { group: 'services', after: urls.home },
    notFound: 'service',
  }),
  legal: collection<schemas.LegalPageData, LegalPage>({
    folder: 'legal',
    schema: schemas.legalPageSchema,
    id: { fileName: 'privacy-policy.md' },
    entry: async ({ file, name, data, body, bodyLine }, markdown) => ({
      ...data,
      slug: name,
      file,
      ...(await markdown.render({ file, text: body, line: bodyLine })),
    }),
    idOf: (page) => page.slug,
    address: urls.legal,
    images: [],
    sitemap: { group: 'legalInfo', lastmod: (page) => page.lastUpdated },
  }),
  caseStudies: collection<schemas.CaseStudyData, CaseStudy>({
    folder: 'case-studies',
    schema: schemas.caseStudySchema,
    id: 'id field',
    entry: async ({ file, data }, markdown) => {
      // Markdown in front matter: its problems are reported at the field's line.
      const challenge = await markdown.render({ file, text: data.challenge, field: '/challenge' })
      const solution = await markdown.render({ file, text: data.solution, field: '/solution' })
      return { ...data, file, challengeHtml: challenge.html, solutionHtml: solution.html, links: [...challenge.links, ...solution.links] }
    },
    idOf: (study) => study.id,
    address: urls.caseStudy,
    redirectsOf: redirectFromField(urls.caseStudy),
    order: byOrder,
    images: ['/mainImage', '/galleryImages/*/src'],
    card: (study) => study.mainImage,
    sitemap: { group: 'caseStudies', after: urls.consultation },
    notFound: 'case-study',
  }),
  posts: collection<schemas.BlogPostData, BlogPost>({
    folder: 'blog',
    schema: schemas.blogPostSchema,
    id: { fileName: 'my-new-article.md' },
    entry: async ({ file, name, data, body, bodyLine }, markdown) => {
      const { html, links } = await markdown.render({ file, text: body, line: bodyLine })
      return { ...data, readTime: data.readTime ?? readTimeMinutes(body), slug: name, file, html, links }
    },
    idOf: (post) => post.slug,
    address: urls.post,
    // Newest first.
    order: (a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug),
    images: ['/image'],
    card: (post) => post.image,
    sitemap: { group: 'blogArticles', after: urls.blog, lastmod: (post) => post.date },
    feed: { date: (post) => post.date, description: (post) => post.description },
    check(posts, names, report) {
      // Checked against every file, so one broken article does not make the links to it look broken too.
      for (const post of posts) {
        if (post.next && !names.has(post.next))
          report(post.file, `next must name an article in content/blog (got "${post.next}")${didYouMean(post.next, names)}`, '/next')
      }
    },
  }),
}

export type Collections = typeof collections
export type CollectionName = keyof Collections
export type EntryOf<Name extends CollectionName> = Awaited<ReturnType<Collections[Name]['entry']>>

/** A collection seen as any other: what the link checks, sitemaps, feed and prerender lists read. */
export type AnyCollection = Collection<never, EntryBase>

/** The collections as a list, for what treats them all alike. */
export const collectionList: [CollectionName, AnyCollection][] = Object.keys(collections).map((name) => [
  name as CollectionName,
  collections[name as CollectionName],
])

/** The address of each entry of a collection (with `withRedirects`, each followed by its earlier addresses). */
export function addressesOf(name: CollectionName, entries: readonly EntryBase[], withRedirects = false): string[] {
  const collection: AnyCollection = collections[name]
  return entries.flatMap((entry) => [collection.address(collection.idOf(entry)), ...(withRedirects ? (collection.redirectsOf?.(entry) ?? []) : [])])
}

/**
 * The values of a front matter's image fields, each with its pointer and its name in problems:
 * ('/features/*\/image') -> [{ field: '/features/0/image', name: 'features[0].image', url }, …].
 */
export function imageFields(data: unknown, pointers: string[]): { field: string; name: string; url: unknown }[] {
  const found: { field: string; name: string; url: unknown }[] = []
  const walk = (value: unknown, parts: string[], field: string, name: string) => {
    if (parts.length === 0) {
      found.push({ field, name, url: value })
      return
    }
    if (value === null || typeof value !== 'object') return
    const [part, ...rest] = parts as [string, ...string[]]
    if (part === '*') {
      if (!Array.isArray(value)) return
      value.forEach((item, index) => {
        walk(item, rest, `${field}/${index}`, `${name}[${index}]`)
      })
      return
    }
    walk((value as Record<string, unknown>)[part], rest, `${field}/${part}`, name ? `${name}.${part}` : part)
  }
  for (const pointer of pointers) walk(data, pointer.split('/').slice(1), '', '')
  return found
}
