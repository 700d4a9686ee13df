import { siteContent } from '../../content/siteContent'
import { portfolioProps } from '../cards'
import { pageData } from '../pageData'

export const data = pageData(async (pageContext) => {
  const content = siteContent(pageContext.globalContext)
  const { ui } = content
  return {
    ui: ui.portfolio,
    breadcrumbUi: ui.breadcrumb,
    portfolio: portfolioProps(content),
  }
})

export type Data = Awaited<ReturnType<typeof data>>
