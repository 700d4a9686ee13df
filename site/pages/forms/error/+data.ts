import type { PageContextServer } from 'vike/types'
import { siteContent } from '../../../content/siteContent'
import { urls } from '../../../../contract/urls'

// Not in sitemap.xml: the forms service answers an invalid post without JavaScript with this page.
export async function data(pageContext: PageContextServer) {
  const { ui } = siteContent(pageContext.globalContext)
  const { errorTitle, errorMetaDescription } = ui.formPages
  return {
    head: { title: errorTitle, description: errorMetaDescription, path: urls.formError, noindex: true },
    ui: ui.formPages,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
