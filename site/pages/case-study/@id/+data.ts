import { render } from 'vike/abort'
import { siteContent } from '../../../content/siteContent'
import { redirectData } from '../../prerender'
import type { CaseStudy, Service } from '../../../content'
import { collections } from '../../../content/collections'
import { imageFor } from '../../../content/imageFor'
import { urls } from '../../../../contract/wire/urls'
import { pageData } from '../../pageData'

export const data = pageData(async (pageContext) => {
  const content = siteContent(pageContext.globalContext)
  const path = urls.caseStudy(pageContext.routeParams.id ?? '')
  const redirect = redirectData(content, path)
  if (redirect) return redirect
  const study = content.caseStudies.find((candidate) => candidate.id === pageContext.routeParams.id)
  if (!study) throw render(404)
  return {
    ui: content.ui.caseStudy,
    breadcrumbUi: content.ui.breadcrumb,
    study: shownOf(study),
    service: serviceLink(content.services.find((candidate) => candidate.caseCategory === study.category)),
    /** The image the page is shared with (+head.ts): the collection's `card`, which is what gets a card drawn. */
    card: collections.caseStudies.card?.(study),
    mainImage: imageFor(content, study.mainImage),
    gallery: study.galleryImages.map((image) => ({ image: imageFor(content, image.src), alt: image.alt })),
  }
})

export type Data = Exclude<Awaited<ReturnType<typeof data>>, { redirectTo: string }>

/** What the page shows of the case study. */
const shownOf = ({ title, summary, category, client, timeline, mainImageAlt, challengeHtml, solutionHtml, results, technologies, testimonial }: CaseStudy) => ({
  title,
  summary,
  category,
  client,
  timeline,
  mainImageAlt,
  challengeHtml,
  solutionHtml,
  results,
  technologies,
  testimonial,
})

/** The service page of the case's category, if a service claims it (content/services/*.md `caseCategory`). */
const serviceLink = (service: Service | undefined) =>
  service ? { href: urls.service(service.id), title: service.title, consultationService: service.consultationService } : null
