import { articleJsonLd } from '../../jsonLd'
import { pageHead } from '../../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ post, card }, content) => ({
  title: post.title,
  description: post.description,
  image: card,
  type: 'article',
  jsonLd: [articleJsonLd(content, post)],
}))
