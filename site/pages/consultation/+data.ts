import type { PageContextServer } from 'vike/types'
import { siteContent } from '../../content/siteContent'
import { urls } from '../../../contract/urls'

export async function data(pageContext: PageContextServer) {
  const { ui, closedDays } = siteContent(pageContext.globalContext)
  return {
    head: { title: ui.consultation.title, description: ui.consultation.description, path: urls.consultation },
    ui: ui.consultation,
    closedDays,
    breadcrumbUi: ui.breadcrumb,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
