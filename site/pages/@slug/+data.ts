import { render } from 'vike/abort'
import { siteContent } from '../../content/siteContent'
import { urls } from '../../../contract/urls'
import { pageData } from '../pageData'

export const data = pageData(async (pageContext) => {
  const { legal, ui } = siteContent(pageContext.globalContext)
  const page = legal.find((candidate) => candidate.slug === pageContext.routeParams.slug)
  if (!page) throw render(404)
  return {
    head: { title: page.title, description: page.description, path: urls.legal(page.slug) },
    ui: ui.legal,
    breadcrumbUi: ui.breadcrumb,
    page: { title: page.title, lastUpdated: page.lastUpdated, html: page.html },
  }
})

export type Data = Awaited<ReturnType<typeof data>>
