import type { PageContextServer } from 'vike/types'
import { siteContent } from '../../build/siteContent'
import { caseCard, caseCategories } from '../cards'

export async function data(pageContext: PageContextServer) {
  const content = siteContent(pageContext.globalContext)
  const { ui, caseStudies } = content
  return {
    head: { title: ui.portfolio.metaTitle, description: ui.portfolio.metaDescription, path: '/portfolio' },
    ui: ui.portfolio,
    homeUi: ui.home,
    breadcrumbUi: ui.breadcrumb,
    cases: caseStudies.map((study) => caseCard(content, study)),
    categories: caseCategories(caseStudies),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
