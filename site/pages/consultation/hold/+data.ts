import { siteContent } from '../../../content/siteContent'
import type { IslandProps } from '../../../islands/registry'
import { pageData } from '../../pageData'

// Not in sitemap.xml nor on the sitemap page (both list the indexable pages only): readers reach it from the email.
export const data = pageData(async (pageContext) => {
  const { ui, site } = siteContent(pageContext.globalContext)
  const { hold, holding, success, invalid, failure } = ui.consultationHold
  return {
    ui: ui.consultationHold,
    breadcrumbUi: ui.breadcrumb,
    form: {
      labels: { hold, holding, success, invalid, failure, localTime: ui.consultation.successLocal },
      email: site.email,
    } satisfies IslandProps<'consultation-hold'>,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
