import { getContent } from '../content'
import { adminPaths, type AdminScreenName } from '../islands/admin/screens'

/** +data of an admin page: its head (never indexed) and the words of its screen. */
export async function adminPageData(screen: AdminScreenName) {
  const { ui } = await getContent()
  const { title, metaDescription } = screen === 'newsletter' ? ui.admin : screen === 'consultations' ? ui.adminConsultations : ui.adminMessages
  return { head: { title, description: metaDescription, path: adminPaths[screen], noindex: true }, ui, screen }
}

export type AdminPageData = Awaited<ReturnType<typeof adminPageData>>
