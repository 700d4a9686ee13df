import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../build/siteContent'

export async function onBeforePrerenderStart() {
  const { posts } = siteContent(await getGlobalContext())
  return posts.map((post) => `/blog/${post.slug}`)
}
