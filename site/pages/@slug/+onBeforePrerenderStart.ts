import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../content/siteContent'
import { urls } from '../../../contract/urls'

export async function onBeforePrerenderStart() {
  const { legal } = siteContent(await getGlobalContext())
  return legal.map((page) => urls.legal(page.slug))
}
