import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../build/siteContent'
import { urls } from '../../urls'

export async function onBeforePrerenderStart() {
  const { legal } = siteContent(await getGlobalContext())
  return legal.map((page) => urls.legal(page.slug))
}
