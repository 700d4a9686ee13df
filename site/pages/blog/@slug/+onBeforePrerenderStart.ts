import { getContent } from '../../../content'

export async function onBeforePrerenderStart() {
  const { posts } = await getContent()
  return posts.map((post) => `/blog/${post.slug}`)
}
