import { siteContent } from '../../content/siteContent'
import { pageData } from '../pageData'

export const data = pageData(async (pageContext) => {
  const { ui, closedDays } = siteContent(pageContext.globalContext)
  return {
    ui: ui.consultation,
    closedDays,
    breadcrumbUi: ui.breadcrumb,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
