import { getContent } from '../../../content'
import { urls } from '../../../urls'

export async function onBeforePrerenderStart() {
  const { posts } = await getContent()
  return posts.map((post) => urls.post(post.slug))
}
