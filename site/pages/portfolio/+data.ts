import { getContent } from '../../content'
import { urls } from '../../urls'
import { portfolioProps } from '../cards'

export async function data() {
  const content = await getContent()
  const { ui } = content
  return {
    head: { title: ui.portfolio.metaTitle, description: ui.portfolio.metaDescription, path: urls.portfolio },
    ui: ui.portfolio,
    breadcrumbUi: ui.breadcrumb,
    portfolio: portfolioProps(content),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
