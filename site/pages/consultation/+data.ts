import { siteContent } from '../../content/siteContent'
import { pageData } from '../pageData'

export const data = pageData(async (pageContext) => {
  const { ui, closedDays, site } = siteContent(pageContext.globalContext)
  return {
    ui: ui.consultation,
    closedDays,
    siteName: site.name,
    breadcrumbUi: ui.breadcrumb,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
