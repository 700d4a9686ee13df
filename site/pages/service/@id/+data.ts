import { render } from 'vike/abort'
import { siteContent } from '../../../content/siteContent'
import { redirectData } from '../../prerender'
import type { Service } from '../../../content'
import { collections, serviceHero } from '../../../content/collections'
import { imageFor } from '../../../content/imageFor'
import { urls } from '../../../../contract/wire/urls'
import { caseCard } from '../../cards'
import { pageData } from '../../pageData'

export const data = pageData(async (pageContext) => {
  const content = siteContent(pageContext.globalContext)
  const redirect = redirectData(content, urls.service(pageContext.routeParams.id ?? ''))
  if (redirect) return redirect
  const service = content.services.find((candidate) => candidate.id === pageContext.routeParams.id)
  if (!service) throw render(404)
  const hero = serviceHero(service)
  return {
    ui: content.ui.service,
    breadcrumbUi: content.ui.breadcrumb,
    service: shownOf(service),
    /** The image the page is shared with (+head.ts): the collection's `card`, which is what gets a card drawn. */
    card: collections.services.card?.(service),
    heroImage: imageFor(content, hero),
    featureImages: service.features.map((feature) => imageFor(content, feature.image)),
    cases: content.caseStudies.filter((study) => study.category === service.caseCategory).map((study) => caseCard(content, study)),
  }
})

export type Data = Exclude<Awaited<ReturnType<typeof data>>, { redirectTo: string }>

/** What the page shows of the service. */
const shownOf = ({ title, description, icon, shortDescription, consultationService, overviewHtml, keyPoints, features, benefits, testimonial }: Service) => ({
  title,
  description,
  icon,
  shortDescription,
  consultationService,
  overviewHtml,
  keyPoints,
  features,
  benefits,
  testimonial,
})
