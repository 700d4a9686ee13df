import { getContent } from '../content'
import type { AdminScreenName } from '../islands/admin/screens'
import { urls } from '../urls'

/** +data of an admin page: its head (never indexed) and the words of its screen. */
export async function adminPageData(screen: AdminScreenName) {
  const { ui } = await getContent()
  const words = { newsletter: ui.admin, consultations: ui.adminConsultations, messages: ui.adminMessages, outbox: ui.adminOutbox }
  const { title, metaDescription } = words[screen]
  return { head: { title, description: metaDescription, path: urls.admin[screen], noindex: true }, ui, screen }
}

export type AdminPageData = Awaited<ReturnType<typeof adminPageData>>
