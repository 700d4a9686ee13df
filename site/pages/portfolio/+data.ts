import { siteContent } from '../../content/siteContent'
import { urls } from '../../../contract/urls'
import { portfolioProps } from '../cards'
import { pageData } from '../pageData'

export const data = pageData(async (pageContext) => {
  const content = siteContent(pageContext.globalContext)
  const { ui } = content
  return {
    head: { title: ui.portfolio.metaTitle, description: ui.portfolio.metaDescription, path: urls.portfolio },
    ui: ui.portfolio,
    breadcrumbUi: ui.breadcrumb,
    portfolio: portfolioProps(content),
  }
})

export type Data = Awaited<ReturnType<typeof data>>
