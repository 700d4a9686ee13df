import type { PageContextServer } from 'vike/types'
import { siteContent } from '../../build/siteContent'

// Not in sitemap.xml nor on the sitemap page (both list the indexable pages only): readers reach it from the email.
export async function data(pageContext: PageContextServer) {
  const { ui, site } = siteContent(pageContext.globalContext)
  return {
    head: { title: ui.unsubscribe.title, description: ui.unsubscribe.metaDescription, path: '/unsubscribe', noindex: true },
    ui: ui.unsubscribe,
    breadcrumbUi: ui.breadcrumb,
    email: site.email,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
