import { siteContent } from '../../content/siteContent'
import type { IslandProps } from '../../islands/registry'
import { urls } from '../../../contract/urls'
import { postCard } from '../cards'
import { pageData } from '../pageData'

export const data = pageData(async (pageContext) => {
  const content = siteContent(pageContext.globalContext)
  const { ui, posts } = content
  const { newsletterEmailLabel, newsletterPlaceholder, subscribe, subscribing } = ui.blog
  return {
    head: { title: ui.blog.metaTitle, description: ui.blog.metaDescription, path: urls.blog },
    ui: ui.blog,
    breadcrumbUi: ui.breadcrumb,
    posts: posts.map((post) => postCard(content, post)),
    newsletter: { labels: { newsletterEmailLabel, newsletterPlaceholder, subscribe, subscribing, ...ui.newsletter } } satisfies IslandProps<'newsletter'>,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
