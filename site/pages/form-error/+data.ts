import type { PageContextServer } from 'vike/types'
import { siteContent } from '../../build/siteContent'
import { formErrorPath } from '../../forms/pages'

// Not in sitemap.xml: the forms service answers an invalid post without JavaScript with this page.
export async function data(pageContext: PageContextServer) {
  const { ui } = siteContent(pageContext.globalContext)
  const { errorTitle, errorMetaDescription } = ui.formPages
  return {
    head: { title: errorTitle, description: errorMetaDescription, path: formErrorPath, noindex: true },
    ui: ui.formPages,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
