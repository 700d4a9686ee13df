import { getContent } from '../../content'
import { urls } from '../../urls'

export async function onBeforePrerenderStart() {
  const { legal } = await getContent()
  return legal.map((page) => urls.legal(page.slug))
}
