import { getContent } from '../../content'
import { urls } from '../../urls'
import { caseCard, caseCategories } from '../cards'

export async function data() {
  const content = await getContent()
  const { ui, caseStudies } = content
  return {
    head: { title: ui.portfolio.metaTitle, description: ui.portfolio.metaDescription, path: urls.portfolio },
    ui: ui.portfolio,
    homeUi: ui.home,
    breadcrumbUi: ui.breadcrumb,
    cases: caseStudies.map((study) => caseCard(content, study)),
    categories: caseCategories(caseStudies),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
