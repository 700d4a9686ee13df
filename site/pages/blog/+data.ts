import type { PageContextServer } from 'vike/types'
import { siteContent } from '../../build/siteContent'
import { postCard } from '../cards'

export async function data(pageContext: PageContextServer) {
  const content = siteContent(pageContext.globalContext)
  const { ui, posts } = content
  return {
    head: { title: ui.blog.metaTitle, description: ui.blog.metaDescription, path: '/blog' },
    content,
    ui: ui.blog,
    breadcrumbUi: ui.breadcrumb,
    posts: posts.map((post) => postCard(content, post)),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
