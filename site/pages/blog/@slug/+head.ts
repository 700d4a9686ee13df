import { articleJsonLd } from '../../jsonLd'
import { pageHead } from '../../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ post }, content) => ({
  title: post.title,
  description: post.description,
  image: post.image,
  type: 'article',
  jsonLd: [articleJsonLd(content, post)],
}))
