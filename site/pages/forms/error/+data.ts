import { siteContent } from '../../../content/siteContent'
import { pageData } from '../../pageData'

// Not in sitemap.xml: the forms service answers an invalid post without JavaScript with this page.
export const data = pageData(async (pageContext) => {
  const { ui } = siteContent(pageContext.globalContext)
  return { ui: ui.formPages }
})

export type Data = Awaited<ReturnType<typeof data>>
