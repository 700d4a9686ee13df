import { siteContent } from '../../content/siteContent'
import type { IslandProps } from '../../islands/registry'
import { pageData } from '../pageData'

// Not in sitemap.xml nor on the sitemap page (both list the indexable pages only): readers reach it from the email.
export const data = pageData(async (pageContext) => {
  const { ui, site } = siteContent(pageContext.globalContext)
  const { confirm, confirming, success, invalid, failure } = ui.unsubscribe
  return {
    ui: ui.unsubscribe,
    breadcrumbUi: ui.breadcrumb,
    email: site.email,
    form: { labels: { confirm, confirming, success, invalid, failure }, email: site.email } satisfies IslandProps<'unsubscribe'>,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
