import type { PageContextServer } from 'vike/types'
import { siteContent } from '../build/siteContent'
import { adminPaths, type AdminScreenName } from '../islands/admin/screens'

/** +data of an admin page: its head (never indexed) and the words of its screen. */
export async function adminPageData(pageContext: PageContextServer, screen: AdminScreenName) {
  const { ui } = siteContent(pageContext.globalContext)
  const words = { newsletter: ui.admin, consultations: ui.adminConsultations, messages: ui.adminMessages, outbox: ui.adminOutbox }
  const { title, metaDescription } = words[screen]
  return { head: { title, description: metaDescription, path: adminPaths[screen], noindex: true }, ui, screen }
}

export type AdminPageData = Awaited<ReturnType<typeof adminPageData>>
