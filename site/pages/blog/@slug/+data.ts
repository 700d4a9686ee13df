import { render } from 'vike/abort'
import { collections } from '../../../content/collections'
import { siteContent } from '../../../content/siteContent'
import { imageFor } from '../../../content/imageFor'
import { format } from '../../../content/ui'
import { pageData } from '../../pageData'
import { newsletterForm } from '../../newsletterForm'

export const data = pageData(async (pageContext) => {
  const content = siteContent(pageContext.globalContext)
  const { postsBySlug, ui } = content
  const post = postsBySlug.get(pageContext.routeParams.slug ?? '')
  if (!post) throw render(404)
  const next = post.next ? postsBySlug.get(post.next) : undefined
  return {
    ui: ui.blog,
    breadcrumbUi: ui.breadcrumb,
    post: {
      slug: post.slug,
      title: post.title,
      description: post.description,
      date: post.date,
      image: post.image,
      html: await post.html,
      imageAlt: post.imageAlt,
      readTime: format(ui.blog.minRead, { minutes: post.readTime }),
    },
    image: imageFor(content, post.image),
    /** The image the page is shared with (+head.ts): the collection's `card`, which is what gets a card drawn. */
    card: collections.posts.card?.(post),
    next: next && { slug: next.slug, title: next.title },
    newsletter: { title: ui.blog.newsletterTitle, text: ui.blog.newsletterText, form: newsletterForm(ui) },
  }
})

export type Data = Awaited<ReturnType<typeof data>>
