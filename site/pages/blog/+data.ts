import { getContent } from '../../content'
import { urls } from '../../urls'
import { postCard } from '../cards'

export async function data() {
  const content = await getContent()
  const { ui, posts } = content
  return {
    head: { title: ui.blog.metaTitle, description: ui.blog.metaDescription, path: urls.blog },
    content,
    ui: ui.blog,
    breadcrumbUi: ui.breadcrumb,
    posts: posts.map((post) => postCard(content, post)),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
