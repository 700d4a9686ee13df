import type { PageContextServer } from 'vike/types'
import { siteContent } from '../../build/siteContent'
import { imageFor } from '../../content/imageFor'
import { caseCard, caseCategories, serviceCard } from '../cards'
import { organizationJsonLd } from '../jsonLd'

export async function data(pageContext: PageContextServer) {
  const content = siteContent(pageContext.globalContext)
  const { site, ui, services, caseStudies, testimonials, values, stats, analysis } = content
  return {
    head: { title: site.name, description: site.description, path: '/', jsonLd: [organizationJsonLd(content)] },
    isHome: true,
    content,
    ui: ui.home,
    heroImage: imageFor(content, '/images/home/hero.svg'),
    aboutImage: imageFor(content, '/images/home/about.svg'),
    services: services.map(serviceCard),
    cases: caseStudies.map((study) => caseCard(content, study)),
    categories: caseCategories(caseStudies),
    testimonials,
    values,
    stats,
    analysisSteps: analysis.steps,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
