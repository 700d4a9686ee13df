import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { Service } from '../../content'
import { siteContent } from '../../build/siteContent'
import { imageFor } from '../../content/imageFor'

export async function data(pageContext: PageContextServer) {
  const content = siteContent(pageContext.globalContext)
  const path = `/case-study/${pageContext.routeParams.id}`
  const redirect = content.redirects.find((candidate) => candidate.from === path)
  if (redirect) return { redirectTo: redirect.to, head: { title: '', description: '', path: redirect.to } }
  const study = content.caseStudies.find((candidate) => candidate.id === pageContext.routeParams.id)
  if (!study) throw render(404)
  return {
    head: { title: study.title, description: study.summary.slice(0, 160), path, image: study.mainImage },
    ui: content.ui.caseStudy,
    breadcrumbUi: content.ui.breadcrumb,
    study,
    service: serviceLink(content.services.find((candidate) => candidate.caseCategory === study.category)),
    mainImage: imageFor(content, study.mainImage),
    gallery: study.galleryImages.map((image) => ({ image: imageFor(content, image.src), alt: image.alt })),
  }
}

export type Data = Exclude<Awaited<ReturnType<typeof data>>, { redirectTo: string }>

/** The service page of the case's category, if a service claims it (content/services/*.md `caseCategory`). */
const serviceLink = (service: Service | undefined) =>
  service ? { href: `/service/${service.id}`, title: service.title, consultationService: service.consultationService } : null
