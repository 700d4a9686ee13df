import { getContent } from '../../content'
import { urls } from '../../urls'

// Not in sitemap.xml nor on the sitemap page (both list the indexable pages only): readers reach it from the email.
export async function data() {
  const { ui, site } = await getContent()
  return {
    head: { title: ui.unsubscribe.title, description: ui.unsubscribe.metaDescription, path: urls.unsubscribe, noindex: true },
    ui: ui.unsubscribe,
    breadcrumbUi: ui.breadcrumb,
    email: site.email,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
