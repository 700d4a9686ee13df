// The checks across files, once every file is valid on its own (index.ts): addresses two files claim,
// and links and images that must resolve to a page or a file in content/images.
import type { SiteContent } from './index.ts'
import type { Link } from './markdown.ts'
import type { ContentProblems } from './problems.ts'
import { fixedRoutes } from './routes.ts'

/**
 * Ids come from file names, so two files can only claim the same address through the old ids of case
 * studies and the legal pages' one-part addresses; the file that claims one already taken is named.
 */
export function checkAddresses(content: SiteContent, testimonialsFile: string, problems: ContentProblems) {
  const studies = new Map(content.caseStudies.map((study) => [study.id, study.file]))
  for (const study of content.caseStudies) {
    study.redirectFrom?.forEach((oldId, index) => {
      const owner = studies.get(oldId)
      const where = { field: `/redirectFrom/${index}` }
      if (owner) problems.add(study.file, `redirectFrom "${oldId}" is already the id of ${owner === study.file ? 'this case study' : owner}`, where)
      else studies.set(oldId, study.file)
    })
  }
  for (const page of content.legal) {
    const owner = fixedRoutes.get(`/${page.slug}`)
    if (owner) problems.add(page.file, `its address /${page.slug} is already the page of ${owner}: rename the file`)
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
    ...content.services.map((service) => `/service/${service.id}`),
    ...content.caseStudies.map((study) => `/case-study/${study.id}`),
    ...content.posts.map((post) => `/blog/${post.slug}`),
    ...content.legal.map((page) => `/${page.slug}`),
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

const brokenLink = (link: Link, what = link.image ? 'an image' : 'a link') => `${what} points to ${link.url}, which does not exist`

export function checkLinks(content: SiteContent, resolves: LinkResolver, navigationFile: string, problems: ContentProblems) {
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
  for (const service of content.services) {
    checkField(service.file, 'heroImage', '/heroImage', service.heroImage)
    service.features.forEach((feature, index) => {
      checkField(service.file, `features[${index}].image`, `/features/${index}/image`, feature.image)
    })
    checkAll(service.file, service.links)
  }
  for (const study of content.caseStudies) {
    checkField(study.file, 'mainImage', '/mainImage', study.mainImage)
    study.galleryImages.forEach((image, index) => {
      checkField(study.file, `galleryImages[${index}].src`, `/galleryImages/${index}/src`, image.src)
    })
    checkAll(study.file, study.links)
  }
  for (const post of content.posts) {
    checkField(post.file, 'image', '/image', post.image)
    checkAll(post.file, post.links)
  }
  for (const page of content.legal) checkAll(page.file, page.links)
}
