// The checks across files, once every file is valid on its own (index.ts): addresses two files claim,
// and links and images that must resolve to a page or a file in content/images.
import { heldBackLink, nearest, redirectClaimedTwice, redirectToPage } from '../../contract/content/editorMessages.ts'
import { collectionList, collections, imageFields } from './collections.ts'
import type { SiteContent } from './siteContent.ts'
import type { Link } from './markdown.ts'
import type { ContentProblems } from '../../contract/content/problems.ts'
import { fixedRoutes } from './routes.ts'

/**
 * Ids come from file names, so two files of a collection never claim one page; a page that takes a fixed
 * address (a legal page named blog.md would be /blog) is named. An old address (`redirectFrom`) may not be
 * a page that exists, nor be claimed by two files: a copied case study keeps its original's redirectFrom,
 * and which of the two is the copy is not in the files, so the line names both.
 */
export function checkAddresses(content: SiteContent, testimonialsFile: string, problems: ContentProblems) {
  const pages = new Map(fixedRoutes)
  for (const [name, collection] of collectionList) {
    for (const entry of content[name]) {
      const address = collection.address(collection.idOf(entry))
      const owner = fixedRoutes.get(address)
      if (owner) problems.add(entry.file, `its address ${address} is already the page of ${owner}: rename the file`)
      else pages.set(address, entry.file)
    }
  }
  const claimed = new Map<string, { file: string; folder: string }>()
  for (const [name, collection] of collectionList) {
    // In path order, so the later of two files that claim one old address is the one the line starts with.
    for (const entry of content[name].toSorted((a, b) => a.file.localeCompare(b.file))) {
      collection.redirectsOf?.(entry).forEach((from, index) => {
        const where = { field: `/redirectFrom/${index}` }
        const page = pages.get(from)
        const first = claimed.get(from)
        if (page) problems.add(entry.file, redirectToPage(from, page === entry.file ? 'itself' : page), where)
        else if (first) {
          const what = first.folder === collection.folder ? collection.folder.replace(/-/g, ' ') : 'files'
          problems.add(entry.file, redirectClaimedTwice(what, from, first.file, entry.file), where)
        } else claimed.set(from, { file: entry.file, folder: collection.folder })
      })
    }
  }
  const testimonials = new Map<string, number>()
  content.testimonials.forEach(({ id = '' }, index) => {
    const first = testimonials.get(id)
    if (first !== undefined) problems.add(testimonialsFile, `[${index}].id "${id}" is already the id of [${first}]`, { field: `/${index}/id` })
    else testimonials.set(id, index)
  })
}

/** Every route the build writes, for link checking: '/', '/blog/automation-workflows', … */
export function routePaths(content: SiteContent): Set<string> {
  return new Set([
    ...fixedRoutes.keys(),
    ...collectionList.flatMap(([name, collection]) => content[name].map((entry) => collection.address(collection.idOf(entry)))),
    ...content.redirects.map((redirect) => redirect.from),
  ])
}

export type LinkResolver = (link: Pick<Link, 'url' | 'image'>) => boolean

export function linkResolver(content: SiteContent): LinkResolver {
  const routes = routePaths(content)
  return ({ url, image }) => {
    const pathname = url.split(/[?#]/)[0]!
    if (image) return content.images.get(pathname) !== undefined
    return routes.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname)
  }
}

/** For a link that does not resolve: the nearest page or image that exists (a letter or two off), with its '?…' or '#…' kept. */
function suggester(content: SiteContent) {
  const routes = routePaths(content)
  const heldBack = new Map(content.heldBack.map(({ slug, date }) => [collections.posts.address(slug), date]))
  return ({ url, image }: Pick<Link, 'url' | 'image'>) => {
    const [, pathname = '', rest = ''] = /^([^?#]*)(.*)$/.exec(url)!
    const waiting = image ? undefined : heldBack.get(pathname.replace(/(.)\/$/, '$1'))
    if (waiting) return heldBackLink(waiting)
    const suggestion = nearest(pathname, image ? content.images.keys() : routes)
    return suggestion === undefined ? '' : `: did you mean ${suggestion}${rest}?`
  }
}

export function checkLinks(content: SiteContent, resolves: LinkResolver, navigationFile: string, problems: ContentProblems) {
  const suggest = suggester(content)
  const brokenLink = (link: Link, what = link.image ? 'an image' : 'a link') => `${what} points to ${link.url}, which does not exist${suggest(link)}`
  const checkAll = (file: string, links: Link[]) => {
    for (const link of links) if (!resolves(link)) problems.add(file, brokenLink(link), link.where)
  }
  // A front-matter or JSON field: 'features[0].image points to /images/…, which does not exist'.
  const checkField = (file: string, name: string, field: string, url: string | undefined, image = true) => {
    const link = { url: url ?? '', image, where: { field } }
    if (url?.startsWith('/') && !resolves(link)) problems.add(file, brokenLink(link, name), link.where)
  }
  for (const group of ['main', 'quickLinks', 'legal'] as const) {
    content.navigation[group].forEach((link, index) => {
      checkField(navigationFile, `link "${link.label}"`, `/${group}/${index}/href`, link.href, false)
    })
  }
  for (const [name, collection] of collectionList) {
    for (const entry of content[name]) {
      for (const image of imageFields(entry, collection.images)) {
        if (typeof image.url === 'string') checkField(entry.file, image.name, image.field, image.url)
      }
      checkAll(entry.file, entry.links)
    }
  }
}
