import { render } from 'vike/abort'
import { siteContent } from '../../content/siteContent'
import { pageData } from '../pageData'

export const data = pageData(async (pageContext) => {
  const { legal, ui } = siteContent(pageContext.globalContext)
  const page = legal.find((candidate) => candidate.slug === pageContext.routeParams.slug)
  if (!page) throw render(404)
  return {
    ui: ui.legal,
    breadcrumbUi: ui.breadcrumb,
    page: { title: page.title, description: page.description, lastUpdated: page.lastUpdated, html: page.html },
  }
})

export type Data = Awaited<ReturnType<typeof data>>
