import { getContent } from '../../content'
import { consultationPagePath } from '../../forms/pages'

export async function data() {
  const { ui, closedDays } = await getContent()
  return {
    head: { title: ui.consultation.title, description: ui.consultation.description, path: consultationPagePath },
    ui: ui.consultation,
    closedDays,
    breadcrumbUi: ui.breadcrumb,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
