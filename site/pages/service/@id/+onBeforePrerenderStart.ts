import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../../build/siteContent'
import { urls } from '../../../urls'

export async function onBeforePrerenderStart() {
  const { services } = siteContent(await getGlobalContext())
  return services.map((service) => urls.service(service.id))
}
