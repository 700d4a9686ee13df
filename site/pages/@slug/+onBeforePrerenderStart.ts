import { getContent } from '../../content'

export async function onBeforePrerenderStart() {
  const { legal } = await getContent()
  return legal.map((page) => `/${page.slug}`)
}
