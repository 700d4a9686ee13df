import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../../build/siteContent'
import { urls } from '../../../urls'

export async function onBeforePrerenderStart() {
  const { posts } = siteContent(await getGlobalContext())
  return posts.map((post) => urls.post(post.slug))
}
