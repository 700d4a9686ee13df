import { siteContent } from '../../../content/siteContent'
import { urls } from '../../../../contract/urls'
import { pageData } from '../../pageData'

// Not in sitemap.xml: the forms service answers an invalid post without JavaScript with this page.
export const data = pageData(async (pageContext) => {
  const { ui } = siteContent(pageContext.globalContext)
  const { errorTitle, errorMetaDescription } = ui.formPages
  return {
    head: { title: errorTitle, description: errorMetaDescription, path: urls.formError, noindex: true },
    ui: ui.formPages,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
