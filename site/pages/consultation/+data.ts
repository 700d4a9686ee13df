import { siteContent } from '../../content/siteContent'
import { urls } from '../../../contract/urls'
import { pageData } from '../pageData'

export const data = pageData(async (pageContext) => {
  const { ui, closedDays } = siteContent(pageContext.globalContext)
  return {
    head: { title: ui.consultation.title, description: ui.consultation.description, path: urls.consultation },
    ui: ui.consultation,
    closedDays,
    breadcrumbUi: ui.breadcrumb,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
