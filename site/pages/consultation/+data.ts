import { getContent } from '../../content'
import { urls } from '../../urls'

export async function data() {
  const { ui, closedDays } = await getContent()
  return {
    head: { title: ui.consultation.title, description: ui.consultation.description, path: urls.consultation },
    ui: ui.consultation,
    closedDays,
    breadcrumbUi: ui.breadcrumb,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
