import { getContent } from '../../../content'
import { urls } from '../../../urls'

// Not in sitemap.xml: the forms service answers an invalid post without JavaScript with this page.
export async function data() {
  const { ui } = await getContent()
  const { errorTitle, errorMetaDescription } = ui.formPages
  return {
    head: { title: errorTitle, description: errorMetaDescription, path: urls.formError, noindex: true },
    ui: ui.formPages,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
