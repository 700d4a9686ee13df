import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../build/siteContent'

export async function onBeforePrerenderStart() {
  const { legal } = siteContent(await getGlobalContext())
  return legal.map((page) => `/${page.slug}`)
}
