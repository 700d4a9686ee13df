import { siteContent } from '../../content/siteContent'
import { postCard } from '../cards'
import { pageData } from '../pageData'
import { newsletterForm } from '../newsletterForm'

export const data = pageData(async (pageContext) => {
  const content = siteContent(pageContext.globalContext)
  const { ui, posts } = content
  return {
    ui: ui.blog,
    breadcrumbUi: ui.breadcrumb,
    posts: posts.map((post) => postCard(content, post)),
    newsletter: { title: ui.blog.newsletterTitle, text: ui.blog.newsletterText, form: newsletterForm(ui) },
  }
})

export type Data = Awaited<ReturnType<typeof data>>
