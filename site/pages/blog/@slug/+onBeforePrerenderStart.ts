import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../../content/siteContent'
import { urls } from '../../../../contract/urls'

export async function onBeforePrerenderStart() {
  const { posts } = siteContent(await getGlobalContext())
  return posts.map((post) => urls.post(post.slug))
}
