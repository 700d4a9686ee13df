import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { siteContent } from '../content/siteContent'
import type { UiStrings } from '../content/ui'
import { adminScreens } from '../admin/screenTable'
import { adminScreenAt, type AdminScreenName } from '../admin/screens'
import type { IslandProps } from '../islands/registry'
import { pageHead } from './pageData'

/** +data of the admin pages (admin/+route.ts gives them the addresses of urls.admin): the screen of the address, with its words. */
export async function adminPageData(pageContext: PageContextServer) {
  const screen = adminScreenAt(pageContext.urlPathname)
  if (!screen) throw render(404)
  const content = siteContent(pageContext.globalContext)
  return { screen: adminScreenProps(screen, content.ui, content.site.name) }
}

export type AdminPageData = Awaited<ReturnType<typeof adminPageData>>

/** The head of every admin page: its screen's title, never indexed. */
export const adminHead = pageHead<AdminPageData>(({ screen }, { ui }) => {
  const { title, metaDescription } = adminScreens[screen.screen].words(ui)
  return { title, description: metaDescription, noindex: true }
})

function adminScreenProps(screen: AdminScreenName, ui: UiStrings, siteName: string): IslandProps<'admin'> {
  const row = adminScreens[screen]
  // The labels are those of the row the screen names; TypeScript does not relate the two (microsoft/TypeScript#30581).
  return { screen, title: row.words(ui).title, siteName, shell: ui.adminShell, labels: row.labels(ui) } as IslandProps<'admin'>
}
